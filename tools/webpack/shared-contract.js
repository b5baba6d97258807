// The contract between the shell and the remotes: the workspace libraries each build shares, with
// the version it carries and the range it needs from whatever copy the page already has.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { sources } = require('webpack');

const workspaceRoot = path.resolve(__dirname, '../..');

/**
 * auth and cart hold state (a module-level store over localStorage `token`, `role`, `cart`): one copy
 * per page, so they are singletons, and a remote whose range the page's copy does not meet cannot
 * run (the shell shows its fallback naming the mismatch). ui and api-client hold none worth sharing:
 * a remote whose range is not met falls back to its own copy.
 */
const STATEFUL_LIBS = new Set(['auth', 'cart']);
const SHARED_LIBS = ['auth', 'cart', 'api-client', 'ui'];

const readVersion = (dir) => JSON.parse(readFileSync(path.join(workspaceRoot, dir, 'package.json'), 'utf8')).version;

/**
 * Module Federation `shared` entries for the workspace libraries. `requiredVersion` is the caret range
 * of the version this build carries: the same major, at least this minor (a remote built against
 * features added in 1.3 needs 1.3 or later).
 */
function sharedLibraryModules(libAliases) {
  return Object.fromEntries(
    SHARED_LIBS.map((lib) => {
      const version = readVersion(`libs/${lib}`);
      return [`@thalir/${lib}`, { singleton: STATEFUL_LIBS.has(lib), requiredVersion: `^${version}`, version, import: libAliases[`@thalir/${lib}`] }];
    }),
  );
}

/** The federation runtime the shell hands the remotes (shell/src/remotes/federation-runtime.ts). */
const FEDERATION_RUNTIME = '@module-federation/runtime-core';

/**
 * The federation runtime in the contract, beside the shared modules: the shell provides its copy to
 * the page; a remote, built without one of its own (`externalRuntime`), needs it in the caret range of
 * the version it was built with, and `external` says that without it the remote cannot run.
 */
function federationRuntimeContract(isHost) {
  const version = readVersion(`node_modules/${FEDERATION_RUNTIME}`);
  const contract = isHost ? { version, requiredVersion: false, singleton: true } : { version, requiredVersion: `^${version}`, singleton: true, external: true };
  return { [FEDERATION_RUNTIME]: contract };
}

/**
 * Writes `shared-libraries.json` beside the build: the app, its version and, for every shared module,
 * the version it provides and the range it requires. Releases record it; promote and the API's
 * release switch check a remote's ranges against the live shell's versions with it.
 */
class SharedContractPlugin {
  constructor({ project, shared, isHost }) {
    this.project = project;
    this.shared = shared;
    this.isHost = isHost;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SharedContractPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedContractPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const shared = Object.fromEntries(
          Object.entries(this.shared).map(([name, config]) => [
            name,
            { version: config.version, requiredVersion: config.requiredVersion, singleton: Boolean(config.singleton) },
          ]),
        );
        const contract = { app: this.project, version: readVersion(this.project), shared: { ...shared, ...federationRuntimeContract(this.isHost) } };
        compilation.emitAsset('shared-libraries.json', new sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`));
      });
    });
  }
}

module.exports = { SharedContractPlugin, sharedLibraryModules, STATEFUL_LIBS };
