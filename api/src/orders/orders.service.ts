import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { PoolClient, QueryResultRow } from 'pg';
import { DataSource, In } from 'typeorm';
import type { CatalogueLanguage, Order, OrderStatus, Quote } from '@thalir/contracts';
import { recordAudit } from '../audit/audit-log';
import type { StaffAct } from '../audit/staff-act';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/http-errors';
import { isUuid } from '../common/ids';
import { containsPattern } from '../common/like-pattern';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DeliveryService } from '../delivery/delivery.service';
import { unknownSlotMessage } from '../delivery/delivery-rules';
import { Outbox, outboxInserts } from '../mail/outbox';
import { RefundsService } from '../refunds/refunds.service';
import { MetricsService } from '../metrics/metrics.service';
import { paiseToRupees } from '../common/money';
import type { Breakdown } from '../pricing/pricing';
import { PricingService } from '../pricing/pricing.service';
import { CodeGuessLimit } from './code-guess-limit';
import type { CreateOrderDto, OrderLineDto, QuoteDto } from './dto/create-order.dto';
import type { ListOrdersQuery } from './dto/list-orders.query';
import { OrderItemEntity } from './order-item.entity';
import { type Actor, checkUnitsPerLine, type PlacementPlan, planPlacement, type PlacementRequest, PlacementRefused, refusalFromFacts } from './order-lifecycle';
import { OrderMoves } from './order-moves';
import { OrderStatusChangeEntity } from './order-status-change.entity';
import { roleMay } from '../auth/permissions';
import { fromOrderRead, ORDER_READ_SQL, type OrderLineView, type OrderReadRow } from './order-read';
import { OrderEntity } from './order.entity';
import { type OrderDiscountView, OrderWithUser, toOrder } from './order.mapper';
import { type Placement, type PlacementAnswer, placedOrder, placeOrderQuery, wasPlaced } from './order-placement';

export const DEFAULT_ORDERS_PAGE_SIZE = 20;

export interface OrderPage {
  orders: Order[];
  /** Set when the caller asked for a page: how many orders match in all. */
  total: number | null;
}

/** An order's JSON with the item rows it was made from. */
interface LoadedOrder {
  order: Order;
  items: OrderLineView[];
}

/** An order as its invoice needs it: its JSON, and each line's HSN code and GST rate as sold; for the PDF, its buyer's language. */
export interface InvoiceSourceOrder {
  order: Order;
  lines: { hsnCode: string; gstRateBp: number }[];
  language?: CatalogueLanguage;
}

const forInvoice = ({ order, items }: LoadedOrder): InvoiceSourceOrder => ({ order, lines: items.map(({ hsnCode, gstRateBp }) => ({ hsnCode, gstRateBp })) });

/** One line per product, in the order the customer listed them; repeated products add up. */
function mergeLines(lines: OrderLineDto[]): PlacementRequest['lines'] {
  const merged = new Map<string, { productId: string; quantity: number; clientName: string | null }>();
  for (const line of lines) {
    const productId = line.product.toLowerCase();
    const existing = merged.get(productId);
    if (existing) {
      existing.quantity += line.quantity;
    } else {
      const clientName = typeof line.name === 'string' && line.name.trim() ? line.name.trim().slice(0, 120) : null;
      merged.set(productId, { productId, quantity: line.quantity, clientName });
    }
  }
  return [...merged.values()];
}

/** A refused placing answers with the lifecycle's status, message and details. */
function refusedPlacing(refused: PlacementRefused): ApiException {
  return new ApiException(refused.status as HttpStatus, refused.message, refused.details);
}

/** A placing priced again at most this often when prices or offers change under it. */
const PRICING_ATTEMPTS = 3;

