/** The spec's time-out for lazily loaded scripts. */
export const REMOTE_LOAD_TIMEOUT_MS = 120_000;

let configuredTimeoutMs = REMOTE_LOAD_TIMEOUT_MS;

/**
 * The server may shorten the time-out through /remotes.json. main.ts sets it before React loads,
 * so this module must import nothing shared (Module Federation forbids eager shared imports there).
 */
export function setRemoteLoadTimeout(timeoutMs: unknown): void {
  if (typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0) configuredTimeoutMs = timeoutMs;
}

export function remoteLoadTimeout(): number {
  return configuredTimeoutMs;
}
