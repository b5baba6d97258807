import { Client } from 'pg';

export interface WaitOptions {
  attempts: number;
  delayMs: number;
  log: (message: string) => void;
}

/** Errors that will not go away by waiting: wrong password, missing database, bad URL. */
const PERMANENT_CODES = new Set(['28P01', '28000', '3D000', '42501', 'ENOTFOUND']);

/** host:port of a PostgreSQL URL, for messages; never the user or password. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the configured DATABASE_URL';
  }
}

/**
 * Waits at start for PostgreSQL to accept a connection (containers start in any order), saying
 * so once per attempt, and gives up with one clear message after `attempts`.
 */
export async function waitForDatabase(url: string, options: WaitOptions): Promise<void> {
  const where = describeDatabase(url);
  for (let attempt = 1; ; attempt++) {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    // A refused connection also surfaces as an 'error' event; the rejected connect() reports it.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      if (attempt > 1) options.log(`The database at ${where} answered (attempt ${attempt}/${options.attempts})`);
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      const { code, message } = error as { code?: string; message?: string };
      const reason = message || code || 'no answer';
      if (code && PERMANENT_CODES.has(code)) throw new Error(`The database at ${where} refused the connection: ${reason}`, { cause: error });
      if (attempt >= options.attempts) {
        throw new Error(`The database at ${where} did not answer after ${options.attempts} attempts: ${reason}`, { cause: error });
      }
      options.log(`Waiting for the database at ${where} (attempt ${attempt}/${options.attempts}): ${reason}`);
      await new Promise((done) => setTimeout(done, options.delayMs));
    }
  }
}
