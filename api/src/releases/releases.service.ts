import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HttpStatus, NotFoundException } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { ApiException } from '../common/http-errors';
import { FRONTEND_APPS, REMOTE_APPS, type FrontendApp } from './frontend-apps';
import { FrontendLiveReleaseEntity } from './live-release.entity';
import { FrontendReleaseChangeEntity, type ReleaseAction } from './release-change.entity';
import { isReleaseName, ReleaseStore, type ReleaseMetadata } from './release-store';
import { describeUnmet, readBuildContract, unmetRequirements, type BuildContract, type UnmetRequirement } from './shared-contract';
import { recordAudit } from '../audit/audit-log';
import type { StaffAct } from '../audit/staff-act';

/** Who switches: an admin through the API, or someone at the command line. */
export interface ReleaseActor {
  userId: string | null;
  name: string;
  /** Staff acting through the back office (null from the command line), for the audit log. */
  staff: StaffAct | null;
}

/** A release as the API and the command line show it (its file list stays in the storage). */
export interface ReleaseView extends Omit<ReleaseMetadata, 'files'> {
  live: boolean;
  /** What promoting it now would leave unmet (empty when it fits the live frontends). */
  unmet: string[];
}

export interface ReleaseChangeView {
  action: ReleaseAction;
  from: string | null;
  to: string | null;
  forced: boolean;
  by: string;
  at: string;
}

export interface AppReleases {
  app: FrontendApp;
  /** The live release; null when the build in WEB_ROOT is served. */
  live: string | null;
  /** What `rollback` would go back to (null: the build in WEB_ROOT; absent: nothing to go back to). */
  previous?: string | null;
  releases: ReleaseView[];
  history: ReleaseChangeView[];
}

const HISTORY_SHOWN = 20;

/**
 * Switches the live frontend release, checks shared-library contracts, keeps the audit trail. Used by
 * the admin API and by `npm run releases` alike (a DataSource, no request scope).
 */
