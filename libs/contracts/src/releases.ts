/** The frontends, released on their own: where the shell finds the remotes, the releases kept, what browsers report. */

/** The JSON the shell fetches at start to learn where each remote lives. */
export interface RemotesManifest {
  storefront_mfe: string;
  admin_mfe: string;
  /** How long the shell waits for a remote before its fallback; the spec's 120000 ms unless configured. */
  timeoutMs?: number;
}

/** The frontends released on their own (GET/PUT /api/admin/releases). */
export type FrontendAppName = 'shell' | 'storefront-mfe' | 'admin-mfe';

export interface FrontendRelease {
  app: FrontendAppName;
  /** `<version>-<content hash>`. */
  release: string;
  version: string;
  gitCommit: string | null;
  gitDirty: boolean | null;
  builtAt: string;
  publishedAt: string;
  /** `external`: the build has no copy of its own and needs the shell's (the federation runtime). */
  sharedLibraries: Record<string, { version: string; requiredVersion: string | false; singleton: boolean; external?: boolean }>;
  live: boolean;
  /** What making it live now would leave unmet; empty when it fits the live frontends. */
  unmet: string[];
}

export interface FrontendAppReleases {
  app: FrontendAppName;
  /** Null: the build in WEB_ROOT is served. */
  live: string | null;
  /** What a rollback goes back to (null: the build); absent when nothing is recorded. */
  previous?: string | null;
  releases: FrontendRelease[];
  history: { action: 'promote' | 'rollback'; from: string | null; to: string | null; forced: boolean; by: string; at: string }[];
}

/** A problem a browser reported about the frontends (GET /api/admin/client-errors). */
export interface ClientErrorReport {
  _id: string;
  kind: string;
  app: string | null;
  message: string;
  page: string | null;
  details: Record<string, unknown> | null;
  userAgent: string | null;
  createdAt: string;
}
