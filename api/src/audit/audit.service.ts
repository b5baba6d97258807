import { BadRequestException, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuditEntity, AuditEntry, AuditPage } from '@thalir/contracts';
import { addDays, isCalendarDate } from '../delivery/delivery-rules';
import type { AuditQuery } from './dto/audit.query';
import { csvField } from '../common/csv';
import { containsPattern } from '../common/like-pattern';

export const DEFAULT_AUDIT_PAGE_SIZE = 50;

interface AuditRow {
  id: string;
  at: Date;
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  entity: AuditEntity;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  clientAddress: string | null;
}

const SELECT = `SELECT id::text, at, actor_id AS "actorId", actor_email AS "actorEmail", actor_role AS "actorRole", action, entity,
  entity_id AS "entityId", before, after, client_address AS "clientAddress" FROM audit_log`;

function toEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: row.actorEmail === null ? null : { _id: row.actorId, email: row.actorEmail, role: row.actorRole ?? '' },
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    clientAddress: row.clientAddress,
  };
}

/** Free text for a spreadsheet: a leading formula character is neutralised, so a cell never runs as a formula. */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Reads the audit log for the back office: filtered, newest first, paged or as CSV. */
@Injectable()
export class AuditService {
  constructor(private readonly dataSource: DataSource) {}

  async page(query: AuditQuery): Promise<AuditPage> {
    const { where, values } = this.filter(query);
    const limit = query.limit ?? DEFAULT_AUDIT_PAGE_SIZE;
    const page = query.page ?? 1;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(`${SELECT} ${where} ORDER BY at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`, values) as Promise<AuditRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS total FROM audit_log ${where}`, values) as Promise<{ total: number }[]>,
    ]);
    return { entries: rows.map(toEntry), total, page, limit };
  }

  async csv(query: AuditQuery): Promise<string> {
    const { where, values } = this.filter(query);
    const rows = (await this.dataSource.query(`${SELECT} ${where} ORDER BY at DESC, id DESC`, values)) as AuditRow[];
    const lines = rows.map((row) =>
      [
        row.at.toISOString(),
        row.actorEmail ?? '',
        row.actorRole ?? '',
        row.action,
        row.entity,
        row.entityId ?? '',
        row.clientAddress ?? '',
        row.before ? JSON.stringify(row.before) : '',
        row.after ? JSON.stringify(row.after) : '',
      ]
        .map((cell) => csvField(inert(cell)))
        .join(','),
    );
    return ['at,actor,role,action,entity,entity_id,client_address,before,after', ...lines].join('\r\n') + '\r\n';
  }

  private filter(query: AuditQuery): { where: string; values: unknown[] } {
    const conditions: string[] = [];
    const values: unknown[] = [];
    const add = (condition: string, value: unknown) => {
      values.push(value);
      conditions.push(condition.replace('?', `$${values.length}`));
    };
    for (const date of [query.from, query.to]) {
      if (date !== undefined && !isCalendarDate(date)) throw new BadRequestException(`${date} is not a date on the calendar`);
    }
    if (query.from && query.to && query.to < query.from) throw new BadRequestException('The last day cannot be before the first day');
    if (query.actor) add(`actor_email ILIKE ?`, containsPattern(query.actor));
    if (query.entity) add(`entity = ?`, query.entity);
    // India's calendar days: midnight IST is 18:30 UTC the day before.
    if (query.from) add(`at >= ?::timestamptz`, `${query.from}T00:00:00+05:30`);
    if (query.to) add(`at < ?::timestamptz`, `${addDays(query.to, 1)}T00:00:00+05:30`);
    return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', values };
  }
}