export class ReleasesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: ReleaseStore,
    private readonly webRoot: string,
    private readonly keep: number,
  ) {}

  async liveReleases(manager: EntityManager = this.dataSource.manager): Promise<Record<FrontendApp, string | null>> {
    const rows = await manager.find(FrontendLiveReleaseEntity);
    const live = Object.fromEntries(FRONTEND_APPS.map((app) => [app, null])) as Record<FrontendApp, string | null>;
    for (const row of rows) if ((FRONTEND_APPS as readonly string[]).includes(row.app)) live[row.app as FrontendApp] = row.release;
    return live;
  }

  async overview(): Promise<AppReleases[]> {
    const live = await this.liveReleases();
    return Promise.all(FRONTEND_APPS.map((app) => this.appReleases(app, live)));
  }

  async appReleases(app: FrontendApp, live?: Record<FrontendApp, string | null>): Promise<AppReleases> {
    const current = live ?? (await this.liveReleases());
    const changes = await this.dataSource.manager.find(FrontendReleaseChangeEntity, { where: { app }, order: { createdAt: 'DESC' }, take: HISTORY_SHOWN });
    const previous = await this.previousRelease(app, current[app]);
    const liveContracts = await this.liveContracts(current);
    return {
      app,
      live: current[app],
      ...(previous !== undefined ? { previous } : {}),
      releases: (await this.store.list(app)).map(({ files: _files, ...metadata }) => ({
        ...metadata,
        live: metadata.release === current[app],
        unmet: this.unmetIfLive(app, contractOfRelease(metadata), liveContracts).map(describeUnmet),
      })),
      history: changes.map((change) => ({
        action: change.action,
        from: change.fromRelease,
        to: change.toRelease,
        forced: change.forced,
        by: change.actor,
        at: change.createdAt.toISOString(),
      })),
    };
  }

  /** Makes `release` (null: the build in WEB_ROOT) live for `app`, unless its contract is unmet and not forced. */
  promote(app: FrontendApp, release: string | null, options: { force?: boolean; actor: ReleaseActor }): Promise<AppReleases> {
    return this.switchTo(app, () => release, 'promote', options);
  }

  /** Goes back to the release that was live before the current one was promoted. */
  rollback(app: FrontendApp, options: { force?: boolean; actor: ReleaseActor }): Promise<AppReleases> {
    return this.switchTo(
      app,
      async (current, manager) => {
        const previous = await this.previousRelease(app, current, manager);
        if (previous === undefined) throw new ApiException(HttpStatus.CONFLICT, `Nothing to roll ${app} back to: no promotion of its live release is recorded`);
        return previous;
      },
      'rollback',
      options,
    );
  }

  /** Removes old releases of `app` beyond RELEASES_KEEP, never the live one or the one before it. */
  async prune(app: FrontendApp): Promise<string[]> {
    const live = (await this.liveReleases())[app];
    const previous = await this.previousRelease(app, live);
    const protectedReleases = new Set([live, previous].filter((release): release is string => typeof release === 'string'));
    return this.store.prune(app, this.keep, protectedReleases);
  }

  private async switchTo(
    app: FrontendApp,
    target: (current: string | null, manager: EntityManager) => string | null | Promise<string | null>,
    action: ReleaseAction,
    { force = false, actor }: { force?: boolean; actor: ReleaseActor },
  ): Promise<AppReleases> {
    await this.dataSource.transaction(async (manager) => {
      // One switch per app at a time: the row is created if missing, then locked.
      await manager.query(`INSERT INTO frontend_live_releases (app, release) VALUES ($1, NULL) ON CONFLICT (app) DO NOTHING`, [app]);
      await manager.query(`SELECT app FROM frontend_live_releases WHERE app = $1 FOR UPDATE`, [app]);
      const live = await this.liveReleases(manager);
      const release = await target(live[app], manager);
      let contract: BuildContract | null;
      if (release !== null) {
        const stored = await this.store.find(app, release);
        if (stored.state === 'absent') {
          throw new NotFoundException(`${app} has no release ${release}${isReleaseName(release) ? '' : ' (release names look like 1.0.0-0123456789ab)'}`);
        }
        if (stored.state === 'incomplete') {
          throw new ApiException(
            HttpStatus.CONFLICT,
            `${app} ${release} is not complete in the storage: ${stored.problem}. Publish it again (npm run release) before making it live.`,
          );
        }
        contract = contractOfRelease(stored.metadata);
      } else {
        if (!existsSync(join(this.webRoot, app))) throw new NotFoundException(`${app} has no build in ${this.webRoot} to go back to`);
        contract = readBuildContract(join(this.webRoot, app));
      }
      const unmet = this.unmetIfLive(app, contract, await this.liveContracts(live));
      if (unmet.length > 0 && !force) {
        throw new ApiException(
          HttpStatus.CONFLICT,
          `${release ?? 'The build'} of ${app} does not fit the live frontends: ${unmet.map(describeUnmet).join('; ')}. Switch with force to do it anyway.`,
          { unmet },
        );
      }
      if (release === live[app]) return;
      await manager.update(FrontendLiveReleaseEntity, { app }, { release });
      await manager.insert(FrontendReleaseChangeEntity, {
        app,
        action,
        fromRelease: live[app],
        toRelease: release,
        forced: unmet.length > 0,
        actorId: actor.userId,
        actor: actor.name.slice(0, 254),
      });
      await recordAudit(manager, {
        actor: actor.staff,
        action: `release.${action}`,
        entity: 'release',
        entityId: app,
        before: { release: live[app] },
        after: { release, forced: unmet.length > 0, by: actor.name },
      });
    });
    await this.prune(app);
    return this.appReleases(app);
  }

  /**
   * The release live before `current` became live: the source of the latest promotion to it. Rollback
   * entries are skipped, so rolling back twice goes two steps back. Undefined: none is recorded.
   */
  private async previousRelease(
    app: FrontendApp,
    current: string | null,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string | null | undefined> {
    const promotion = await manager.findOne(FrontendReleaseChangeEntity, {
      where: { app, action: 'promote', toRelease: current === null ? IsNull() : current },
      order: { createdAt: 'DESC' },
    });
    return promotion ? promotion.fromRelease : undefined;
  }

  /**
   * What would be unmet with a build of `contract` live for `app` and the others as they are: for a
   * remote, its needs against the live shell; for the shell, each live remote's needs against it.
   * A build from before contracts were recorded cannot be checked and passes.
   */
  private unmetIfLive(app: FrontendApp, contract: BuildContract | null, live: Record<FrontendApp, BuildContract | null>): UnmetRequirement[] {
    if (!contract) return [];
    if (app !== 'shell') return live.shell ? unmetRequirements(live.shell, contract, app) : [];
    return REMOTE_APPS.flatMap((remote) => {
      const remoteContract = live[remote];
      return remoteContract ? unmetRequirements(contract, remoteContract, remote) : [];
    });
  }

  /** The contract of each live frontend: a release's is in its release.json, the build's beside it. */
  private async liveContracts(live: Record<FrontendApp, string | null>): Promise<Record<FrontendApp, BuildContract | null>> {
    const contracts = await Promise.all(
      FRONTEND_APPS.map(async (app) => {
        const release = live[app];
        if (release === null) return readBuildContract(join(this.webRoot, app));
        const metadata = await this.store.get(app, release);
        return metadata ? contractOfRelease(metadata) : null;
      }),
    );
    return Object.fromEntries(FRONTEND_APPS.map((app, index) => [app, contracts[index]])) as Record<FrontendApp, BuildContract | null>;
  }
}

function contractOfRelease(metadata: Pick<ReleaseMetadata, 'app' | 'version' | 'sharedLibraries'>): BuildContract {
  return { app: metadata.app, version: metadata.version, shared: metadata.sharedLibraries };
}
