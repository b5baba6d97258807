import 'reflect-metadata';
import type { IncomingMessage } from 'node:http';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { ConsoleLogger, LoggerService, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { seedDemoCatalogue } from './catalog/demo/seed-demo-catalogue';
import { trustedHops } from './common/client-address';
import { ProductImages } from './catalog/product-images';
import { PinoNestLogger } from './common/app-logger';
import { useSafeJsonParser } from './common/json-body';
import { REDACTED_LOG_PATHS, redactUrl } from './common/log-redaction';
import { assertEveryRouteDeclaresAccess } from './common/route-inventory';
import { requestIdFor } from './common/request-id';
import { registerSecurityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation.pipe';
import type { AppConfig } from './config/app-config';
import { startEmbeddedPostgres } from './database/embedded-postgres';
import { assertMigrated, runMigrations } from './database/migrate';
import { waitForDatabase } from './database/wait-for-database';
import { ensureAdmin } from './users/admin-bootstrap';
import { registerWebRoutes } from './web/web-routes';

export { redactUrl };

export const JSON_BODY_LIMIT = 1024 * 1024;
export const IMAGE_UPLOAD_LIMIT = 5 * 1024 * 1024;

export interface CreateAppOptions {
  /** Keep the embedded database in memory instead of DATA_DIR (tests). */
  inMemoryDatabase?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Migrate (with the admin bootstrap and demo seed) whatever MIGRATE_ON_START says: `npm run migrate`. */
  migrateOnly?: boolean;
}

function nestLogLevels(level: string): LogLevel[] | false {
  const order: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
  if (level === 'silent') return false;
  const cut = { fatal: 1, error: 2, warn: 3, info: 4, debug: 5, trace: 6 }[level] ?? 4;
  return order.slice(0, cut);
}

function createAdapter(config: AppConfig, logStream: NodeJS.WritableStream | undefined): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: JSON_BODY_LIMIT,
    // Fastify answers 414 past 100 characters in one path parameter; an over-long id or reset token is bad input (400/404).
    routerOptions: { maxParamLength: 2048 },
    // Hops as a function (Fastify's own reading of a number): the adapter's options type takes no number.
    trustProxy: typeof config.trustProxy === 'number' ? trustedHops(config.trustProxy) : config.trustProxy,
    genReqId: (request: IncomingMessage) => requestIdFor(request.headers),
    // A request that reaches a stopping process came on a connection accepted before it stopped
    // listening: serve it (the database closes only after the HTTP server), instead of a 503 that
    // a load balancer may not pass on to another process for an order.
    return503OnClosing: false,
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            // Per-request lines go with structured logs (a collector indexes them); on a developer's
            // console they would drown everything else, so there only warnings and errors.
            level: config.jsonLogs ? config.logLevel : 'warn',
            serializers: {
              req: (request: { id: string; method: string; url: string; ip?: string }) => ({
                id: request.id,
                method: request.method,
                url: redactUrl(request.url),
                ip: request.ip,
              }),
            },
            redact: REDACTED_LOG_PATHS,
            ...(logStream ? { stream: logStream } : {}),
          },
  });
}

/** With JSON logs, Nest writes through the same pino logger as Fastify: one format, one stream. */
function createNestLogger(config: AppConfig, adapter: FastifyAdapter): LoggerService | false {
  const levels = nestLogLevels(config.logLevel);
  if (levels === false) return false;
  if (config.jsonLogs) return new PinoNestLogger(adapter.getInstance().log);
  return new ConsoleLogger({ logLevels: levels });
}

/**
 * Builds the whole API: database (PostgreSQL or the embedded one), migrations, admin bootstrap,
 * demo catalogue and the built frontends. `listen` and signal handling are left to the caller.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const adapter = createAdapter(config, options.logStream);
  const logger = createNestLogger(config, adapter);
  if (config.databaseUrl) {
    await waitForDatabase(config.databaseUrl, {
      attempts: config.databaseConnectAttempts,
      delayMs: config.databaseRetryDelayMs,
      log: (message) => (logger ? logger.warn(message, 'Database') : undefined),
    });
  }
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(options.inMemoryDatabase ? null : config.dataDir);
  const database = {
    url: config.databaseUrl ?? embedded!.url,
    embedded: Boolean(embedded),
    poolMax: config.databasePoolMax,
    directUrl: config.databaseDirectUrl,
  };

  let created: NestFastifyApplication | undefined;
  try {
    const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, database), adapter, {
      abortOnError: false,
      logger,
    });
    created = app;
    assertEveryRouteDeclaresAccess(app);
    app.setGlobalPrefix('api');
    app.useGlobalPipes(createValidationPipe());
    useSafeJsonParser(app, JSON_BODY_LIMIT);
    const fastify = app.getHttpAdapter().getInstance();
    fastify.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    fastify.addHook('onClose', async () => {
      await embedded?.stop();
    });

    if (config.corsOrigins.length > 0) {
      // Same-origin needs no CORS; only the configured origins (frontends elsewhere) get it.
      app.enableCors({
        origin: config.corsOrigins,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
        allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
        exposedHeaders: ['X-Request-Id', 'Content-Disposition', 'Retry-After'],
        maxAge: 600,
      });
    }
    registerSecurityHeaders(app, config);
    await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
    await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_LIMIT, files: 1, fields: 20, fieldSize: 64 * 1024 } });

    const docs = new DocumentBuilder().setTitle('Thalir Blooms API').setVersion('1.0').addBearerAuth().build();
    SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, docs));

    await registerWebRoutes(app, config);

    const dataSource = app.get(DataSource);
    // The embedded database is this process's own: it always migrates.
    if (config.migrateOnStart || embedded || options.migrateOnly) {
      await runMigrations(dataSource, config.migrationLockTimeoutMs, async () => {
        if (config.admin) await ensureAdmin(dataSource, config.admin);
        if (config.seedDemoCatalogue)
          await seedDemoCatalogue(
            dataSource,
            app.get(ProductImages),
            config.delivery.slots.map((slot) => slot.label),
          );
      });
    } else {
      await assertMigrated(dataSource);
    }
    return app;
  } catch (error) {
    // Closing the app also stops the embedded database (onClose hook); without an app, stop it here.
    if (created) await created.close().catch(() => undefined);
    else await embedded?.stop();
    throw error;
  }
}
