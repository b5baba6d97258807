// Where the API spent its CPU during a section (`--profile`): self time from a V8 .cpuprofile,
// grouped by npm package / workspace file and by function.
import { readFileSync } from 'node:fs';

function ownerOf(url) {
  if (!url) return '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  if (url.startsWith('node:')) return 'node core';
  // dist/api/{api,libs}/… in the checkout or in the bench's private copy of dist/.
  const built = /\/api\/(api|libs)\/(.+)$/.exec(url);
  return built ? `${built[1]}: ${built[2]}` : url;
}

/** Shares of self time (percent of all samples, idle excluded) by owner and by function. */
export function summariseProfile(file, top = 12) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const hits = new Map(profile.nodes.map((node) => [node.id, 0]));
  for (const sample of profile.samples) hits.set(sample, (hits.get(sample) ?? 0) + 1);
  const byOwner = new Map();
  const byFunction = new Map();
  let busy = 0;
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    const name = node.callFrame.functionName || '(anonymous)';
    if (count === 0 || name === '(idle)' || name === '(program)') continue;
    busy += count;
    const owner = name === '(garbage collector)' ? 'garbage collector' : ownerOf(node.callFrame.url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + count);
    const key = `${name} (${owner}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ''})`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + count);
  }
  const ranked = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, count]) => ({ name, percent: +((100 * count) / busy).toFixed(1) }));
  // Busy share of the whole profile: low means the API mostly waited (database, locks), not computed.
  const busyPercent = +((100 * busy) / Math.max(1, profile.samples.length)).toFixed(1);
  return {
    busySamples: busy,
    busyPercent,
    seconds: +((profile.endTime - profile.startTime) / 1e6).toFixed(1),
    byOwner: ranked(byOwner),
    byFunction: ranked(byFunction),
  };
}
