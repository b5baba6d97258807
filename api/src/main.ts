import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from './app.factory';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { Readiness } from './health/readiness';

/**
 * On SIGTERM (a deploy, a scale-down) or SIGINT: stop taking new connections, let the requests in
 * flight finish, close the database, then exit 0. Past `shutdownTimeoutMs` the process exits 1
 * anyway, so a stuck request cannot keep an old version alive.
 */
function stopGracefully(app: NestFastifyApplication, config: AppConfig, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // First, so /api/health/ready answers 503 while the rest of the shutdown runs.
    app.get(Readiness).startDraining();
    logger.log(`${signal} received: finishing the requests in flight, then stopping`);
    setTimeout(() => {
      logger.error(`Requests were still running after ${config.shutdownTimeoutMs} ms; stopping anyway`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    app.close().then(
      () => {
        logger.log('Stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error(`Could not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

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
  const logger = new Logger('Thalir Blooms');
  stopGracefully(app, config, logger);
  await app.listen({ port: config.port, host: '0.0.0.0' });
  logger.log(`The shop is open at http://localhost:${config.port} (API docs: /api/docs)`);
  logger.log(config.databaseUrl ? 'Database: PostgreSQL' : `Database: embedded PostgreSQL (PGlite) in ${config.dataDir}`);
  if (config.admin?.isDemo) logger.log(`Demo admin: ${config.admin.email} / ${config.admin.password}`);
  if (config.paymentsProvider === 'sandbox') logger.log('Payments: local sandbox (no Razorpay keys configured)');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
