import type { EntityManager } from 'typeorm';
import type { AuditEntity } from '@thalir/contracts';
import type { StaffAct } from './staff-act';

export interface AuditRecord {
  /** Null for the shop itself (start-up, the command line); for a failed sign-in, the account tried. */
  actor: StaffAct | null;
  action: string;
  entity: AuditEntity;
  entityId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The fields whose values differ, as they were and as they are: what an audit row keeps of an update. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key] ?? null;
      is[key] = after[key] ?? null;
    }
  }
  return { before: was, after: is };
}

/** Writes an audit row inside the caller's transaction, so a change and its record commit together or not at all. */
export async function recordAudit(manager: EntityManager, record: AuditRecord): Promise<void> {
  await manager.query(
    `INSERT INTO audit_log (actor_id, actor_email, actor_role, action, entity, entity_id, before, after, client_address)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      record.actor?.id ?? null,
      record.actor?.email ?? null,
      record.actor?.role ?? null,
      record.action,
      record.entity,
      record.entityId,
      record.before ? JSON.stringify(record.before) : null,
      record.after ? JSON.stringify(record.after) : null,
      record.actor?.clientAddress ?? null,
    ],
  );
}
