import { randomInt } from 'node:crypto';
import { BadRequestException, ConflictException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Offer, OfferCodeBatch, OfferUsage } from '@thalir/contracts';
import { changedFields, recordAudit } from '../audit/audit-log';
import type { StaffAct } from '../audit/staff-act';
import { classifyDatabaseError } from '../common/database-errors';
import { isUuid } from '../common/ids';
import { paiseToRupees, rupeesToPaise } from '../common/money';
import { indiaClock } from '../delivery/delivery-rules';
import type { OfferDto } from './dto/offer.dto';
import { type OfferDraft, offerProblem } from './offer-rules';

interface OfferRow {
  id: string;
  name: string;
  code: string | null;
  kind: Offer['kind'];
  percentBp: number | null;
  maxDiscountPaise: number | null;
  amountPaise: number | null;
  minItemsPaise: number | null;
  productIds: string[];
  productType: Offer['productType'];
  firstOrderOnly: boolean;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  active: boolean;
  combinable: boolean;
  usesBatchCodes: boolean;
  uses: number;
  batchCodesLeft: number;
  createdAt: Date;
  updatedAt: Date;
}

const OFFER_SELECT = `
  SELECT o.id, o.name, (SELECT c.code FROM offer_codes c WHERE c.offer_id = o.id AND NOT c.single_use) AS code, o.kind,
    o.percent_bp AS "percentBp", o.max_discount_paise AS "maxDiscountPaise", o.amount_paise AS "amountPaise", o.min_items_paise AS "minItemsPaise",
    o.product_ids AS "productIds", o.product_type AS "productType", o.first_order_only AS "firstOrderOnly",
    to_char(o.valid_from, 'YYYY-MM-DD') AS "validFrom", to_char(o.valid_until, 'YYYY-MM-DD') AS "validUntil",
    o.max_uses AS "maxUses", o.max_uses_per_customer AS "maxUsesPerCustomer", o.active, o.combinable, o.uses_batch_codes AS "usesBatchCodes",
    (SELECT count(*) FROM order_discounts d WHERE d.offer_id = o.id AND d.released_at IS NULL)::int AS uses,
    (SELECT count(*) FROM offer_codes c WHERE c.offer_id = o.id AND c.single_use
       AND NOT EXISTS (SELECT 1 FROM order_discounts d WHERE d.code = c.code AND d.single_use AND d.released_at IS NULL))::int AS "batchCodesLeft",
    o.created_at AS "createdAt", o.updated_at AS "updatedAt"
  FROM offers o`;

/** Batch codes read aloud and typed from paper: no 0/O or 1/I to confuse. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function batchCode(): string {
  const part = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${part()}-${part()}-${part()}`;
}

const toRupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
const toPaise = (rupees: number | null | undefined) => (rupees === null || rupees === undefined ? null : rupeesToPaise(rupees));

function statusOf(row: OfferRow, today: string): Offer['status'] {
  if (!row.active) return 'paused';
  if (row.validUntil !== null && today > row.validUntil) return 'ended';
  if (row.validFrom !== null && today < row.validFrom) return 'scheduled';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'used-up';
  return 'active';
}

function toOffer(row: OfferRow, now: Date): Offer {
  return {
    _id: row.id,
    name: row.name,
    code: row.code,
    kind: row.kind,
    percent: row.percentBp === null ? null : row.percentBp / 100,
    maxDiscount: toRupees(row.maxDiscountPaise),
    amount: toRupees(row.amountPaise),
    minItemsAmount: toRupees(row.minItemsPaise),
    productIds: row.productIds,
    productType: row.productType,
    firstOrderOnly: row.firstOrderOnly,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    active: row.active,
    combinable: row.combinable,
    usesBatchCodes: row.usesBatchCodes,
    uses: row.uses,
    batchCodesLeft: row.batchCodesLeft,
    status: statusOf(row, indiaClock(now).date),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The offer as it would be saved: the stored one (if any) with what the request names. */
