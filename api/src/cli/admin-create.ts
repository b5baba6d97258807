import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { isEmail } from 'class-validator';
import { commandLineDataSource } from './command-line-database';
import { ConfigError, loadConfig } from '../config/app-config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../database/embedded-postgres';
import { runMigrations } from '../database/migrate';
import { ensureAdmin } from '../users/admin-bootstrap';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, normalizeEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../users/user-fields';

const USAGE = 'Usage: npm run admin:create -- --email admin@example.com --password "a long secret" [--name "Shop Admin"]';

export interface AdminRequest {
  email: string;
  password: string;
  name?: string;
}

/** Reads and checks the command line; answers every problem at once. */
export function parseAdminRequest(argv: string[]): { request: AdminRequest } | { problems: string[] } {
  let values: { email?: string; password?: string; name?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { problems: [(error as Error).message] };
  }
  const problems: string[] = [];
  const email = values.email?.trim() ? normalizeEmail(values.email) : '';
  if (!email) problems.push('--email is required');
  else if (email.length > EMAIL_MAX_LENGTH || !isEmail(email)) problems.push(`--email must be a valid email address, got "${values.email}"`);
  const password = values.password ?? '';
  if (!password) problems.push('--password is required');
  else if (password.length < PASSWORD_MIN_LENGTH) problems.push(`--password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  else if (password.length > PASSWORD_MAX_LENGTH) problems.push(`--password must be at most ${PASSWORD_MAX_LENGTH} characters`);
  const name = values.name?.trim();
  if (values.name !== undefined && !name) problems.push('--name must not be blank');
  else if (name && name.length > NAME_MAX_LENGTH) problems.push(`--name must be at most ${NAME_MAX_LENGTH} characters`);
  return problems.length > 0 ? { problems } : { request: { email, password, ...(name ? { name } : {}) } };
}

async function openEmbedded(dataDir: string): Promise<EmbeddedPostgres> {
  try {
    return await startEmbeddedPostgres(dataDir);
  } catch (error) {
    const message = (error as Error).message;
    if (/in use by process/.test(message)) {
      throw new Error(
        `${message}\nIf that is the shop itself: the embedded database serves one process at a time, so stop the shop, ` +
          'run admin:create, then start the shop again. (With DATABASE_URL set, the shop can keep running.)',
        { cause: error },
      );
    }
    throw error;
  }
}

/** Creates or updates the admin; answers the process exit code (2 for a bad command line). */
export async function runAdminCreate(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const parsed = parseAdminRequest(argv);
  if ('problems' in parsed) {
    console.error(`admin:create: ${parsed.problems.join('\n  ')}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(env);
  const embedded = config.databaseUrl ? null : await openEmbedded(config.dataDir);
  const dataSource = commandLineDataSource(config.databaseUrl ?? embedded!.url, config.databaseDirectUrl);
  try {
    await dataSource.initialize();
    await runMigrations(dataSource, config.migrationLockTimeoutMs);
    const outcome = await ensureAdmin(dataSource, parsed.request);
    const where = config.databaseUrl ? 'the DATABASE_URL database' : `the embedded database in ${config.dataDir}`;
    console.log(
      outcome === 'created'
        ? `Created admin ${parsed.request.email} in ${where}.`
        : `${parsed.request.email} already had an account in ${where}: its password is replaced and its role is now admin.`,
    );
    return 0;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
  }
}

if (require.main === module) {
  runAdminCreate(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`admin:create failed: ${error instanceof ConfigError ? error.message : ((error as Error).message ?? error)}`);
      process.exit(1);
    },
  );
}
