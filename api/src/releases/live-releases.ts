import { Injectable } from '@nestjs/common';
import { FRONTEND_APPS, type FrontendApp } from './frontend-apps';

/**
 * This process's view of what is live (null: the build in WEB_ROOT), kept in step with the database
 * by ReleaseChangeListener. Read on every page load, so it is a plain in-memory map.
 */
@Injectable()
export class LiveReleases {
  private live = new Map<FrontendApp, string | null>(FRONTEND_APPS.map((app) => [app, null]));
  private readonly listeners = new Set<() => void>();

  current(app: FrontendApp): string | null {
    return this.live.get(app) ?? null;
  }

  /** Takes the database's view; listeners hear of it only when something changed. */
  replace(next: Record<FrontendApp, string | null>): void {
    const changed = FRONTEND_APPS.some((app) => next[app] !== this.current(app));
    if (!changed) return;
    this.live = new Map(FRONTEND_APPS.map((app) => [app, next[app]]));
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
