// What a built chunk is made of: its source map's mappings give every generated character a source
// file, which we group by npm package or workspace project.
import { existsSync, readFileSync } from 'node:fs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...BASE64].map((char, index) => [char, index]));

function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT[char];
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Generated characters per source file (plus '(unmapped)' for code no source claims). */
export function charactersBySource(code, map) {
  const totals = new Map();
  const add = (name, count) => count > 0 && totals.set(name, (totals.get(name) ?? 0) + count);
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((mappingLine, lineIndex) => {
    const lineLength = lines[lineIndex]?.length ?? 0;
    let column = 0;
    const segments = [];
    for (const raw of mappingLine.split(',')) {
      if (!raw) continue;
      const fields = decodeVlq(raw);
      column += fields[0];
      if (fields.length >= 4) source += fields[1];
      segments.push({ column, source: fields.length >= 4 ? source : null });
    }
    let covered = 0;
    segments.forEach((segment, i) => {
      const end = i + 1 < segments.length ? segments[i + 1].column : lineLength;
      add(segment.source === null ? '(unmapped)' : map.sources[segment.source], end - segment.column);
      covered += end - segment.column;
    });
    add('(unmapped)', lineLength - covered);
  });
  return totals;
}

/** npm package, workspace project or webpack/Module Federation runtime a source path belongs to. */
export function owningPackage(sourcePath) {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(sourcePath);
  if (modules) return modules[1];
  const lib = /(?:^|\/)libs\/([^/]+)\//.exec(sourcePath);
  if (lib) return `@thalir/${lib[1]} (libs)`;
  const inProject = /^webpack:\/\/([^/]+)\/(.*)$/.exec(sourcePath);
  if (inProject && /^(webpack\/|\(webpack\))/.test(inProject[2])) return 'webpack runtime';
  if (inProject && /^(\.\/)?src\//.test(inProject[2])) return `${inProject[1]} src`;
  return sourcePath === '(unmapped)' ? '(unmapped)' : 'other';
}

/** Characters per package for one built file with a `.map` next to it, or null without a map. */
export function packageShares(file) {
  if (!existsSync(`${file}.map`)) return null;
  const code = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const byPackage = new Map();
  for (const [source, characters] of charactersBySource(code, map)) {
    const owner = owningPackage(source);
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + characters);
  }
  return byPackage;
}
