import { Injectable } from '@nestjs/common';

/**
 * The time by which background work keeps its own schedule: when the outbox tries a mail again, how
 * long a claim on one lasts. It is the database's now() (one clock for every API process) plus
 * `aheadMs`, which only a test moves on (`advance`) instead of waiting, before it has the due work
 * done (JobQueue.workDue). SQL reads it with `clockNow('$n')`, $n holding `aheadMs`.
 */
@Injectable()
export class Clock {
  private ahead = 0;

  /** How far this clock runs ahead of the database's now(), in milliseconds. */
  get aheadMs(): number {
    return this.ahead;
  }

  /** Now by this clock in the API process: its own time plus `aheadMs` (the database's clock and the process's agree to within the machine's skew). */
  now(): Date {
    return new Date(Date.now() + this.ahead);
  }

  /** Lets `ms` pass at once (tests). */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`The clock only goes forward, not by ${ms} ms`);
    this.ahead += ms;
  }
}

/** The Clock's now in SQL, given the parameter (`$n`) that holds Clock.aheadMs. */
export const clockNow = (aheadMsParameter: string) => `(now() + ${aheadMsParameter} * interval '1 millisecond')`;
