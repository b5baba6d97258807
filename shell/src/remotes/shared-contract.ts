/**
 * Remotes whose needs the page's shared libraries do not meet. A remote records in its build the
 * range it needs of each shared workspace library (tools/webpack/shared-contract.js); when it joins
 * the page, federation-plugins.ts compares the ranges of the stateful singletons (auth, cart) with
 * the copies the shell already runs. Such a remote must not run on them: its routes show the
 * fallback naming the mismatch (RemoteRoutes), and staff see the report (/api/client-errors).
 *
 * Loaded by main.ts before React: it imports nothing shared.
 */
export interface SharedLibraryMismatch {
  /** The remote's federation name, e.g. storefront_mfe. */
  remote: string;
  library: string;
  /** The range the remote was built to need. */
  required: string;
  /** The versions the page runs (the shell's). */
  available: string[];
}

/** Where the report goes: the API records it for staff (rate-limited there). */
export const CLIENT_ERRORS_PATH = '/api/client-errors';

const mismatches = new Map<string, SharedLibraryMismatch[]>();
const remoteEntries = new Map<string, string>();

/** The entry URL each remote was registered with, so a report names the release that was loaded. */
export function rememberRemoteEntry(remote: string, entry: string): void {
  remoteEntries.set(remote, entry);
}

export function describeMismatch({ library, required, available }: SharedLibraryMismatch): string {
  const has = available.length > 0 ? available.join(', ') : 'none';
  return `it needs ${library} ${required}, and this page has ${has}`;
}

export function recordMismatch(mismatch: SharedLibraryMismatch): void {
  const known = mismatches.get(mismatch.remote) ?? [];
  if (known.some((m) => m.library === mismatch.library)) return;
  mismatches.set(mismatch.remote, [...known, mismatch]);
  console.error(`${mismatch.remote} cannot run on this page: ${describeMismatch(mismatch)}`);
  void reportMismatch(mismatch);
}

export function mismatchesOf(remote: string): SharedLibraryMismatch[] {
  return mismatches.get(remote) ?? [];
}

async function reportMismatch(mismatch: SharedLibraryMismatch): Promise<void> {
  try {
    await fetch(CLIENT_ERRORS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      keepalive: true,
      body: JSON.stringify({
        kind: 'shared-library-mismatch',
        app: mismatch.remote,
        message: `${mismatch.remote}: ${describeMismatch(mismatch)}`,
        page: window.location.pathname,
        details: { library: mismatch.library, required: mismatch.required, available: mismatch.available, entry: remoteEntries.get(mismatch.remote) ?? null },
      }),
    });
  } catch {
    // A report that cannot be sent changes nothing for the visitor.
  }
}

/** Thrown instead of running a remote on shared libraries it was not built for. */
export class SharedLibraryMismatchError extends Error {
  constructor(readonly mismatches: SharedLibraryMismatch[]) {
    super(`${mismatches[0].remote} cannot run on this page: ${mismatches.map(describeMismatch).join('; ')}`);
    this.name = 'SharedLibraryMismatchError';
  }
}
