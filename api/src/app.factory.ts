import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { ConsoleLogger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { seedDemoCatalogue } from './catalog/demo/seed-demo-catalogue';
import { ProductImages } from './catalog/product-images';
import { createValidationPipe } from './common/validation.pipe';
import type { AppConfig } from './config/app-config';
import { startEmbeddedPostgres } from './database/embedded-postgres';
import { runMigrations } from './database/migrate';
import { ensureAdmin } from './users/admin-bootstrap';
import { registerWebRoutes } from './web/web-routes';

export const JSON_BODY_LIMIT = 1024 * 1024;
export const IMAGE_UPLOAD_LIMIT = 5 * 1024 * 1024;

export interface CreateAppOptions {
  /** Keep the embedded database in memory instead of DATA_DIR (tests). */
  inMemoryDatabase?: boolean;
}

function nestLogLevels(level: string): LogLevel[] | false {
  const order: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
  if (level === 'silent') return false;
  const cut = { fatal: 1, error: 2, warn: 3, info: 4, debug: 5, trace: 6 }[level] ?? 4;
  return order.slice(0, cut);
}

/** Redacts secrets (the invoice link's ?token=) from URLs before they reach a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](token|password)=)[^&]*/gi, '$1[redacted]');
}

/**
 * Builds the whole API: database (PostgreSQL or the embedded one), migrations, admin bootstrap,
 * demo catalogue and the built frontends. `listen` is left to the caller.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(options.inMemoryDatabase ? null : config.dataDir);
  const database = { url: config.databaseUrl ?? embedded!.url, embedded: Boolean(embedded) };

  try {
    const levels = nestLogLevels(config.logLevel);
    const adapter = new FastifyAdapter({
      bodyLimit: JSON_BODY_LIMIT,
      trustProxy: config.trustProxy,
      genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
        const given = request.headers['x-request-id'];
        return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
      },
      logger:
        config.logLevel === 'silent'
          ? false
          : {
              // Per-request lines only in production; during development they drown everything else.
              level: config.isProduction ? config.logLevel : 'warn',
              serializers: {
                req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, url: redactUrl(request.url) }),
              },
              redact: ['req.headers.authorization', 'req.headers.cookie'],
            },
    });
    const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, database), adapter, {
      abortOnError: false,
      logger: levels === false ? false : new ConsoleLogger({ logLevels: levels, json: config.jsonLogs }),
    });
    app.setGlobalPrefix('api');
    app.useGlobalPipes(createValidationPipe());
    app.enableShutdownHooks();
    app.getHttpAdapter().getInstance().addHook('onClose', async () => {
      await embedded?.stop();
    });

    await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
    await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_LIMIT, files: 1, fields: 20, fieldSize: 64 * 1024 } });

    const docs = new DocumentBuilder().setTitle('Thalir Blooms API').setVersion('1.0').addBearerAuth().build();
    SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, docs));

    await registerWebRoutes(app, config);

    const dataSource = app.get(DataSource);
    await runMigrations(dataSource);
    if (config.admin) await ensureAdmin(dataSource, config.admin);
    if (config.seedDemoCatalogue) await seedDemoCatalogue(dataSource, app.get(ProductImages));
    return app;
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
