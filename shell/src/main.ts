import { getInstance, loadRemote, registerGlobalPlugins, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@thalir/contracts';
import { appAt, splitLanguage } from '@thalir/pages';
import { remoteLoadTimeoutPlugin, sharedContractPlugin } from './remotes/federation-plugins';
import { provideFederationRuntime } from './remotes/federation-runtime';
import { setRemoteLoadTimeout } from './remotes/remote-load-timeout';
import { rememberRemoteEntry } from './remotes/shared-contract';

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
 * A storefront page's code starts loading as soon as the remotes are known, alongside React (the
 * routes module starts the opened screen's own chunk); RemoteRoutes later gets the same module. The
 * shell's own pages and the back office (which app.tsx loads for staff only) do not need it. A
 * failure here is the one RemoteRoutes shows with its Retry when it renders, so it is not reported twice.
 */
function startLoadingStorefront(): void {
  if (appAt(window.location.pathname) !== 'storefront') return;
  loadRemote('storefront_mfe/Routes').catch(() => undefined);
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
  provideFederationRuntime();
  registerFederationPlugins();
  const remotesRegistered = registerRemotesFromServer();
  // Setting up the shared modules for the app's chunks takes as long as this script's own start
  // (the federation runtime): two tasks instead of one long one keep the page responsive between.
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  void remotesRegistered.then(startLoadingStorefront);
  // The header's and footer's messages in the page's language, React and the shell download while
  // /remotes.json is read.
  const { language } = splitLanguage(window.location.pathname);
  const shellMessages = import(/* webpackChunkName: "messages-shell-[request]" */ `./locales/${language}.po`);
  const { loadShellMessages, renderApp } = await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
  loadShellMessages(language, (await shellMessages).messages);
  await remotesRegistered;
  // A server-rendered page is already on show: React takes it over (hydrates) part by part as each
  // part's code arrives, without replacing what the visitor sees.
  renderApp();
}

void start();
