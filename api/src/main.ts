import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from './app.factory';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { Readiness } from './health/readiness';
import { JobQueue } from './jobs/job-queue';

/**
 * On SIGTERM (a deploy, a scale-down): readiness fails and no new job is taken at once; requests are
 * still served for `shutdownDrainMs`, while the load balancer notices and stops sending; then new
 * connections are refused, the requests in flight finish, the database closes, and the process exits
 * 0. SIGINT (Ctrl-C) skips the drain. Past the drain plus `shutdownTimeoutMs` the process exits 1
 * anyway, so a stuck request cannot keep an old version alive.
 */
function stopGracefully(app: NestFastifyApplication, config: AppConfig, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // First, so /api/health/ready answers 503 while the rest of the shutdown runs.
    app.get(Readiness).startDraining();
    app
      .get(JobQueue)
      .stopTakingWork()
      .catch((error: unknown) => logger.warn(`Could not stop taking jobs: ${error instanceof Error ? error.message : String(error)}`));
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    logger.log(
      drainMs > 0
        ? `${signal} received: serving for ${drainMs} ms more while load balancers stop sending, then finishing the requests in flight and stopping`
        : `${signal} received: finishing the requests in flight, then stopping`,
    );
    setTimeout(() => {
      logger.error(`Requests were still running after ${config.shutdownTimeoutMs} ms; stopping anyway`);
      process.exit(1);
    }, drainMs + config.shutdownTimeoutMs).unref();
    const close = () =>
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
    setTimeout(close, drainMs);
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
