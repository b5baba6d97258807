import * as core from '@module-federation/runtime-core';

/** The global a remote built with Module Federation's `externalRuntime` reads its runtime-core from. */
export const FEDERATION_RUNTIME_GLOBAL = '_FEDERATION_RUNTIME_CORE';

/**
 * What of runtime-core a remote's entry uses (the imports of @module-federation/runtime and its
 * helpers; federation-runtime.test.ts reads them off the installed package). Each by name, never
 * the namespace as a whole: the shell keeps its tree-shaken copy, and the names cost it 0.1 KB gzip.
 */
export const FEDERATION_RUNTIME_CORE = {
  assert: core.assert,
  CurrentGlobal: core.CurrentGlobal,
  getGlobalFederationConstructor: core.getGlobalFederationConstructor,
  getRemoteEntry: core.getRemoteEntry,
  getRemoteInfo: core.getRemoteInfo,
  helpers: core.helpers,
  loadScript: core.loadScript,
  loadScriptNode: core.loadScriptNode,
  Module: core.Module,
  ModuleFederation: core.ModuleFederation,
  registerGlobalPlugins: core.registerGlobalPlugins,
  satisfy: core.satisfy,
  setGlobalFederationConstructor: core.setGlobalFederationConstructor,
  setGlobalFederationInstance: core.setGlobalFederationInstance,
};

/**
 * Hands the remotes the shell's own federation runtime before any remote's entry runs, so each
 * entry does not bring a second copy (about 10 KB gzip on every storefront page). The remotes'
 * builds declare that they need it (tools/webpack/shared-contract.js), and a release of a remote
 * whose need the live shell does not meet is refused (docs/releases.md).
 */
export function provideFederationRuntime(): void {
  (globalThis as Record<string, unknown>)[FEDERATION_RUNTIME_GLOBAL] = FEDERATION_RUNTIME_CORE;
}