/** The quote's JSON: the breakdown in rupees, as the checkout shows it. */
function toQuote(priced: Breakdown): Quote {
  return {
    items: priced.lines.map((line) => ({
      product: line.productId,
      name: line.name,
      quantity: line.quantity,
      price: paiseToRupees(line.unitPricePaise),
      discount: paiseToRupees(line.discountPaise),
      total: paiseToRupees(line.amountPaise - line.discountPaise),
    })),
    itemsAmount: paiseToRupees(priced.itemsPaise),
    discounts: priced.applied.map((entry) => ({
      name: entry.offer.name,
      ...(entry.code ? { code: entry.code } : {}),
      amount: paiseToRupees(entry.itemsPaise + entry.deliveryPaise),
    })),
    deliveryFee: paiseToRupees(priced.deliveryFeePaise),
    total: paiseToRupees(priced.totalPaise),
    ...(priced.code ? { code: { status: priced.code.status, message: priced.code.message } } : {}),
    freeDeliveryShortBy: priced.freeDeliveryShortByPaise === null ? null : paiseToRupees(priced.freeDeliveryShortByPaise),
  };
}

@Injectable()
export class OrdersService {
  /**
   * Stock moves need no cache call here: the catalogue's trigger announces every committed change to
   * `products`, and this process hears it before the commit returns, or behind PgBouncer a moment
   * later through its listener (see CatalogChangeListener).
   */
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moves: OrderMoves,
    private readonly refunds: RefundsService,
    private readonly outbox: Outbox,
    private readonly delivery: DeliveryService,
    private readonly metrics: MetricsService,
    private readonly pricing: PricingService,
    private readonly codeGuesses: CodeGuessLimit,
  ) {}

  /**
   * Prices the order from the catalogue, the offers and the delivery charges (pricing.ts; client
   * names, prices and totals are ignored), then takes the stock and the offers' uses in one statement
   * (order-placement.ts) carrying out the lifecycle's plan (planPlacement): either the whole order is
   * placed or nothing changes, and a refusal is explained from the facts the statement saw under its
   * locks. When a price or an offer changed in between, the order is priced again.
   */
  async place(buyer: AuthUser, dto: CreateOrderDto, clientAddress: string): Promise<Order> {
    const request: PlacementRequest = { paymentMethod: dto.paymentMethod, lines: mergeLines(dto.orderItems) };
    const now = new Date();
    let plan: PlacementPlan;
    try {
      plan = planPlacement(
        request,
        { paymentHoldMs: this.config.paymentHoldMs, maxUnpaidOrders: this.config.maxUnpaidOrders, ...this.config.orderLimits },
        now,
      );
    } catch (error) {
      throw error instanceof PlacementRefused ? refusedPlacing(error) : error;
    }
    const delivery = this.delivery.resolve(dto.delivery, buyer.name);
    const code = dto.code?.trim() || null;
    if (code) await this.codeGuesses.ensureAllowed(clientAddress);
    const staff = this.outbox.staff;
    for (let attempt = 1; ; attempt++) {
      const priced = await this.priceOrRefuse(
        request,
        code,
        buyer.id,
        { pincode: delivery.pincode, slot: delivery.slot, phone: delivery.recipientPhone },
        now,
        clientAddress,
      );
      const orderId = randomUUID();
      const placement: Placement = {
        orderId,
        buyerId: buyer.id,
        request,
        plan,
        address: dto.address,
        delivery,
        mails: outboxInserts([
          { kind: 'order-placed', to: buyer.email, orderId },
          ...(staff ? [{ kind: 'staff-new-order' as const, to: staff, orderId }] : []),
        ]),
        priced: priced.priced,
        now,
      };
      const answer = await this.runPlacement(placement);
      if (wasPlaced(answer)) {
        this.metrics.ordersPlaced.inc({ payment_method: dto.paymentMethod });
        return placedOrder(placement, answer);
      }
      const refusal = refusalFromFacts(request, plan, {
        openOrders: answer.openOrders,
        offerRefusal: answer.offerRefusal,
        lines: answer.lines ?? [],
        priced: { codeOfferId: priced.codeOfferId, code: priced.code, unitPricesPaise: priced.priced.lines.map((line) => line.unitPricePaise) },
      });
      if (refusal.kind === 'repriced' && attempt < PRICING_ATTEMPTS) continue;
      throw refusedPlacing(new PlacementRefused(refusal));
    }
  }

  /**
   * What the order would cost now, exactly as placing it would charge (the storefront shows this);
   * a refused code is part of the answer, not an error.
   */
  async quote(viewer: AuthUser | null, dto: QuoteDto, clientAddress: string): Promise<Quote> {
    const lines = mergeLines(dto.orderItems);
    try {
      checkUnitsPerLine(lines, this.config.orderLimits.maxUnitsPerLine);
    } catch (error) {
      throw error instanceof PlacementRefused ? refusedPlacing(error) : error;
    }
    const slot = dto.delivery?.slot ?? null;
    if (slot !== null && !this.config.delivery.slots.some((candidate) => candidate.label === slot)) {
      throw new ApiException(HttpStatus.BAD_REQUEST, unknownSlotMessage(this.config.delivery));
    }
    const code = dto.code?.trim() || null;
    if (code) await this.codeGuesses.ensureAllowed(clientAddress);
    const result = await this.pricing.price({
      lines,
      code,
      buyerId: viewer?.id ?? null,
      delivery: { pincode: dto.delivery?.pincode ?? null, slot, phone: null },
      now: new Date(),
    });
    if (result.missing !== null) throw refusedPlacing(new PlacementRefused(this.productGone(lines, result.missing)));
    if (result.priced.code?.status === 'refused' && result.priced.code.refusal === 'unknown') await this.codeGuesses.recordRefused(clientAddress);
    return toQuote(result.priced);
  }

  /** The order priced; a product not in the catalogue (400) or a code that cannot be used (409) refuses it. */
  private async priceOrRefuse(
    request: PlacementRequest,
    code: string | null,
    buyerId: string,
    delivery: { pincode: string | null; slot: string; phone: string | null },
    now: Date,
    clientAddress: string,
  ) {
    const result = await this.pricing.price({ lines: request.lines, code, buyerId, delivery, now });
    if (result.missing !== null) throw refusedPlacing(new PlacementRefused(this.productGone(request.lines, result.missing)));
    const { priced, facts } = result;
    if (priced.code?.status === 'refused') {
      if (priced.code.refusal === 'unknown') await this.codeGuesses.recordRefused(clientAddress);
      throw refusedPlacing(new PlacementRefused({ kind: 'code', message: priced.code.message }));
    }
    return { priced, code: facts.code, codeOfferId: priced.applied.find((entry) => entry.code !== null)?.offer.id ?? null };
  }

  private productGone(lines: PlacementRequest['lines'], productId: string) {
    return { kind: 'product-gone' as const, productId, clientName: lines.find((line) => line.productId === productId)?.clientName ?? null };
  }

  async listForUser(userId: string): Promise<Order[]> {
    const rows = await this.ordersQuery().where('o.userId = :userId', { userId }).getMany();
    return this.withLines(rows as OrderWithUser[]);
  }

  /** Newest first; a page only when asked for one, so the bare call still answers every order. */
  async listAll(query: ListOrdersQuery): Promise<OrderPage> {
    const builder = this.ordersQuery();
    if (query.status) builder.andWhere('o.status = :status', { status: query.status });
    if (query.deliveryDate) builder.andWhere('o.deliveryDate = :deliveryDate', { deliveryDate: query.deliveryDate });
    if (query.sort === 'delivery') {
      // Slots in the day's order (as configured), not alphabetically.
      builder
        .orderBy('o.deliveryDate', 'ASC', 'NULLS LAST')
        .addOrderBy('array_position(CAST(:slotOrder AS text[]), o.delivery_slot::text)', 'ASC', 'NULLS LAST')
        .addOrderBy('o.createdAt', 'ASC')
        .setParameter(
          'slotOrder',
          this.config.delivery.slots.map((slot) => slot.label),
        );
    }
    if (query.q) {
      const pattern = containsPattern(query.q);
      builder.andWhere(`(o.id::text ILIKE :pattern OR u.name ILIKE :pattern OR u.email ILIKE :pattern)`, { pattern });
    }
    const paged = query.page !== undefined || query.limit !== undefined;
    if (!paged) return { orders: await this.withLines((await builder.getMany()) as OrderWithUser[]), total: null };

    const limit = query.limit ?? DEFAULT_ORDERS_PAGE_SIZE;
    const page = query.page ?? 1;
    // Many-to-one join only, so plain OFFSET/LIMIT is exact (no row multiplication).
    const [rows, total] = await builder
      .offset((page - 1) * limit)
      .limit(limit)
      .getManyAndCount();
    return { orders: await this.withLines(rows as OrderWithUser[]), total };
  }

  /** The order if the caller may see it (its buyer or an admin); 404 otherwise, so ids do not leak. */
  async findVisible(id: string, viewer: AuthUser): Promise<Order> {
    return (await this.findVisibleWithItems(id, viewer)).order;
  }

  /** The order for its invoice: its JSON and each line's HSN code and GST rate as sold, from the same reads. */
  async findForInvoice(id: string, viewer: AuthUser): Promise<InvoiceSourceOrder> {
    const loaded = await this.findVisibleWithItems(id, viewer);
    return { ...forInvoice(loaded), language: loaded.buyerLanguage };
  }

  /** Many orders for their invoices (the GST report, an erasure), in the same few reads whatever their number; by order id. */
  async findForInvoices(ids: string[]): Promise<Map<string, InvoiceSourceOrder>> {
    if (ids.length === 0) return new Map();
    const rows = await this.ordersQuery().where('o.id IN (:...ids)', { ids }).getMany();
    return new Map((await this.load(rows as OrderWithUser[])).map((loaded) => [loaded.order._id, forInvoice(loaded)]));
  }

  async findByIds(ids: string[]): Promise<Order[]> {
    if (ids.length === 0) return [];
    const rows = await this.ordersQuery().where('o.id IN (:...ids)', { ids }).getMany();
    return this.withLines(rows as OrderWithUser[]);
  }

  /** One order in one statement (order-read.ts): the buyer's order page and invoice read it on every visit. */
  private async findVisibleWithItems(id: string, viewer: AuthUser): Promise<LoadedOrder & { buyerLanguage: CatalogueLanguage }> {
    const [row] = isUuid(id) ? await this.runRead<OrderReadRow>('shop-read-order', ORDER_READ_SQL, [id]) : [];
    if (!row || (!roleMay(viewer.role, 'orders.read') && row.userId !== viewer.id)) throw new NotFoundException('Order not found');
    const { order, buyerLanguage, hasRefund, items, history, discounts } = fromOrderRead(row);
    const refund = hasRefund ? ((await this.refunds.summaries([row.id])).get(row.id) ?? null) : null;
    return { order: toOrder(order, items, history, refund, discounts), items, buyerLanguage };
  }

  /** Staff move an order as the lifecycle allows (order-lifecycle.ts); stock, money and mail follow, and the audit log records it. */
  async changeStatus(id: string, status: OrderStatus, act: StaffAct): Promise<Order> {
    return this.moveOne(id, status, { kind: 'admin', id: act.id }, undefined, act);
  }

  /** The buyer calls off their own order while nobody has started on it; 404 for anyone else's. */
  async cancelByBuyer(id: string, buyer: AuthUser): Promise<Order> {
    return this.moveOne(id, 'cancelled', { kind: 'buyer', id: buyer.id }, buyer.id);
  }

  /**
   * Cancels the pending orders whose hold has run out (an unpaid online order's payment window, a
   * cash order nobody confirmed in time), one transaction each. Orders are claimed with SKIP LOCKED,
   * so several API processes sweeping at once never release one twice, and a payment or a staff
   * move being recorded for an order at that moment wins (its lock makes the sweep skip).
   */
  async expireHolds(): Promise<number> {
    let expired = 0;
    for (;;) {
      const claimed = await this.dataSource.transaction(async (manager) => {
        const [due] = (await manager.query(
          `SELECT id FROM orders WHERE status = 'pending' AND ((NOT is_paid AND payment_due_at <= now()) OR confirm_due_at <= now())
           ORDER BY coalesce(payment_due_at, confirm_due_at) LIMIT 1 FOR UPDATE SKIP LOCKED`,
        )) as { id: string }[];
        if (!due) return false;
        const order = await this.moves.lock(manager, due.id);
        await this.moves.move(manager, order!, 'cancelled', { kind: 'system' });
        return true;
      });
      if (!claimed) return expired;
      expired += 1;
    }
  }

  private async moveOne(id: string, to: OrderStatus, actor: Actor, ownerId?: string, staff?: StaffAct): Promise<Order> {
    if (!isUuid(id)) throw new NotFoundException('Order not found');
    await this.dataSource.transaction(async (manager) => {
      const order = await this.moves.lock(manager, id, ownerId);
      if (!order) throw new NotFoundException('Order not found');
      const moved = await this.moves.move(manager, order, to, actor);
      if (moved && staff) {
        await recordAudit(manager, {
          actor: staff,
          action: 'order.status',
          entity: 'order',
          entityId: id,
          before: { status: order.status },
          after: { status: to },
        });
      }
    });
    return (await this.findByIds([id]))[0];
  }

  /** Off on the embedded database (one session, where names collide) and behind a transaction pooler that does not keep them. */
  private get preparedStatements(): boolean {
    return this.config.databasePreparedStatements;
  }

  /**
   * Runs the statement on a connection of TypeORM's pool, through a query runner, with pg's own
   * query call: a named (prepared) statement is planned once per connection.
   */
  private async runPlacement(placement: Placement): Promise<PlacementAnswer> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const client = (await runner.connect()) as PoolClient;
      const { rows } = await client.query<PlacementAnswer>(placeOrderQuery(placement, this.preparedStatements));
      return rows[0];
    } finally {
      await runner.release();
    }
  }

  /** A hot read as a named statement on PostgreSQL (parsed and planned once per connection), as `runPlacement` runs its statement. */
  private async runRead<Row extends QueryResultRow>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    if (!this.preparedStatements) return (await this.dataSource.query(text, values)) as Row[];
    const runner = this.dataSource.createQueryRunner();
    try {
      const client = (await runner.connect()) as PoolClient;
      return (await client.query<Row>({ name, text, values })).rows;
    } finally {
      await runner.release();
    }
  }

  private ordersQuery() {
    return this.dataSource
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .innerJoin('o.user', 'u')
      .addSelect(['u.id', 'u.name', 'u.email'])
      .orderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC');
  }

  private async withLines(rows: OrderWithUser[]): Promise<Order[]> {
    return (await this.load(rows)).map((loaded) => loaded.order);
  }

  /** Items, histories and refunds of all the orders in three queries, whatever the number of orders. */
  private async load(rows: OrderWithUser[]): Promise<LoadedOrder[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [items, history, refunds, discounts] = await Promise.all([
      this.dataSource.getRepository(OrderItemEntity).find({ where: { orderId: In(ids) }, order: { position: 'ASC' } }),
      this.dataSource.getRepository(OrderStatusChangeEntity).find({ where: { orderId: In(ids) }, order: { changedAt: 'ASC', id: 'ASC' } }),
      this.refunds.summaries(ids),
      this.dataSource.query(
        `SELECT order_id AS "orderId", name, code, items_paise AS "itemsPaise", delivery_paise AS "deliveryPaise" FROM order_discounts WHERE order_id = ANY($1::uuid[]) ORDER BY id`,
        [ids],
      ) as Promise<OrderDiscountView[]>,
    ]);
    const group = <T extends { orderId: string }>(list: T[]) => {
      const byOrder = new Map<string, T[]>();
      for (const entry of list) {
        const forOrder = byOrder.get(entry.orderId);
        if (forOrder) forOrder.push(entry);
        else byOrder.set(entry.orderId, [entry]);
      }
      return byOrder;
    };
    const itemsByOrder = group(items);
    const historyByOrder = group(history);
    const discountsByOrder = group(discounts);
    return rows.map((row) => {
      const orderItems = itemsByOrder.get(row.id) ?? [];
      return {
        order: toOrder(row, orderItems, historyByOrder.get(row.id) ?? [], refunds.get(row.id) ?? null, discountsByOrder.get(row.id) ?? []),
        items: orderItems,
      };
    });
  }
}
