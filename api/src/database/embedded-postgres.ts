import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  /** A postgres:// URL TypeORM and pg connect to as if it were a server. */
  url: string;
  stop(): Promise<void>;
}

/** Connections the socket accepts: the TypeORM pool plus room for a maintenance connection. */
export const EMBEDDED_POOL_SIZE = 8;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Two processes on one PGlite data dir silently lose rows, so the data dir is guarded by a
 * lock file holding the owner's pid; a lock left by a dead process is taken over.
 */
function acquireLock(lockFile: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockFile, 'utf8') === String(process.pid)) unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The embedded database in ${lockFile.replace(/\/[^/]+$/, '')} is in use by process ${owner}. ` +
            'Stop that process, use another DATA_DIR, or set DATABASE_URL.',
        );
      }
      unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

/**
 * Starts PGlite (PostgreSQL in WebAssembly) in this process and serves it on a loopback port,
 * so the rest of the API talks to it through the ordinary `pg` driver.
 * `dataDir` null keeps the database in memory (tests).
 */
export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedPostgres> {
  let releaseLock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireLock(join(dataDir, 'embedded-db.lock'));
  }
  try {
    const pgDir = dataDir ? join(dataDir, 'pgdata') : undefined;
    const db = await PGlite.create({ dataDir: pgDir, extensions: { pg_trgm } });
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: EMBEDDED_POOL_SIZE + 2 });
    await server.start();
    const conn = server.getServerConn();
    const port = Number(conn.split(':').pop());
    return {
      url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        await server.stop();
        await db.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export function embeddedDataExists(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pgdata', 'PG_VERSION'));
}
