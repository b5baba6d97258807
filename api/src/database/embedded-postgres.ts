import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  /** A postgres:// URL TypeORM and pg connect to as if it were a server. */
  url: string;
  stop(): Promise<void>;
}

/** Beside the lock: the loopback URL of the database the lock's owner serves. */
const RUNNING_URL_FILE = 'embedded-db.url';

/** Connections of the TypeORM pool on the embedded database. */
export const EMBEDDED_POOL_SIZE = 8;
/**
 * Connections the socket accepts besides the pool: the job queue's own pool (2), the catalogue's
 * change listener and a maintenance connection (migrations' lock, the admin CLI).
 */
const EMBEDDED_EXTRA_CONNECTIONS = 4;

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
          { cause: error },
        );
      }
      unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

/** Frontend messages of the extended query protocol (Parse, Bind, Describe, Execute, Close, Flush). */
const EXTENDED_PROTOCOL = new Set([...'PBDECH'].map((letter) => letter.charCodeAt(0)));
/** Sync ends an extended-protocol sequence; a simple Query is a whole exchange by itself. */
const SEQUENCE_ENDS = new Set([...'SQ'].map((letter) => letter.charCodeAt(0)));

/**
 * PGlite is one PostgreSQL session shared by every socket connection. pglite-socket queues the
 * connections' messages one by one and keeps a connection exclusive only inside a transaction, so
 * the Parse/Bind/Execute/Sync of two parameterised queries interleave: the unnamed portal of one is
 * replaced by the other's ("portal does not exist", or an answer meant for the other query).
 * Reporting "in a transaction" from the first extended message until its Sync keeps each sequence
 * whole; the queue then serves the same connection until the sequence ends.
 */
function keepQuerySequencesWhole(db: PGlite): PGlite {
  let inSequence = false;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'isInTransaction') return () => inSequence || target.isInTransaction();
      if (property === 'execProtocolRawStream') {
        return (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          if (EXTENDED_PROTOCOL.has(message[0])) inSequence = true;
          else if (SEQUENCE_ENDS.has(message[0])) inSequence = false;
          return target.execProtocolRawStream(message, options);
        };
      }
      if (property === 'exec') {
        // The socket server rolls back for a connection that went away mid-transaction (or mid-sequence).
        return (query: string, options?: Parameters<PGlite['exec']>[1]) => {
          if (/^\s*rollback/i.test(query)) inSequence = false;
          return target.exec(query, options);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
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
    const server = new PGLiteSocketServer({
      db: keepQuerySequencesWhole(db),
      host: '127.0.0.1',
      port: 0,
      maxConnections: EMBEDDED_POOL_SIZE + EMBEDDED_EXTRA_CONNECTIONS,
    });
    await server.start();
    const conn = server.getServerConn();
    const port = Number(conn.split(':').pop());
    const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    // Where a command line tool run meanwhile (npm run releases) reaches this database.
    if (dataDir) writeFileSync(join(dataDir, RUNNING_URL_FILE), url, { mode: 0o600 });
    return {
      url,
      async stop() {
        await server.stop();
        await db.close();
        if (dataDir) rmSync(join(dataDir, RUNNING_URL_FILE), { force: true });
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

/**
 * The URL of the embedded database another live process serves from `dataDir` (the shop), for a
 * command line tool that cannot open the data dir itself while the shop holds it; null if none.
 */
export function runningEmbeddedPostgresUrl(dataDir: string): string | null {
  const lockFile = join(dataDir, 'embedded-db.lock');
  const urlFile = join(dataDir, RUNNING_URL_FILE);
  if (!existsSync(lockFile) || !existsSync(urlFile)) return null;
  const owner = Number(readFileSync(lockFile, 'utf8'));
  return owner && isRunning(owner) ? readFileSync(urlFile, 'utf8').trim() : null;
}