function merged(stored: Offer | null, dto: OfferDto): Required<OfferDto> {
  const pick = <K extends keyof OfferDto>(key: K, fallback: NonNullable<OfferDto[K]> | null) =>
    (dto[key] !== undefined ? dto[key] : stored ? (stored as unknown as OfferDto)[key] : fallback) as NonNullable<OfferDto[K]>;
  return {
    name: pick('name', null),
    code: pick('code', null),
    kind: pick('kind', null),
    percent: pick('percent', null),
    maxDiscount: pick('maxDiscount', null),
    amount: pick('amount', null),
    minItemsAmount: pick('minItemsAmount', null),
    productIds: pick('productIds', []),
    productType: pick('productType', null),
    firstOrderOnly: pick('firstOrderOnly', false),
    validFrom: pick('validFrom', null),
    validUntil: pick('validUntil', null),
    maxUses: pick('maxUses', null),
    maxUsesPerCustomer: pick('maxUsesPerCustomer', null),
    active: pick('active', true),
    combinable: pick('combinable', false),
    usesBatchCodes: pick('usesBatchCodes', false),
  };
}

/** Staff's offers: create, change, pause, batch codes, and what each gave and brought in. */
@Injectable()
export class OffersService {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<Offer[]> {
    const rows = (await this.dataSource.query(`${OFFER_SELECT} ORDER BY o.created_at DESC, o.id`)) as OfferRow[];
    const now = new Date();
    return rows.map((row) => toOffer(row, now));
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<Offer> {
    const [row] = isUuid(id) ? ((await manager.query(`${OFFER_SELECT} WHERE o.id = $1`, [id])) as OfferRow[]) : [];
    if (!row) throw new NotFoundException('Offer not found');
    return toOffer(row, new Date());
  }

  create(dto: OfferDto, act: StaffAct): Promise<Offer> {
    return this.save(null, dto, act);
  }

  update(id: string, dto: OfferDto, act: StaffAct): Promise<Offer> {
    return this.save(id, dto, act);
  }

  /** New single-use codes for an offer that uses them, unique across every code of the shop. */
  async generateCodes(id: string, count: number, act: StaffAct): Promise<OfferCodeBatch> {
    const offer = await this.find(id);
    if (!offer.usesBatchCodes) throw new BadRequestException('Batch codes are for offers set to use them: turn on "single-use batch codes" first');
    return this.dataSource.transaction(async (manager) => {
      const codes: string[] = [];
      while (codes.length < count) {
        const wanted = Array.from({ length: count - codes.length }, batchCode);
        const inserted = (await manager.query(
          `INSERT INTO offer_codes (code, offer_id, single_use) SELECT code, $2, true FROM unnest($1::text[]) AS code ON CONFLICT DO NOTHING RETURNING code`,
          [wanted, id],
        )) as { code: string }[];
        codes.push(...inserted.map((row) => row.code));
      }
      // The codes themselves are the client's to hand out: the log keeps how many were made.
      await recordAudit(manager, { actor: act, action: 'offer.codes', entity: 'offer', entityId: id, after: { codesMade: count } });
      return { codes };
    });
  }

  /** Every batch code of the offer, whether it is used and by which order. */
  async codesCsv(id: string): Promise<string> {
    await this.find(id);
    const rows = (await this.dataSource.query(
      `SELECT c.code, d.order_id AS "orderId" FROM offer_codes c
       LEFT JOIN order_discounts d ON d.code = c.code AND d.single_use AND d.released_at IS NULL
       WHERE c.offer_id = $1 AND c.single_use ORDER BY c.created_at, c.code`,
      [id],
    )) as { code: string; orderId: string | null }[];
    return ['code,used,order', ...rows.map((row) => `${row.code},${row.orderId ? 'yes' : 'no'},${row.orderId ?? ''}`)].join('\r\n') + '\r\n';
  }

  /** Uses, the discount given and the revenue of the orders that used the offer (not cancelled). */
  async usage(id: string): Promise<OfferUsage> {
    await this.find(id);
    const orders = (await this.dataSource.query(
      `SELECT o.id, o.created_at AS "createdAt", u.name AS customer, d.code, d.items_paise + d.delivery_paise AS "discountPaise", o.total_paise AS "totalPaise", o.status
       FROM order_discounts d JOIN orders o ON o.id = d.order_id JOIN users u ON u.id = o.user_id
       WHERE d.offer_id = $1 AND d.released_at IS NULL ORDER BY o.created_at DESC`,
      [id],
    )) as { id: string; createdAt: Date; customer: string; code: string | null; discountPaise: number; totalPaise: number; status: string }[];
    return {
      uses: orders.length,
      discountGiven: paiseToRupees(orders.reduce((sum, order) => sum + order.discountPaise, 0)),
      revenue: paiseToRupees(orders.reduce((sum, order) => sum + order.totalPaise, 0)),
      orders: orders.map((order) => ({
        _id: order.id,
        createdAt: order.createdAt.toISOString(),
        customer: order.customer,
        code: order.code,
        discount: paiseToRupees(order.discountPaise),
        total: paiseToRupees(order.totalPaise),
        status: order.status,
      })),
    };
  }

