import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config';

/**
 * docs/configuration.md's table "Variables the API reads" must name exactly the variables
 * loadConfig reads: a new variable without a row, or a row for a variable the code dropped, fails.
 */
const SOURCE = readFileSync(join(__dirname, 'app-config.ts'), 'utf8');
const DOC = readFileSync(join(__dirname, '../../../docs/configuration.md'), 'utf8');
const TABLE_HEADING = '## Variables the API reads';

const NAME = '[A-Z][A-Z0-9_]*';
/** Every way app-config.ts names a variable: text(env, 'X'), flag(env, 'X'), whole('X', …), env.X. */
const READ_PATTERNS = [
  new RegExp(`\\btext\\(env, '(${NAME})'\\)`, 'g'),
  new RegExp(`\\bflag\\(env, '(${NAME})'\\)`, 'g'),
  new RegExp(`\\bwhole\\('(${NAME})',`, 'g'),
  new RegExp(`\\bdecimal\\('(${NAME})',`, 'g'),
  new RegExp(`\\benv\\.(${NAME})\\b`, 'g'),
  new RegExp(`\\benv\\[['"](${NAME})['"]\\]`, 'g'),
];

function namesInSource(source: string): Set<string> {
  const names = new Set<string>();
  for (const pattern of READ_PATTERNS) for (const match of source.matchAll(pattern)) names.add(match[1]);
  return names;
}

/** The variables named (in backticks) in the first column of the table under TABLE_HEADING. */
function namesInDoc(doc: string): Set<string> {
  const start = doc.indexOf(`\n${TABLE_HEADING}\n`);
  if (start < 0) throw new Error(`docs/configuration.md has no "${TABLE_HEADING}" section`);
  const rest = doc.slice(start + TABLE_HEADING.length + 2);
  const end = rest.search(/\n## /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const names = new Set<string>();
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  for (const row of rows.slice(2)) {
    const firstCell = row.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(new RegExp(`\`(${NAME})\``, 'g'))) names.add(match[1]);
  }
  return names;
}

/** The variables loadConfig looks up when it runs, recorded through a proxy over a valid environment. */
function namesReadAtRunTime(): Set<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'thalir-config-doc-'));
  const base: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) };
  const read = new Set<string>();
  const env = new Proxy(base, {
    get(target, key) {
      if (typeof key === 'string' && new RegExp(`^${NAME}$`).test(key)) read.add(key);
      return typeof key === 'string' ? target[key] : undefined;
    },
  });
  try {
    loadConfig(env);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return read;
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('docs/configuration.md', () => {
  const inSource = namesInSource(SOURCE);
  const inDoc = namesInDoc(DOC);

  it('finds the variables in app-config.ts and in the table', () => {
    // Guards against patterns or a table that silently match nothing.
    expect(inSource.size).toBeGreaterThan(40);
    expect(inDoc.size).toBeGreaterThan(40);
  });

  it('sees every variable loadConfig reads (else READ_PATTERNS miss a form app-config.ts uses)', () => {
    const missed = sorted(namesReadAtRunTime()).filter((name) => !inSource.has(name));
    expect(missed).toEqual([]);
  });

  it('lists every variable the API reads', () => {
    const undocumented = sorted(inSource).filter((name) => !inDoc.has(name));
    expect(undocumented).toEqual([]);
  });

  it('lists no variable the API no longer reads', () => {
    const stale = sorted(inDoc).filter((name) => !inSource.has(name));
    expect(stale).toEqual([]);
  });
});
