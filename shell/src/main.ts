import { getInstance, loadRemote, registerGlobalPlugins, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@thalir/contracts';
import { remoteLoadTimeoutPlugin, sharedContractPlugin } from './remotes/federation-plugins';
import { remoteLoadTimeout, setRemoteLoadTimeout } from './remotes/remote-load-timeout';
import { rememberRemoteEntry } from './remotes/shared-contract';

/**
 * The shell's own screens and the back office (app/app.tsx); every other address is the storefront's.
 * The back office is left to app.tsx, which loads it for admins only.
 */
const NOT_STOREFRONT = /^\/(admin|login|register|forgot-password|reset-password|profile|faq)(\/|$)/;

/**
 * The longest the app waits for the home page's code while home.html's first paint is on show. Past
 * it, a slow storefront gets the shell's own loading state and time-out handling (RemoteRoutes),
 * rather than a page whose header has no links yet.
 */
const FIRST_PAINT_WAIT_MS = 5000;

/** The shell's name in Module Federation (shell/webpack.config.js). */
const SHELL_FEDERATION_NAME = 'shell';

/**
 * The server names each remote's mf-manifest.json (or its remoteEntry.js). A remote's build writes
 * both side by side; loading remoteEntry.js directly saves a round trip, and the runtime is built
 * without the code that reads manifests (disableSnapshot in tools/webpack/create-config.js).
 */
function remoteEntry(url: string): string {
  return url.replace(/mf-manifest\.json(?=$|[?#])/, 'remoteEntry.js');
}

/**
 * Where the remotes live is learnt at run time from /remotes.json, written by the server from
 * its configuration, so a remote can move or be redeployed without rebuilding the shell.
 */
async function registerRemotesFromServer(): Promise<void> {
  try {
    const response = await fetch('/remotes.json');
    const { timeoutMs, ...remotes } = (await response.json()) as RemotesManifest;
    setRemoteLoadTimeout(timeoutMs);
    const entries = Object.entries(remotes).map(([name, entry]) => ({ name, entry: remoteEntry(entry) }));
    entries.forEach(({ name, entry }) => rememberRemoteEntry(name, entry));
    registerRemotes(entries);
  } catch (error) {
    // Without the manifest only the remotes' routes fail; the shell still renders its fallback.
    console.error('Could not read /remotes.json', error);
  }
}

/**
 * A storefront page's code starts loading as soon as the remotes are known, alongside React;
 * RemoteRoutes later gets the same module. Settles when the opened screen's code is there. A failure
 * here is the one RemoteRoutes shows with its Retry when it renders, so it is not reported twice.
 */
async function loadStorefrontScreen(): Promise<void> {
  if (NOT_STOREFRONT.test(window.location.pathname)) return;
  try {
    const routes = await loadRemote<{ screenReady?: Promise<void> }>('storefront_mfe/Routes');
    await routes?.screenReady;
  } catch {
    // Reported by RemoteRoutes.
  }
}

/**
 * The shell's instance loads the remotes' entries (its time-out applies there); every remote's own
 * instance, made as its entry runs, gets the shared-library check.
 */
function registerFederationPlugins(): void {
  registerPlugins([remoteLoadTimeoutPlugin()]);
  registerGlobalPlugins([sharedContractPlugin(SHELL_FEDERATION_NAME, () => getInstance()?.shareScopeMap.default)]);
}

async function start(): Promise<void> {
  registerFederationPlugins();
  const remotesRegistered = registerRemotesFromServer();
  // Setting up the shared modules for the app's chunks takes as long as this script's own start
  // (the federation runtime): two tasks instead of one long one keep the page responsive between.
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  const storefrontScreen = remotesRegistered.then(loadStorefrontScreen);
  // React and the shell download while /remotes.json is read.
  const { renderApp } = await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
  await remotesRegistered;
  // home.html already shows the home page's first paint (#root[data-first-paint]): React renders
  // once the home page's code is there, so its first render replaces the static hero in one go,
  // without a loading spinner in between.
  if (document.getElementById('root')?.hasAttribute('data-first-paint')) {
    const waitMs = Math.min(FIRST_PAINT_WAIT_MS, remoteLoadTimeout());
    await Promise.race([storefrontScreen, new Promise((resolve) => window.setTimeout(resolve, waitMs))]);
  }
  renderApp();
}

void start();
