// Result rows, the printed table and bench/results.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A section's prerequisite (an endpoint, a database, a build) is missing: report it and go on. */
export class SkipError extends Error {}

const UNIT_FORMAT = {
  'req/s': (v) => `${Math.round(v).toLocaleString('en-US')} req/s`,
  'orders/s': (v) => `${v.toFixed(1)} orders/s`,
  ms: (v) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`,
  s: (v) => `${v.toFixed(2)} s`,
  KB: (v) => `${v.toFixed(1)} KB`,
  score: (v) => String(Math.round(v)),
  count: (v) => String(v),
  fraction: (v) => v.toFixed(3),
};

export function formatValue(value, unit) {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return (UNIT_FORMAT[unit] ?? ((v) => `${v} ${unit}`))(value);
}

/**
 * One measured figure. `goal` is `{ on: 'measured' | 'ratio', op: '>=' | '<=', value }`; without a
 * goal the row is informational. `ratio` is measured / reference.
 */
export function measuredRow({ section, benchmark, measured, unit, reference = null, referenceLabel = '', goal = null, note = '', details }) {
  const ratio = measured !== null && measured !== undefined && reference ? measured / reference : null;
  let status = 'info';
  if (goal) {
    const subject = goal.on === 'ratio' ? ratio : measured;
    const met = subject !== null && (goal.op === '>=' ? subject >= goal.value : subject <= goal.value);
    status = met ? 'pass' : 'fail';
  }
  return {
    section,
    benchmark,
    measured,
    unit,
    reference,
    referenceLabel,
    ratio,
    goal,
    goalText: goalText(goal, unit),
    status,
    note,
    ...(details ? { details } : {}),
  };
}

export function skippedRow(section, benchmark, reason) {
  return {
    section,
    benchmark,
    measured: null,
    unit: '',
    reference: null,
    referenceLabel: '',
    ratio: null,
    goal: null,
    goalText: '',
    status: 'skipped',
    note: reason,
  };
}

function goalText(goal, unit) {
  if (!goal) return '';
  const op = goal.op === '>=' ? '≥' : '≤';
  return goal.on === 'ratio' ? `ratio ${op} ${goal.value.toFixed(2)}` : `${op} ${formatValue(goal.value, unit)}`;
}

function statusText(row) {
  if (row.status === 'skipped') return `skipped: ${row.note}`;
  if (row.status === 'info') return row.note ? `info (${row.note})` : 'info';
  return row.note ? `${row.status.toUpperCase()} (${row.note})` : row.status.toUpperCase();
}

export function tableLines(rows) {
  const header = ['benchmark', 'measured', 'reference (bare/raw)', 'ratio', 'goal', 'pass/fail'];
  const body = rows.map((row) => [
    `${row.section}: ${row.benchmark}`,
    formatValue(row.measured, row.unit),
    row.reference === null ? '' : `${formatValue(row.reference, row.unit)}${row.referenceLabel ? ` ${row.referenceLabel}` : ''}`,
    row.ratio === null ? '' : row.ratio.toFixed(2),
    row.goalText,
    statusText(row),
  ]);
  return { header, body };
}

export function printTable(rows) {
  const { header, body } = tableLines(rows);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const cells of body) console.log(line(cells));
}

/** The same table as Markdown, for the README. */
export function markdownTable(rows) {
  const { header, body } = tableLines(rows);
  const escape = (cell) => cell.replace(/\|/g, '\\|');
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...body.map((cells) => `| ${cells.map(escape).join(' | ')} |`)].join('\n');
}

export function writeResults(file, payload) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(payload, null, 2)}\n`);
}
