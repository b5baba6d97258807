import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CatalogueLanguage, SubscriptionPlan, SubscriptionPlanItem } from '@thalir/contracts';
import { changedFields, recordAudit } from '../audit/audit-log';
import type { StaffAct } from '../audit/staff-act';
import { constraintOf } from '../common/database-errors';
import { saveTranslation } from '../common/translations';
import { isUuid } from '../common/ids';
import { paiseToRupees, rupeesToPaise } from '../common/money';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { TranslationDto } from '../common/translation.dto';
import type { SubscriptionPlanDto } from './dto/subscription-plan.dto';
import { type PlanDraft, planProblem } from './subscription-plan-rules';

const PLAN_NOT_FOUND = 'Subscription plan not found';
const SLUG_TAKEN = 'Another plan has this address: choose another';
const NOT_IN_CATALOGUE = 'Products must be chosen from the catalogue';

interface PlanRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  frequencies: SubscriptionPlan['frequencies'];
  slots: string[];
  pricePaise: number;
  packs: number[];
  active: boolean;
  items: SubscriptionPlanItem[];
  languages?: SubscriptionPlan['languages'];
  createdAt: Date;
  updatedAt: Date;
}

const PLAN_SELECT = `
  SELECT p.id, p.slug, p.name, p.description, p.frequencies, p.slots, p.price_paise AS "pricePaise", p.packs, p.active,
    coalesce((SELECT json_agg(json_build_object('productId', i.product_id, 'name', pr.name, 'quantity', i.quantity) ORDER BY i.position)
      FROM subscription_plan_items i JOIN products pr ON pr.id = i.product_id WHERE i.plan_id = p.id), '[]') AS items,
    p.created_at AS "createdAt", p.updated_at AS "updatedAt"
  FROM subscription_plans p`;

/**
 * The same in another language: the plan's and its products' texts where translated, English where
 * not, and which is which (`languages` on the plan, `language` on each item).
 */
const planSelectIn = (language: Exclude<CatalogueLanguage, 'en'>) => `
  SELECT p.id, p.slug, coalesce(t.name, p.name) AS name, coalesce(t.description, p.description) AS description,
    p.frequencies, p.slots, p.price_paise AS "pricePaise", p.packs, p.active,
    coalesce((SELECT json_agg(json_build_object('productId', i.product_id, 'name', coalesce(pt.name, pr.name), 'quantity', i.quantity,
        'language', CASE WHEN pt.name IS NULL THEN 'en' ELSE '${language}' END) ORDER BY i.position)
      FROM subscription_plan_items i JOIN products pr ON pr.id = i.product_id
      LEFT JOIN product_translations pt ON pt.product_id = i.product_id AND pt.lang = '${language}'
      WHERE i.plan_id = p.id), '[]') AS items,
    json_build_object('name', CASE WHEN t.name IS NULL THEN 'en' ELSE '${language}' END,
      'description', CASE WHEN t.description IS NULL THEN 'en' ELSE '${language}' END) AS languages,
    p.created_at AS "createdAt", p.updated_at AS "updatedAt"
  FROM subscription_plans p
  LEFT JOIN (SELECT plan_id, name, nullif(description, '') AS description FROM subscription_plan_translations WHERE lang = '${language}') AS t
    ON t.plan_id = p.id`;

const selectIn = (language: CatalogueLanguage) => (language === 'en' ? PLAN_SELECT : planSelectIn(language));

