import { BadRequestException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import type { Order, OrderStatus } from '@thalir/contracts';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/http-errors';
import { MetricsService } from '../metrics/metrics.service';
import { CreateOrderDto, MAX_LINE_QUANTITY, OrderLineDto } from './dto/create-order.dto';
import type { ListOrdersQuery } from './dto/list-orders.query';
import { OrderItemEntity } from './order-item.entity';
import { isUuid } from '../common/ids';
import { OrderStatusChangeEntity } from './order-status-change.entity';
import { OrderEntity } from './order.entity';
import { OrderWithUser, toOrder } from './order.mapper';
import { ProductUnavailableError, returnStock, shortStockMessage, StockLine, takeStock } from './stock';

/** orders.total_paise is a PostgreSQL integer. */
const MAX_TOTAL_PAISE = 2_147_483_647;
export const DEFAULT_ORDERS_PAGE_SIZE = 20;

export interface OrderPage {
  orders: Order[];
  /** Set when the caller asked for a page: how many orders match in all. */
  total: number | null;
}

interface MergedLine extends StockLine {
  clientName: string | null;
}

/** One line per product, in the order the customer listed them; repeated products add up. */
function mergeLines(lines: OrderLineDto[]): MergedLine[] {
  const merged = new Map<string, MergedLine>();
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
  for (const line of merged.values()) {
    if (line.quantity > MAX_LINE_QUANTITY) {
      throw new BadRequestException(`Quantity can be at most ${MAX_LINE_QUANTITY} per product`);
    }
  }
  return [...merged.values()];
}

interface OrderLine {
  productId: string | null;
  name: string;
  quantity: number;
}

function stillInCatalogue(lines: OrderLine[]): StockLine[] {
  return lines.flatMap((line) => (line.productId === null ? [] : [{ productId: line.productId, quantity: line.quantity }]));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

@Injectable()
export class OrdersService {
  /**
   * Stock moves need no cache call here: the catalogue's trigger announces every committed change to
   * `products`, and this process hears it before the commit returns (see CatalogCache).
   */
  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Prices every line from the catalogue (client names, prices and totals are ignored) and takes
   * the stock of all lines in one transaction: either the whole order is placed or nothing changes.
   */
  async place(buyer: AuthUser, dto: CreateOrderDto): Promise<Order> {
    const lines = mergeLines(dto.orderItems);
    const orderId = await this.dataSource.transaction(async (manager) => {
      let taken;
      try {
        taken = await takeStock(manager, lines);
      } catch (error) {
        if (!(error instanceof ProductUnavailableError)) throw error;
        const line = lines.find((candidate) => candidate.productId === error.productId);
        const label = line?.clientName ? `"${line.clientName}"` : error.productId;
        throw new BadRequestException(`Product ${label} is no longer available`);
      }
      const priced = lines.map((line) => taken.get(line.productId)!);
      const totalPaise = priced.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
      if (totalPaise > MAX_TOTAL_PAISE) throw new BadRequestException('This order is too large; please split it into smaller orders');

      const inserted = await manager.insert(OrderEntity, {
        userId: buyer.id,
        totalPaise,
        paymentMethod: dto.paymentMethod,
        address: dto.address,
        status: 'pending',
      });
      const id = inserted.identifiers[0].id as string;
      await manager.insert(
        OrderItemEntity,
        priced.map((line, position) => ({
          orderId: id,
          productId: line.productId,
          name: line.name,
          unitPricePaise: line.pricePaise,
          quantity: line.quantity,
          position,
        })),
      );
      // Placed by the system on the customer's behalf, so no admin is recorded.
      await manager.insert(OrderStatusChangeEntity, { orderId: id, status: 'pending', changedBy: null });
      return id;
    });
    this.metrics.ordersPlaced.inc({ payment_method: dto.paymentMethod });
    return (await this.findByIds([orderId]))[0];
  }

  async listForUser(userId: string): Promise<Order[]> {
    const rows = await this.ordersQuery().where('o.userId = :userId', { userId }).getMany();
    return this.withLines(rows as OrderWithUser[]);
  }

  /** Newest first; a page only when asked for one, so the bare call still answers every order. */
  async listAll(query: ListOrdersQuery): Promise<OrderPage> {
    const builder = this.ordersQuery();
    if (query.status) builder.andWhere('o.status = :status', { status: query.status });
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      builder.andWhere(`(o.id::text ILIKE :pattern OR u.name ILIKE :pattern OR u.email ILIKE :pattern)`, { pattern });
    }
    const paged = query.page !== undefined || query.limit !== undefined;
    if (!paged) return { orders: await this.withLines((await builder.getMany()) as OrderWithUser[]), total: null };

    const limit = query.limit ?? DEFAULT_ORDERS_PAGE_SIZE;
    const page = query.page ?? 1;
    // Many-to-one join only, so plain OFFSET/LIMIT is exact (no row multiplication).
    const [rows, total] = await builder.offset((page - 1) * limit).limit(limit).getManyAndCount();
    return { orders: await this.withLines(rows as OrderWithUser[]), total };
  }

  /** The order if the caller may see it (its buyer or an admin); 404 otherwise, so ids do not leak. */
  async findVisible(id: string, viewer: AuthUser): Promise<Order> {
    const [order] = isUuid(id) ? await this.findByIds([id]) : [];
    if (!order || (viewer.role !== 'admin' && order.user._id !== viewer.id)) throw new NotFoundException('Order not found');
    return order;
  }

  async findByIds(ids: string[]): Promise<Order[]> {
    if (ids.length === 0) return [];
    const rows = await this.ordersQuery().where('o.id IN (:...ids)', { ids }).getMany();
    return this.withLines(rows as OrderWithUser[]);
  }

  /**
   * Any status may follow any other; stock and payment follow along in the same transaction:
   * cancelling gives the stock back, leaving 'cancelled' takes it again (409 if it is gone), and a
   * cash order becomes paid on delivery. An order never becomes unpaid.
   */
  async changeStatus(id: string, status: OrderStatus, admin: AuthUser): Promise<Order> {
    if (!isUuid(id)) throw new NotFoundException('Order not found');
    await this.dataSource.transaction(async (manager) => {
      const [order] = (await manager.query(
        `SELECT status, payment_method AS "paymentMethod", is_paid AS "isPaid" FROM orders WHERE id = $1 FOR UPDATE`,
        [id],
      )) as Pick<OrderEntity, 'status' | 'paymentMethod' | 'isPaid'>[];
      if (!order) throw new NotFoundException('Order not found');
      if (order.status === status) return;

      if (status === 'cancelled') await returnStock(manager, stillInCatalogue(await this.linesOf(manager, id)));
      if (order.status === 'cancelled') await this.retakeStock(manager, id);

      const paysNow = status === 'delivered' && order.paymentMethod === 'cash' && !order.isPaid;
      await manager.query(
        `UPDATE orders SET status = $1, updated_at = now()${paysNow ? ', is_paid = true, paid_at = now()' : ''} WHERE id = $2`,
        [status, id],
      );
      await manager.insert(OrderStatusChangeEntity, { orderId: id, status, changedBy: admin.id });
    });
    return (await this.findByIds([id]))[0];
  }

  private async retakeStock(manager: EntityManager, orderId: string): Promise<void> {
    const lines = await this.linesOf(manager, orderId);
    const deleted = lines.find((line) => line.productId === null);
    const reopenFailure = (reason: string) => new ApiException(HttpStatus.CONFLICT, `Cannot reopen this order: ${reason}`);
    if (deleted) throw reopenFailure(`${deleted.name} is no longer in the catalogue`);
    try {
      await takeStock(manager, stillInCatalogue(lines), (name, available) => `Cannot reopen this order: ${shortStockMessage(name, available)}`);
    } catch (error) {
      // The product was deleted after the lines were read.
      if (error instanceof ProductUnavailableError) throw reopenFailure('one of its products is no longer in the catalogue');
      throw error;
    }
  }

  /** Placing an order merges repeated products, so each product appears on one line. */
  private async linesOf(manager: EntityManager, orderId: string): Promise<OrderLine[]> {
    return (await manager.query(`SELECT product_id AS "productId", name, quantity FROM order_items WHERE order_id = $1`, [
      orderId,
    ])) as OrderLine[];
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

  /** Items and histories of all the orders in two queries, whatever the number of orders. */
  private async withLines(rows: OrderWithUser[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [items, history] = await Promise.all([
      this.dataSource.getRepository(OrderItemEntity).find({ where: { orderId: In(ids) }, order: { position: 'ASC' } }),
      this.dataSource.getRepository(OrderStatusChangeEntity).find({ where: { orderId: In(ids) }, order: { changedAt: 'ASC', id: 'ASC' } }),
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
    return rows.map((row) => toOrder(row, itemsByOrder.get(row.id) ?? [], historyByOrder.get(row.id) ?? []));
  }
}
