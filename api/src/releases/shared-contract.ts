import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { satisfies } from 'semver';

/** One shared module as a build declares it (tools/webpack/shared-contract.js writes them). */
export interface SharedModuleContract {
  version: string;
  requiredVersion: string | false;
  singleton: boolean;
  /** The build carries no copy of its own: without the shell's, it cannot run (the federation runtime). */
  external?: boolean;
}

/** `shared-libraries.json` beside a build: what it shares and what it needs of the page. */
export interface BuildContract {
  app: string;
  version: string;
  shared: Record<string, SharedModuleContract>;
}

export interface UnmetRequirement {
  /** The app whose need is not met. */
  app: string;
  library: string;
  required: string;
  /** The version the shell provides; null when it provides none. */
  provided: string | null;
}

export const CONTRACT_FILE = 'shared-libraries.json';

/** The contract of a build folder; null for a build made before builds recorded one. */
export function readBuildContract(dir: string): BuildContract | null {
  const file = join(dir, CONTRACT_FILE);
  if (!existsSync(file)) return null;
  const contract = JSON.parse(readFileSync(file, 'utf8')) as BuildContract;
  return contract && typeof contract.shared === 'object' ? contract : null;
}

/**
 * What a remote needs that the shell does not provide in range. Only singletons count: the page runs
 * the shell's copy of those, whereas for any other shared module the runtime gives the remote its own
 * copy. A singleton the shell does not share at all leaves the remote its own copy too, unless the
 * remote was built without one (`external`: the federation runtime), which the shell must then provide.
 */
export function unmetRequirements(shell: BuildContract, remote: BuildContract, remoteApp: string = remote.app): UnmetRequirement[] {
  const unmet: UnmetRequirement[] = [];
  for (const [library, need] of Object.entries(remote.shared)) {
    if (!need.singleton || typeof need.requiredVersion !== 'string') continue;
    const provided = shell.shared[library]?.version ?? null;
    if (provided === null ? need.external === true : !satisfies(provided, need.requiredVersion)) {
      unmet.push({ app: remoteApp, library, required: need.requiredVersion, provided });
    }
  }
  return unmet;
}

export function describeUnmet({ app, library, required, provided }: UnmetRequirement): string {
  return `${app} needs ${library} ${required}, and the shell has ${provided ?? 'none'}`;
}
