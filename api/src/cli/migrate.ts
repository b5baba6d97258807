import 'reflect-metadata';
import { createApp } from '../app.factory';
import { ConfigError, loadConfig } from '../config/app-config';

/**
 * `npm run migrate`: the database's migrations, then the admin bootstrap (ADMIN_EMAIL) and the demo
 * catalogue (SEED_DEMO_CATALOGUE), under the migration lock, as a step of its own before a deploy
 * (the Kubernetes migration Job). The application is built as a start builds it, never listens, and
 * closes again.
 */
export async function runMigrate(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const app = await createApp(config, { migrateOnly: true });
  await app.close();
  console.log(`Migrated ${config.databaseUrl ? 'the DATABASE_URL database' : `the embedded database in ${config.dataDir}`}.`);
  return 0;
}

if (require.main === module) {
  runMigrate().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
