// Each screen loads the catalogues of every feature whose parts it draws (routes.tsx): a part of
// another feature drawn without its catalogue would show message ids in a production build.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const source = __dirname;

/** A relative import's file: `./x` as x.ts, x.tsx or x/index.ts(x). */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

/** The features (src/features/<name>) of every module a screen's module imports, however deep. */
function featuresDrawnBy(entry: string): Set<string> {
  const seen = new Set<string>();
  const features = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const feature = /^features\/([a-z-]+)\//.exec(relative(source, file))?.[1];
    if (feature) features.add(feature);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from '(\.[^']+)'/gm)) {
      const imported = resolveImport(file, specifier);
      if (imported) visit(imported);
    }
  };
  visit(entry);
  return features;
}

describe('the catalogues each screen loads', () => {
  const routes = readFileSync(join(source, 'routes.tsx'), 'utf8');
  const screens = [...routes.matchAll(/screen\(\s*(?:'\w+'|null),\s*'([\w-]+)',\s*\[([^\]]*)\],\s*\(\) => import\([^)]*'(\.\/features\/[^']+)'\)/g)].map(
    ([, chunk, loaded, module]) => ({ chunk, module: resolveImport(join(source, 'routes.tsx'), module)!, loaded: loaded.match(/[a-z-]+/g) ?? [] }),
  );

  it('are named for every screen', () => {
    expect(screens.map((screen) => screen.chunk)).toEqual(expect.arrayContaining(['screen-home', 'screen-checkout', 'screen-not-found']));
  });

  it.each(screens.map((screen) => [screen.chunk, screen]))('%s: those of the features whose code it draws', (_chunk, screen) => {
    expect([...screen.loaded].sort()).toEqual([...featuresDrawnBy(screen.module)].sort());
  });
});
