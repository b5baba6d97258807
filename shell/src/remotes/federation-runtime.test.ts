import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FEDERATION_RUNTIME_CORE, FEDERATION_RUNTIME_GLOBAL, provideFederationRuntime } from './federation-runtime';

/** The runtime-core names the federation runtime bundled into each remote's entry imports. */
function namesTheRemotesImport(): string[] {
  const dist = dirname(require.resolve('@module-federation/runtime'));
  const names = new Set<string>();
  for (const file of readdirSync(dist).filter((name) => name.endsWith('.js'))) {
    const source = readFileSync(join(dist, file), 'utf8');
    for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@module-federation\/runtime-core["']/g)) {
      for (const name of list.split(',')) if (name.trim()) names.add(name.trim().split(/\s+as\s+/)[0]);
    }
  }
  return [...names].sort();
}

describe('the federation runtime the shell hands the remotes', () => {
  it('has every name of runtime-core that a remote entry uses', () => {
    const needed = namesTheRemotesImport();
    expect(needed.length).toBeGreaterThan(10);
    const missing = needed.filter((name) => FEDERATION_RUNTIME_CORE[name as keyof typeof FEDERATION_RUNTIME_CORE] === undefined);
    expect(missing).toEqual([]);
  });

  it('is on the global the remotes read before any of them loads', () => {
    provideFederationRuntime();
    expect((globalThis as Record<string, unknown>)[FEDERATION_RUNTIME_GLOBAL]).toBe(FEDERATION_RUNTIME_CORE);
  });
});
