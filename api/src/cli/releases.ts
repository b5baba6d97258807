import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { hostname, userInfo } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { DataSource } from 'typeorm';
import { commandLineDataSource } from './command-line-database';
import { ConfigError, loadConfig, type AppConfig } from '../config/app-config';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../database/embedded-postgres';
import { runMigrations } from '../database/migrate';
import { FRONTEND_APPS, isFrontendApp, type FrontendApp } from '../releases/frontend-apps';
import { ReleaseStore } from '../releases/release-store';
import { ReleasesService, type AppReleases, type ReleaseActor } from '../releases/releases.service';
import { S3ObjectStorage } from '../storage/s3-object-storage';
import { createObjectStorage } from '../storage/storage.module';

const USAGE = `Usage:
  npm run release -- <app> [--promote] [--force]          build <app> and publish it as a release
  npm run releases -- list [<app>]                        the releases kept, the live one marked
  npm run releases -- promote <app> <release|build> [--force]   make a release live ('build': the one in WEB_ROOT)
  npm run releases -- rollback <app> [--force]            back to the release live before the current one
Apps: ${FRONTEND_APPS.join(', ')}`;

class UsageError extends Error {}

/**
 * The database the shop uses. The embedded one serves one process: when the shop is running, this
 * tool talks to it through the shop's own socket instead, and the shop picks the change up within
 * seconds (see releases/release-change-listener.ts).
 */
async function openDatabase(config: AppConfig): Promise<{ dataSource: DataSource; close(): Promise<void> }> {
  let url = config.databaseUrl;
  let stopEmbedded = async () => {};
  if (!url) {
    url = runningEmbeddedPostgresUrl(config.dataDir);
    if (!url) {
      const embedded = await startEmbeddedPostgres(config.dataDir);
      url = embedded.url;
      stopEmbedded = () => embedded.stop();
    }
  }
  const dataSource = commandLineDataSource(url, config.databaseUrl ? config.databaseDirectUrl : null);
  try {
    await dataSource.initialize();
    await runMigrations(dataSource, config.migrationLockTimeoutMs);
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await stopEmbedded();
    throw error;
  }
  return {
    dataSource,
    async close() {
      await dataSource.destroy();
      await stopEmbedded();
    },
  };
}

function gitState(): { commit: string | null; dirty: boolean | null } {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return { commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain', '--untracked-files=no').length > 0 };
  } catch {
    return { commit: null, dirty: null };
  }
}

function describe(app: AppReleases): string {
  const lines = [
    `${app.app}: live ${app.live ?? 'build (WEB_ROOT)'}${app.previous !== undefined ? `, rollback goes to ${app.previous ?? 'the build (WEB_ROOT)'}` : ''}`,
  ];
  for (const release of app.releases) {
    const notes = [
      release.live ? 'LIVE' : '',
      release.gitCommit ? `commit ${release.gitCommit.slice(0, 10)}${release.gitDirty ? '+changes' : ''}` : '',
      `published ${release.publishedAt}`,
    ];
    lines.push(`  ${release.release}  ${notes.filter(Boolean).join(', ')}`);
    for (const unmet of release.unmet) lines.push(`      does not fit: ${unmet}`);
  }
  if (app.releases.length === 0) lines.push('  (no release published)');
  return lines.join('\n');
}

function appArgument(value: string | undefined): FrontendApp {
  if (!isFrontendApp(value)) throw new UsageError(value ? `Unknown app "${value}"` : 'Which app?');
  return value;
}

/** Runs one command; answers the exit code (2 for a bad command line). */
export async function runReleases(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { promote: { type: 'boolean' }, force: { type: 'boolean' }, from: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, ...rest] = parsed.positionals;
  const { force = false, promote = false, from } = parsed.values;
  const actor: ReleaseActor = { userId: null, name: `cli ${userInfo().username}@${hostname()}`, staff: null };
  const config = loadConfig(env);
  // The storage the shop uses (STORAGE_DRIVER): releases are published there for every API process.
  const storage = createObjectStorage(config);
  const store = new ReleaseStore(storage, config.releasesDir);
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    const service = async () => {
      database ??= await openDatabase(config);
      return new ReleasesService(database.dataSource, store, config.webRoot, config.releasesKeep);
    };
    switch (command) {
      case 'publish': {
        const app = appArgument(rest[0]);
        const buildDir = resolve(from ?? `${config.webRoot}/${app}`);
        const { metadata, created } = await store.publish(app, buildDir, gitState());
        const where = `${storage.driver === 's3' ? 'the bucket' : 'the storage'} at ${store.storageKey(app, metadata.release)}`;
        console.log(
          created
            ? `Published ${app} ${metadata.release} to ${where} (${Object.keys(metadata.files).length} files)`
            : `${app} ${metadata.release} was already published (same content)`,
        );
        const releases = await service();
        if (promote) console.log(describe(await releases.promote(app, metadata.release, { force, actor })));
        else {
          const removed = await releases.prune(app);
          if (removed.length > 0) console.log(`Removed old releases: ${removed.join(', ')}`);
          console.log(`Make it live with: npm run releases -- promote ${app} ${metadata.release}`);
        }
        return 0;
      }
      case 'list': {
        const releases = await service();
        const apps = rest[0] ? [await releases.appReleases(appArgument(rest[0]))] : await releases.overview();
        console.log(apps.map(describe).join('\n\n'));
        return 0;
      }
      case 'promote': {
        const app = appArgument(rest[0]);
        if (!rest[1]) throw new UsageError('Which release? (see npm run releases -- list)');
        const release = rest[1] === 'build' ? null : rest[1];
        console.log(describe(await (await service()).promote(app, release, { force, actor })));
        return 0;
      }
      case 'rollback': {
        const app = appArgument(rest[0]);
        console.log(describe(await (await service()).rollback(app, { force, actor })));
        return 0;
      }
      default:
        throw new UsageError(command ? `Unknown command "${command}"` : 'Which command?');
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await database?.close();
    if (storage instanceof S3ObjectStorage) storage.onApplicationShutdown();
  }
}

if (require.main === module) {
  runReleases(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message = error instanceof ConfigError ? error.message : ((error as Error).message ?? String(error));
      console.error(`releases: ${message}`);
      process.exit(1);
    },
  );
}
