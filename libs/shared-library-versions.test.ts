import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The versions of the shared libraries are the contract between the shell and the remotes (see
 * tools/webpack/shared-contract.js): a remote built against 1.4 needs 1.4 or later of the same major.
 * Each library records, per version, the names it exports (exports.json). Removing or renaming an
 * export breaks remotes built against the old version: it needs a new major. A new export needs at
 * least a new minor, so that a remote using it is not served an older copy without it.
 * (Types and stored data are not seen here: a breaking change to those needs a major too.)
 */
const LIBS = ['auth', 'cart', 'api-client', 'ui'];

type ExportsHistory = Record<string, string[]>;

const major = (version: string) => Number(version.split('.')[0]);
const read = <T>(file: string): T => JSON.parse(readFileSync(join(__dirname, file), 'utf8')) as T;

describe.each(LIBS)('@thalir/%s', (lib) => {
  const { version } = read<{ version: string }>(`${lib}/package.json`);
  const history = read<ExportsHistory>(`${lib}/exports.json`);
  const versions = Object.keys(history);
  const [previous, latest] = versions.slice(-2).length === 2 ? versions.slice(-2) : [undefined, versions.at(-1)!];

  it('records the names it exports under its current version', () => {
    const exported = Object.keys(jest.requireActual(join(__dirname, lib, 'src/index.ts'))).sort();
    const message = `libs/${lib}/exports.json must end with "${version}": ${JSON.stringify(exported)} (bump libs/${lib}/package.json first if the exports changed)`;
    if (latest !== version || JSON.stringify(history[latest]) !== JSON.stringify(exported)) throw new Error(message);
  });

  it('bumps the major when an export goes, and at least the minor when one comes', () => {
    if (!previous) return;
    const removed = history[previous].filter((name) => !history[latest].includes(name));
    const added = history[latest].filter((name) => !history[previous].includes(name));
    if (removed.length > 0) expect({ removed, major: major(latest) }).toEqual({ removed, major: major(previous) + 1 });
    if (added.length > 0) expect(latest.split('.').slice(0, 2).join('.')).not.toBe(previous.split('.').slice(0, 2).join('.'));
  });
});
