import type { EntityManager } from 'typeorm';
import type { FrequencyKind } from '@thalir/contracts';
import type { DeliveryPolicy } from '../delivery/delivery-rules';
import { frequencyOf, SCHEDULE_HORIZON_DAYS } from './subscription-rules';
import { cutoffAt, type DateRange, type DayStatus, upcomingDays } from './subscription-schedule';

/** What a row is written as, from the schedule's day: a customer's skip only exists on a row already written. */
const ROW_STATUS: Record<DayStatus, string> = { due: 'scheduled', closed: 'closed', paused: 'paused', skipped: 'skipped' };

/** Rows written per statement. */
const ROWS_PER_INSERT = 5_000;

interface ScheduleSource {
  id: string;
  frequency: FrequencyKind;
  weekdays: number[];
  startDate: string;
  slot: string;
  address: string;
  pincode: string;
  recipientName: string;
  recipientPhone: string;
  pauses: DateRange[];
  /** The date of its last row written so far, if any. */
  lastRow: string | null;
}

/**
 * Writes the rows of the coming days (SCHEDULE_HORIZON_DAYS, from today in India) that the schedule
 * (subscription-schedule.ts) gives and that have no row yet, for the named subscriptions or for
 * every one not cancelled. A row once written is the customer's to change and the job's to make,
 * so existing rows are left as they are: only the days after a subscription's last row are new (the
 * hourly run adds a day), and running this again, or in two processes at once, writes each row once.
 */
export async function writeComingRows(manager: EntityManager, subscriptionIds: string[] | null, now: Date, policy: DeliveryPolicy): Promise<number> {
  const sources = (await manager.query(
    `SELECT s.id, s.frequency, s.weekdays, s.start_date::text AS "startDate", s.slot, s.address, s.pincode,
       s.recipient_name AS "recipientName", s.recipient_phone AS "recipientPhone",
       (SELECT coalesce(json_agg(json_build_object('from', z.from_date, 'to', z.to_date)), '[]') FROM subscription_pauses z WHERE z.subscription_id = s.id) AS pauses,
       (SELECT max(d.delivery_date)::text FROM subscription_deliveries d WHERE d.subscription_id = s.id) AS "lastRow"
     FROM subscriptions s WHERE s.cancelled_at IS NULL AND ($1::uuid[] IS NULL OR s.id = ANY($1::uuid[]))`,
    [subscriptionIds],
  )) as ScheduleSource[];
  const rows: unknown[][] = [[], [], [], [], [], [], [], [], []];
  for (const source of sources) {
    const choices = { startDate: source.startDate, frequency: frequencyOf(source.frequency, source.weekdays), pauses: source.pauses, skips: new Set<string>() };
    for (const day of upcomingDays(choices, source.slot, now, policy, SCHEDULE_HORIZON_DAYS)) {
      if (source.lastRow !== null && day.date <= source.lastRow) continue;
      const values = [
        source.id,
        day.date,
        source.slot,
        source.address,
        source.pincode,
        source.recipientName,
        source.recipientPhone,
        cutoffAt(day.date, source.slot, policy)!.toISOString(),
        ROW_STATUS[day.status],
      ];
      values.forEach((value, column) => rows[column].push(value));
    }
  }
  let written = 0;
  for (let start = 0; start < rows[0].length; start += ROWS_PER_INSERT) {
    const [{ count }] = (await manager.query(
      `WITH written AS (
         INSERT INTO subscription_deliveries (subscription_id, delivery_date, slot, address, pincode, recipient_name, recipient_phone, cutoff_at, status)
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::text[], $4::text[], $5::char(6)[], $6::text[], $7::text[], $8::timestamptz[], $9::text[])
         ON CONFLICT (subscription_id, delivery_date) DO NOTHING RETURNING 1
       ) SELECT count(*)::int AS count FROM written`,
      rows.map((column) => column.slice(start, start + ROWS_PER_INSERT)),
    )) as { count: number }[];
    written += count;
  }
  return written;
}
