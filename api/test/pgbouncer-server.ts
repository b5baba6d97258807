import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './api-process';

/** Debian's package puts it here (`apt-get install -y pgbouncer`); PGBOUNCER overrides. */
export const PGBOUNCER = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';

/** Why PgBouncer cannot run here, or null. */
export function pgbouncerMissing(): string | null {
  if (!existsSync(PGBOUNCER)) return `PgBouncer is not installed (${PGBOUNCER}; apt-get install -y pgbouncer)`;
  const version = spawnSync(PGBOUNCER, ['--version'], { encoding: 'utf8' });
  return version.status === 0 ? null : `${PGBOUNCER} --version failed: ${version.stderr || version.error?.message}`;
}

export interface PgBouncer {
  /** `serverUrl` with PgBouncer's host and port: the same user, password and database, pooled. */
  urlFor(serverUrl: string): string;
  version: string;
  logs(): string;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction pooling mode, on a free loopback port, in front of the PostgreSQL server
 * of `serverUrl`, with its own configuration in a temporary folder. Clients sign in with md5 against
 * a userlist holding that URL's user and password, which PgBouncer also uses towards the server.
 * As root it runs as `nobody` (it refuses to run as root).
 */
export async function startPgBouncer(serverUrl: string, { poolSize = 10 } = {}): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'thalir-pgbouncer-'));
  const config = join(dir, 'pgbouncer.ini');
  const userlist = join(dir, 'userlist.txt');
  const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
  writeFileSync(userlist, `${quoted(user)} ${quoted(password)}\n`);
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = md5',
      `auth_file = ${userlist}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o755);
    chmodSync(config, 0o644);
    chmodSync(userlist, 0o644);
  }
  const version = spawnSync(PGBOUNCER, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
  let output = '';
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'nobody'] : []), config], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const urlFor = (url: string) => Object.assign(new URL(url), { hostname: '127.0.0.1', port: String(port) }).toString();
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  // Ready once a query goes through it to the server.
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`PgBouncer exited at start:\n${output}`);
    }
    const client = new Client({ connectionString: urlFor(serverUrl), connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`PgBouncer did not pass a query within 15 s (${(error as Error).message}):\n${output}`, { cause: error });
      }
      await new Promise((done) => setTimeout(done, 50));
    }
  }
  return { urlFor, version, logs: () => output, stop };
}