  private async save(id: string | null, dto: OfferDto, act: StaffAct): Promise<Offer> {
    const stored = id === null ? null : await this.find(id);
    const offer = merged(stored, dto);
    const problem = offerProblem(offer as OfferDraft);
    if (problem) throw new BadRequestException(problem);
    if (stored?.usesBatchCodes && !offer.usesBatchCodes && stored.batchCodesLeft + stored.uses > 0) {
      throw new BadRequestException('This offer has batch codes; it keeps using them');
    }
    if (offer.productIds.length > 0) {
      const [{ found }] = (await this.dataSource.query(`SELECT count(*)::int AS found FROM products WHERE id = ANY($1::uuid[])`, [offer.productIds])) as {
        found: number;
      }[];
      if (found !== new Set(offer.productIds).size) throw new BadRequestException('Some of the chosen products are not in the catalogue');
    }
    const values = [
      offer.name,
      offer.kind,
      offer.percent === null ? null : Math.round(offer.percent * 100),
      toPaise(offer.maxDiscount),
      toPaise(offer.amount),
      toPaise(offer.minItemsAmount),
      [...new Set(offer.productIds.map((productId) => productId.toLowerCase()))],
      offer.productType,
      offer.firstOrderOnly,
      offer.validFrom,
      offer.validUntil,
      offer.maxUses,
      offer.maxUsesPerCustomer,
      offer.active,
      offer.combinable,
      offer.usesBatchCodes,
    ];
    try {
      const savedId = await this.dataSource.transaction(async (manager) => {
        let offerId: string;
        if (id === null) {
          const [created] = (await manager.query(
            `INSERT INTO offers (name, kind, percent_bp, max_discount_paise, amount_paise, min_items_paise, product_ids, product_type, first_order_only,
               valid_from, valid_until, max_uses, max_uses_per_customer, active, combinable, uses_batch_codes, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
            [...values, act.id],
          )) as { id: string }[];
          offerId = created.id;
        } else {
          // updated_at changes with every save: an order priced on the old offer is priced again.
          await manager.query(
            `UPDATE offers SET name = $1, kind = $2, percent_bp = $3, max_discount_paise = $4, amount_paise = $5, min_items_paise = $6, product_ids = $7,
               product_type = $8, first_order_only = $9, valid_from = $10, valid_until = $11, max_uses = $12, max_uses_per_customer = $13, active = $14,
               combinable = $15, uses_batch_codes = $16, updated_at = clock_timestamp() WHERE id = $17`,
            [...values, id],
          );
          offerId = id;
        }
        if (offer.code !== (stored?.code ?? null)) {
          await manager.query(`DELETE FROM offer_codes WHERE offer_id = $1 AND NOT single_use`, [offerId]);
          if (offer.code !== null) await manager.query(`INSERT INTO offer_codes (code, offer_id, single_use) VALUES ($1, $2, false)`, [offer.code, offerId]);
        }
        const saved = await this.find(offerId, manager);
        const fields = ({ _id, uses, batchCodesLeft, status, createdAt, updatedAt, ...rest }: Offer) => rest;
        await recordAudit(manager, {
          actor: act,
          action: stored ? 'offer.update' : 'offer.create',
          entity: 'offer',
          entityId: offerId,
          ...(stored ? changedFields(fields(stored), fields(saved)) : { after: fields(saved) }),
        });
        return offerId;
      });
      return this.find(savedId);
    } catch (error) {
      if (classifyDatabaseError(error)?.status === HttpStatus.CONFLICT) throw new ConflictException(`The code ${offer.code} is already in use; choose another`);
      throw error;
    }
  }
}
