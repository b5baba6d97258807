import type { EntityManager } from 'typeorm';
import type { CatalogueLanguage } from '@thalir/contracts';
import { changedFields, recordAudit } from '../audit/audit-log';
import type { StaffAct } from '../audit/staff-act';
import type { TranslationDto } from './translation.dto';

/** What is translated: a product or a subscription plan, each with its own table of translations. */
const TARGETS = {
  product: { table: 'product_translations', key: 'product_id' },
  'subscription-plan': { table: 'subscription_plan_translations', key: 'plan_id' },
} as const;

/**
 * Sets (or, with an empty name, removes) the name and description of `entity` `id` in `language`,
 * inside the caller's transaction (which has checked and locked the row), and records what changed
 * in the audit log as `<entity>.translate`.
 */
export async function saveTranslation(
  manager: EntityManager,
  entity: keyof typeof TARGETS,
  id: string,
  language: Exclude<CatalogueLanguage, 'en'>,
  dto: TranslationDto,
  act: StaffAct,
): Promise<void> {
  const { table, key } = TARGETS[entity];
  const [before] = (await manager.query(`SELECT name, description FROM ${table} WHERE ${key} = $1 AND lang = $2`, [id, language])) as {
    name: string;
    description: string;
  }[];
  if (dto.name === '') {
    await manager.query(`DELETE FROM ${table} WHERE ${key} = $1 AND lang = $2`, [id, language]);
  } else {
    await manager.query(
      `INSERT INTO ${table} (${key}, lang, name, description) VALUES ($1, $2, $3, $4)
       ON CONFLICT (${key}, lang) DO UPDATE SET name = excluded.name, description = excluded.description, updated_at = now()`,
      [id, language, dto.name, dto.description],
    );
  }
  const change = changedFields({ ...before }, dto.name === '' ? {} : { name: dto.name, description: dto.description });
  if (Object.keys(change.before).length === 0 && Object.keys(change.after).length === 0) return;
  await recordAudit(manager, {
    actor: act,
    action: `${entity}.translate`,
    entity,
    entityId: id,
    before: { lang: language, ...change.before },
    after: { lang: language, ...change.after },
  });
}
