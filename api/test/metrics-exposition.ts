/** Reading Prometheus' text format in tests: samples by name and labels, and the names exported. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_]\w*)="((?:\\.|[^"\\])*)"/g;

export function parseExposition(text: string): { samples: Sample[]; names: Set<string> } {
  const samples: Sample[] = [];
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const declared = /^# (?:HELP|TYPE) ([a-zA-Z_:][\w:]*) /.exec(line);
    if (declared) names.add(declared[1]);
    const match = SAMPLE_LINE.exec(line);
    if (!match || line.startsWith('#')) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, key, value]) => [key, value]));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
    names.add(match[1]);
  }
  return { samples, names };
}

/** The value of the one sample with this name carrying (at least) these labels; 0 when there is none. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const matching = parseExposition(text).samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (matching.length > 1) throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matching[0]?.value ?? 0;
}
