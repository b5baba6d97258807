import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { DataSource, EntityManager } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export type QueueOptions = Omit<PgBoss.Queue, 'name'>;

interface JobBasics {
  queue: string;
  options?: QueueOptions;
  /** How often each process asks the queue for work. */
  pollingIntervalSeconds?: number;
}

/** Work sent to a queue, by a change or on a schedule: each job is handled once, retried if it fails. */
export interface QueuedJob<T extends object | null = null> extends JobBasics {
  /** A cron expression (minute resolution) on which pg-boss sends a job to the queue. */
  cron?: string;
  handle(job: PgBoss.JobWithMetadata<T>): Promise<void>;
}

/**
 * Work that comes due by the Clock (mail to send, holds that ran out), looked for again this many
 * seconds after each run, one run at a time across every process (a `stately` queue: one job
 * waiting, one running). Each run queues the next; every process's start and a once-a-minute cron
 * job put the chain back should it ever break.
 */
export interface RecurringWork extends JobBasics {
  everySeconds: number;
  /** Does what is due now; answers how much it handled, 0 when nothing was due. */
  runDue(): Promise<number>;
}

/** One kind of background work: its queue, how it is retried and scheduled, and what it does. */
export type JobDefinition<T extends object | null = null> = QueuedJob<T> | RecurringWork;

const isRecurring = (definition: JobDefinition<never>): definition is RecurringWork => 'everySeconds' in definition;

export type SendOptions = Omit<PgBoss.SendOptions, 'db'>;

/** Connections of pg-boss's own pool: polling, sending outside transactions, maintenance. */
const BOSS_POOL_SIZE = 2;

/**
 * The one job queue of the API: pg-boss on the shop's own database (PostgreSQL or the embedded one).
 * It brings retries with backoff, cron schedules and claiming that hands each job to one worker
 * across every API process. Jobs that must not be lost are sent inside the transaction of the
 * change that causes them (`sendWithin`), so a rolled-back change never leaves a job behind.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly definitions = new Map<string, JobDefinition<never>>();
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const { url } = dataSource.options as PostgresDataSourceOptions;
    this.boss = new PgBoss({ connectionString: url, max: BOSS_POOL_SIZE, application_name: 'thalir-jobs' });
    this.boss.on('error', (error: Error) => this.logger.error(`Job queue: ${error.message}`));
  }

  /** Called by the modules that own a kind of work, before the application starts. */
  define<T extends object | null>(definition: JobDefinition<T>): void {
    if (this.started) throw new Error(`Job ${definition.queue} was defined after the queue started`);
    this.definitions.set(definition.queue, definition as unknown as JobDefinition<never>);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const definition of this.definitions.values()) {
      const recurring = isRecurring(definition);
      await this.boss.createQueue(definition.queue, { name: definition.queue, ...definition.options, ...(recurring ? { policy: 'stately' } : {}) });
      // A process that only serves requests (JOB_WORKERS=false) still queues jobs for the others.
      if (!this.config.jobWorkers) continue;
      const cron = recurring ? '* * * * *' : definition.cron;
      if (cron) await this.boss.schedule(definition.queue, cron);
      await this.boss.work<never>(
        definition.queue,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: definition.pollingIntervalSeconds ?? (recurring ? 1 : 2) },
        async ([job]) => {
          try {
            await this.run(definition, job);
          } finally {
            if (recurring) await this.send(definition.queue, null, { startAfter: definition.everySeconds });
          }
        },
      );
      if (recurring) await this.send(definition.queue, null);
    }
  }

  /**
   * Does now, in this process, all the work that is due by the Clock, as the workers would: each
   * piece of recurring work until it finds nothing more, and each job waiting in a queue (a failure
   * goes back to pg-boss, to be retried after its delay as a worker's would be). Round after round,
   * since one piece of work makes more (an ended hold writes a mail, a cancel queues a refund), until
   * a round finds nothing. Tests drive background work with it, their app started with JOB_WORKERS=false.
   */
  async workDue(): Promise<void> {
    for (;;) {
      let handled = 0;
      for (const definition of this.definitions.values()) {
        handled += isRecurring(definition) ? await this.runAllDue(definition) : await this.workWaitingJobs(definition);
      }
      if (handled === 0) return;
    }
  }

  private async runAllDue(work: RecurringWork): Promise<number> {
    let total = 0;
    for (let handled = await work.runDue(); handled > 0; handled = await work.runDue()) total += handled;
    return total;
  }

  private async workWaitingJobs(definition: QueuedJob<never>): Promise<number> {
    let worked = 0;
    for (;;) {
      const [job] = await this.boss.fetch<never>(definition.queue, { batchSize: 1, includeMetadata: true });
      if (!job) return worked;
      worked += 1;
      try {
        await this.run(definition, job);
        await this.boss.complete(definition.queue, job.id);
      } catch (error) {
        await this.boss.fail(definition.queue, job.id, error as Error);
      }
    }
  }

  private async run(definition: JobDefinition<never>, job: PgBoss.JobWithMetadata<never>): Promise<void> {
    try {
      if (isRecurring(definition)) await definition.runDue();
      else await definition.handle(job);
    } catch (error) {
      this.logger.warn(`${definition.queue} job ${job.id} failed (attempt ${job.retryCount + 1}): ${(error as Error).message}`);
      throw error;
    }
  }

  /** From the shutdown signal on, this process takes no new job; the ones in hand go on (and finish in beforeApplicationShutdown). */
  async stopTakingWork(): Promise<void> {
    if (!this.started || !this.config.jobWorkers) return;
    for (const queue of this.definitions.keys()) await this.boss.offWork(queue);
  }

  /** Lets the jobs in hand finish (up to 10 s) before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /** Outside any transaction: through pg-boss's own connections. */
  async send(queue: string, data: object | null, options: SendOptions = {}): Promise<void> {
    await this.boss.send(queue, data as object, options);
  }

  /** Inside the caller's transaction: the job exists exactly when the transaction commits. */
  async sendWithin(manager: EntityManager, queue: string, data: object | null, options: SendOptions = {}): Promise<void> {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) throw new Error(`sendWithin(${queue}) needs a transaction's manager`);
    const db: PgBoss.Db = {
      executeSql: async (text, values) => ({ rows: (await runner.query(text, values, true)).records }),
    };
    await this.boss.send(queue, data as object, { ...options, db });
  }
}
