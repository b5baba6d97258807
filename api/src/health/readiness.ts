import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Database checks give up after this long: a probe must answer before its own timeout. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this process should get traffic: the database answers, every migration this code knows
 * is applied, and the process is not shutting down. One read-only query covers the first two.
 */
@Injectable()
export class Readiness implements OnModuleDestroy {
  private draining = false;

  constructor(private readonly dataSource: DataSource) {}

  /** From the shutdown signal on, load balancers should send nothing new (see main.ts). */
  startDraining(): void {
    this.draining = true;
  }

  onModuleDestroy(): void {
    this.startDraining();
  }

  /** null when ready, else why not, in words for the operator. */
  async notReadyBecause(): Promise<string | null> {
    if (this.draining) return 'The process is shutting down';
    let applied: Set<string>;
    try {
      applied = await withTimeout(this.appliedMigrations());
    } catch {
      return 'The database is not answering';
    }
    const pending = this.dataSource.migrations.filter((migration) => !applied.has(migration.name!));
    return pending.length > 0 ? `${pending.length} database migration(s) not applied yet` : null;
  }

  /** Answers as long as the database does (the health check of old, kept as it was). */
  async databaseAnswers(): Promise<boolean> {
    try {
      await withTimeout(this.dataSource.query('SELECT 1'));
      return true;
    } catch {
      return false;
    }
  }

  private async appliedMigrations(): Promise<Set<string>> {
    const table = this.dataSource.options.migrationsTableName ?? 'migrations';
    try {
      const rows: { name: string }[] = await this.dataSource.query(`SELECT name FROM "${table}"`);
      return new Set(rows.map((row) => row.name));
    } catch (error) {
      // No migrations table yet: nothing applied (the database itself answered).
      if ((error as { code?: string }).code === '42P01') return new Set();
      throw error;
    }
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref())]);
}
