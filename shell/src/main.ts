import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@thalir/contracts';
import { setRemoteLoadTimeout } from './remotes/remote-load-timeout';

/**
 * Where the remotes live is learnt at run time from /remotes.json, written by the server from
 * its configuration, so a remote can move or be redeployed without rebuilding the shell.
 */
async function start(): Promise<void> {
  try {
    const response = await fetch('/remotes.json', { cache: 'no-cache' });
    const { timeoutMs, ...remotes } = (await response.json()) as RemotesManifest;
    setRemoteLoadTimeout(timeoutMs);
    registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
  } catch (error) {
    // Without the manifest only the remotes' routes fail; the shell still renders its fallback.
    console.error('Could not read /remotes.json', error);
  }
  await import('./bootstrap');
}

void start();
