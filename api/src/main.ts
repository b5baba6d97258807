import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/app-config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  await app.listen({ port: config.port, host: '0.0.0.0' });
  const logger = new Logger('Thalir Blooms');
  logger.log(`The shop is open at http://localhost:${config.port} (API docs: /api/docs)`);
  logger.log(config.databaseUrl ? 'Database: PostgreSQL' : `Database: embedded PostgreSQL (PGlite) in ${config.dataDir}`);
  if (config.admin?.isDemo) logger.log(`Demo admin: ${config.admin.email} / ${config.admin.password}`);
  if (config.paymentsProvider === 'sandbox') logger.log('Payments: local sandbox (no Razorpay keys configured)');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
