import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { buildApi, createScratchDatabase, startApi, workspaceRoot } from './api-process';
import { MIGRATIONS } from '../src/database/entities';

const postgresUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'migrate.admin@example.com', password: 'Migrate#Admin2026' };

/** `npm run migrate`'s program on the private build, as the migration job runs it. */
function migrate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const cli = join(dirname(buildApi()), 'cli/migrate.js');
  return new Promise((done) => {
    let output = '';
    const child = spawn(process.execPath, [cli], {
      cwd: workspaceRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // 'close', not 'exit': output may still be in the pipes when the process has exited.
    child.once('close', (code) => done({ code, output }));
  });
}

(postgresUrl ? describe : describe.skip)('npm run migrate, a step of its own', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(postgresUrl!, 'migrate');
    dataDir = mkdtempSync(join(tmpdir(), 'thalir-migrate-'));
    env = { DATABASE_URL: scratch.url, DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO_CATALOGUE: 'false' };
  });
  afterAll(async () => {
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start on a database behind the code when start does not migrate', async () => {
    const api = await startApi({ ...env, MIGRATE_ON_START: 'false' }, { waitHealthy: false });
    expect((await api.exited).code).toBe(1);
    expect(api.logs()).toContain('The database has migrations this version needs: run `npm run migrate`');
  });

  it('migrates and creates the admin under the lock, twice at once without harm; then a start that does not migrate serves', async () => {
    const runs = await Promise.all([migrate(env), migrate(env)]);
    expect(runs.map((run) => [run.code, run.output.includes('Migrated the DATABASE_URL database.')])).toEqual([
      [0, true],
      [0, true],
    ]);
    const db = new Client({ connectionString: scratch.url });
    await db.connect();
    try {
      const applied = await db.query(`SELECT name FROM migrations ORDER BY id`);
      expect(applied.rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
      expect((await db.query(`SELECT role FROM users WHERE email = $1`, [ADMIN.email])).rows).toEqual([{ role: 'admin' }]);
    } finally {
      await db.end();
    }
    const api = await startApi({ ...env, MIGRATE_ON_START: 'false' });
    try {
      const login = await fetch(`${api.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
      expect(login.status).toBe(200);
    } finally {
      await api.stop();
    }
  });
});
