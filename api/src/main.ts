import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from './app.factory';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { Readiness } from './health/readiness';
import { JobQueue } from './jobs/job-queue';

/** How long a stopping process waits for its open connections to end before closing the rest. */
const CONNECTIONS_END_WAIT_MS = 1000;

/**
 * Stops accepting connections, then waits (at most `limitMs`) until the open ones have ended: while
 * draining, each closes after its answer. Node's http.Server.close would instead destroy at once every
 * connection that looks idle, a fresh one whose request has arrived but is not read yet included: the
 * load balancer would see that request reset, and must not send an order to another process again.
 */
async function stopAccepting(server: Server, limitMs: number): Promise<void> {
  NetServer.prototype.close.call(server);
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const open = await new Promise<number>((done) => server.getConnections((error, count) => done(error ? 0 : count)));
    if (open === 0) return;
    await new Promise((done) => setTimeout(done, 20));
  }
}

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
    // From now on every answer closes its connection, so a load balancer keeps no idle connection
    // to this process that it could send a request into just as the process stops listening (a
    // request it must not repeat elsewhere, like an order, would then fail). Set on the HTTP server,
    // ahead of Fastify, so the catalogue's fast path answers this way too.
    app.getHttpServer().prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
      response.shouldKeepAlive = false;
    });
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
      stopAccepting(app.getHttpServer(), Math.min(CONNECTIONS_END_WAIT_MS, config.shutdownTimeoutMs))
        .then(() => app.close())
        .then(
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
  // The test harnesses wait for this line: it tells them the process on the port is the one they
  // started (api/test/api-process.ts, tools/e2e/support/shop.ts).
  logger.log(`The shop is open at http://localhost:${config.port} (API docs: /api/docs)`);
  logger.log(config.databaseUrl ? 'Database: PostgreSQL' : `Database: embedded PostgreSQL (PGlite) in ${config.dataDir}`);
  if (config.admin?.isDemo) logger.log(`Demo admin: ${config.admin.email} / ${config.admin.password}`);
  if (config.paymentsProvider === 'sandbox') logger.log('Payments: local sandbox (no Razorpay keys configured)');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