function toPlan(row: PlanRow): SubscriptionPlan {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    items: row.items,
    frequencies: row.frequencies,
    slots: row.slots,
    pricePerDelivery: paiseToRupees(row.pricePaise),
    packs: row.packs,
    active: row.active,
    ...(row.languages ? { languages: row.languages } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The plan as it would be saved: the stored one (if any) with what the request names. */
function merged(stored: SubscriptionPlan | null, dto: SubscriptionPlanDto): PlanDraft & { active: boolean } {
  return {
    name: dto.name ?? stored?.name ?? null,
    slug: dto.slug ?? stored?.slug ?? null,
    description: dto.description ?? stored?.description ?? '',
    items: dto.items ?? stored?.items.map(({ productId, quantity }) => ({ productId, quantity })) ?? [],
    frequencies: dto.frequencies ?? stored?.frequencies ?? [],
    slots: dto.slots ?? stored?.slots ?? [],
    pricePerDelivery: dto.pricePerDelivery ?? stored?.pricePerDelivery ?? null,
    packs: [...(dto.packs ?? stored?.packs ?? [])].sort((a, b) => a - b),
    active: dto.active ?? stored?.active ?? true,
  };
}

/** Staff's subscription plans, and the active ones customers see. */
@Injectable()
export class SubscriptionPlansService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every plan, on sale or not; in another language, with which of its texts are translated. */
  async list(language: CatalogueLanguage = 'en'): Promise<SubscriptionPlan[]> {
    return ((await this.dataSource.query(`${selectIn(language)} ORDER BY p.created_at, p.id`)) as PlanRow[]).map(toPlan);
  }

  /** What customers see, in their language: the active plans, or one of them by its address. */
  async listActive(language: CatalogueLanguage = 'en'): Promise<SubscriptionPlan[]> {
    return ((await this.dataSource.query(`${selectIn(language)} WHERE p.active ORDER BY p.created_at, p.id`)) as PlanRow[]).map(toPlan);
  }

  async findActive(slug: string, language: CatalogueLanguage = 'en'): Promise<SubscriptionPlan> {
    const [row] = (await this.dataSource.query(`${selectIn(language)} WHERE p.slug = $1 AND p.active`, [slug])) as PlanRow[];
    if (!row) throw new NotFoundException(PLAN_NOT_FOUND);
    return toPlan(row);
  }

  /** Sets (or, with an empty name, removes) a plan's name and description in another language, and answers the plan in it. */
  async translate(id: string, language: Exclude<CatalogueLanguage, 'en'>, dto: TranslationDto, act: StaffAct): Promise<SubscriptionPlan> {
    if (!isUuid(id)) throw new NotFoundException(PLAN_NOT_FOUND);
    if (dto.name.length > 120) throw new BadRequestException('The plan name can be at most 120 characters');
    if (dto.description.length > 2000) throw new BadRequestException('The description can be at most 2000 characters');
    return this.dataSource.transaction(async (manager) => {
      const [found] = (await manager.query(`SELECT id FROM subscription_plans WHERE id = $1 FOR UPDATE`, [id])) as { id: string }[];
      if (!found) throw new NotFoundException(PLAN_NOT_FOUND);
      await saveTranslation(manager, 'subscription-plan', id, language, dto, act);
      const [row] = (await manager.query(`${selectIn(language)} WHERE p.id = $1`, [id])) as PlanRow[];
      return toPlan(row);
    });
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<SubscriptionPlan> {
    const [row] = isUuid(id) ? ((await manager.query(`${PLAN_SELECT} WHERE p.id = $1`, [id])) as PlanRow[]) : [];
    if (!row) throw new NotFoundException(PLAN_NOT_FOUND);
    return toPlan(row);
  }

  create(dto: SubscriptionPlanDto, act: StaffAct): Promise<SubscriptionPlan> {
    const plan = this.checked(null, dto);
    return this.saving(async (manager) => {
      const [{ id }] = (await manager.query(
        `INSERT INTO subscription_plans (slug, name, description, frequencies, slots, price_paise, packs, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [plan.slug, plan.name, plan.description, plan.frequencies, plan.slots, rupeesToPaise(plan.pricePerDelivery!), plan.packs, plan.active],
      )) as { id: string }[];
      await this.writeItems(manager, id, plan.items);
      const saved = await this.find(id, manager);
      await recordAudit(manager, { actor: act, action: 'subscription-plan.create', entity: 'subscription-plan', entityId: id, after: audited(saved) });
      return saved;
    });
  }

  /** Changes what the body names; `{active: false}` stops selling the plan (its subscriptions go on). */
  async update(id: string, dto: SubscriptionPlanDto, act: StaffAct): Promise<SubscriptionPlan> {
    return this.saving(async (manager) => {
      const [locked] = isUuid(id) ? ((await manager.query(`SELECT id FROM subscription_plans WHERE id = $1 FOR UPDATE`, [id])) as { id: string }[]) : [];
      if (!locked) throw new NotFoundException(PLAN_NOT_FOUND);
      const before = await this.find(id, manager);
      const plan = this.checked(before, dto);
      await manager.query(
        `UPDATE subscription_plans SET slug = $2, name = $3, description = $4, frequencies = $5, slots = $6, price_paise = $7, packs = $8,
           active = $9, updated_at = now() WHERE id = $1`,
        [id, plan.slug, plan.name, plan.description, plan.frequencies, plan.slots, rupeesToPaise(plan.pricePerDelivery!), plan.packs, plan.active],
      );
      if (dto.items) {
        await manager.query(`DELETE FROM subscription_plan_items WHERE plan_id = $1`, [id]);
        await this.writeItems(manager, id, plan.items);
      }
      const after = await this.find(id, manager);
      const change = changedFields(audited(before), audited(after));
      if (Object.keys(change.after).length > 0) {
        await recordAudit(manager, { actor: act, action: 'subscription-plan.update', entity: 'subscription-plan', entityId: id, ...change });
      }
      return after;
    });
  }

  private checked(stored: SubscriptionPlan | null, dto: SubscriptionPlanDto): ReturnType<typeof merged> {
    const plan = merged(stored, dto);
    const problem = planProblem(
      plan,
      this.config.delivery.slots.map((slot) => slot.label),
    );
    if (problem) throw new BadRequestException(problem);
    return plan;
  }

  private async writeItems(manager: EntityManager, planId: string, items: PlanDraft['items']): Promise<void> {
    await manager.query(
      `INSERT INTO subscription_plan_items (plan_id, product_id, quantity, position)
       SELECT $1, item.product_id, item.quantity, item.position - 1
       FROM unnest($2::uuid[], $3::int[]) WITH ORDINALITY AS item (product_id, quantity, position)`,
      [planId, items.map((item) => item.productId), items.map((item) => item.quantity)],
    );
  }

  /** One transaction; a taken address or a product not in the catalogue is the staff member's to fix. */
  private async saving<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      const constraint = constraintOf(error);
      if (constraint === 'subscription_plans_slug_key') throw new ConflictException(SLUG_TAKEN);
      if (constraint === 'subscription_plan_items_product_id_fkey') throw new BadRequestException(NOT_IN_CATALOGUE);
      throw error;
    }
  }
}

/** What the audit log keeps of a plan: what staff set. */
function audited(plan: SubscriptionPlan): Record<string, unknown> {
  const { slug, name, description, items, frequencies, slots, pricePerDelivery, packs, active } = plan;
  return { slug, name, description, items, frequencies, slots, pricePerDelivery, packs, active };
}
