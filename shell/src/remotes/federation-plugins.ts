import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { satisfy } from '@module-federation/enhanced/runtime';
import { remoteLoadTimeout } from './remote-load-timeout';
import { recordMismatch } from './shared-contract';

/**
 * The federation runtime gives up on a remote's entry script after its own 20 s (createScript in
 * @module-federation/sdk), whatever the page was told. Scripts it creates wait as long as the shell
 * does for a remote (REMOTE_LOAD_TIMEOUT_MS, the spec's 120 000 ms by default, via /remotes.json).
 */
export function remoteLoadTimeoutPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'thalir-remote-load-timeout',
    createScript: () => ({ timeout: remoteLoadTimeout() }),
  };
}

type ShareScope = Record<string, Record<string, { from?: string; loaded?: boolean; lib?: unknown }>>;

/**
 * Registered for every federation instance on the page (registerGlobalPlugins), so it sees each remote
 * declare what it shares as the remote's entry starts. A remote that needs a stateful singleton in a
 * range the shell's copy does not satisfy is recorded (shared-contract.ts); stateless libraries are not
 * singletons, and the runtime gives such a remote its own copy by itself.
 */
export function sharedContractPlugin(hostName: string, hostShareScope: () => ShareScope | undefined): ModuleFederationRuntimePlugin {
  return {
    name: 'thalir-shared-contract',
    beforeRegisterShare(args) {
      const { origin, pkgName, shared } = args;
      const { singleton, requiredVersion } = shared.shareConfig ?? {};
      if (origin.name === hostName || !singleton || typeof requiredVersion !== 'string') return args;
      const hostVersions = Object.entries(hostShareScope()?.[pkgName] ?? {})
        .filter(([, entry]) => entry.from === hostName)
        .map(([version]) => version);
      if (hostVersions.length > 0 && !hostVersions.some((version) => satisfy(version, requiredVersion))) {
        recordMismatch({ remote: origin.name, library: pkgName, required: requiredVersion, available: hostVersions });
      }
      return args;
    },
  };
}
