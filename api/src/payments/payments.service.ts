import { createHash } from 'node:crypto';
import { BadRequestException, ConflictException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Order, PaymentOrder, PaymentsConfig, SandboxPayResponse } from '@thalir/contracts';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/http-errors';
import { isUuid } from '../common/ids';
import { MetricsService } from '../metrics/metrics.service';
import { REASONS } from '../orders/order-lifecycle';
import { OrderMoves, type ReceivedPayment, type RecordedPayment } from '../orders/order-moves';
import { OrdersService } from '../orders/orders.service';
import { RefundsService } from '../refunds/refunds.service';
import type { CreatePaymentOrderDto } from './dto/create-payment-order.dto';
import type { SandboxPayDto } from './dto/sandbox-pay.dto';
import type { VerifyPaymentDto } from './dto/verify-payment.dto';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway';
import { razorpayStyleId, SandboxGateway } from './sandbox/sandbox.gateway';

/** Razorpay refuses orders below ₹1. */
const MIN_ONLINE_AMOUNT_PAISE = 100;
/** The webhook events that mean the money arrived. */
const CREDITING_EVENTS = new Set(['payment.captured', 'order.paid']);
/** The webhook events that say how a refund ended. */
const REFUND_EVENTS: Record<string, 'processed' | 'failed'> = { 'refund.processed': 'processed', 'refund.failed': 'failed' };
const PAYMENT_FAILED = 'Payment failed';
const VERIFICATION_FAILED = 'Payment verification failed';
export const LATE_PAYMENT_REFUNDED = 'This order was cancelled before your payment arrived, so your payment will be refunded to you in full. Nothing is owed.';
export const SECOND_PAYMENT_REFUNDED = 'This order was already paid, so this second payment will be refunded to you in full.';
export const WRONG_AMOUNT_REFUNDED =
  'This payment was not for the amount of the order, so it will be refunded to you in full. The order is still waiting for payment.';

/** What the buyer reads when the payment they just made is one the shop gives back. */
const REFUND_EXPLANATIONS: Record<string, string> = {
  [REASONS.refundAfterLatePayment]: LATE_PAYMENT_REFUNDED,
  [REASONS.refundOfSecondPayment]: SECOND_PAYMENT_REFUNDED,
  [REASONS.refundOfWrongAmount]: WRONG_AMOUNT_REFUNDED,
};

interface PayableOrder {
  id: string;
  totalPaise: number;
  paymentMethod: string;
  status: string;
  isPaid: boolean;
  razorpayOrderId: string | null;
  /** The payment window has run out (the sweep cancels the order within seconds). */
  windowClosed: boolean;
}

const PAYABLE_COLUMNS = `id, total_paise AS "totalPaise", payment_method AS "paymentMethod", status, is_paid AS "isPaid",
  razorpay_order_id AS "razorpayOrderId", coalesce(payment_due_at <= now(), false) AS "windowClosed"`;

export interface WebhookDelivery {
  rawBody: Buffer | undefined;
  signature: unknown;
  eventId: unknown;
  body: unknown;
}

/** The parts of a Razorpay payment entity the shop reads. */
interface PaymentPayload {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  method?: unknown;
}

/** The parts of a Razorpay webhook payload the shop reads. */
interface WebhookBody {
  event?: unknown;
  payload?: {
    payment?: { entity?: PaymentPayload };
    order?: { entity?: { id?: unknown; amount_paid?: unknown } };
    refund?: { entity?: { id?: unknown; amount?: unknown; status?: unknown; notes?: { shop_refund_id?: unknown } } };
  };
}

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : null);
const paise = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null);

/**
 * Online payment with Razorpay's flow, whichever gateway is configured. An order is paid only by a
 * payment the provider vouched for (a verified signature, a signed webhook, or the provider's own
 * list), matched by its provider payment id and amount: every path records it through
 * OrderMoves.recordPayment under the order's row lock, so one payment is one payment however often
 * and in whatever order the paths tell of it.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    private readonly moves: OrderMoves,
    private readonly refunds: RefundsService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly metrics: MetricsService,
  ) {}

  config(): PaymentsConfig {
    return { provider: this.gateway.provider, key: this.gateway.keyId, checkoutScript: this.gateway.checkoutScript };
  }

  /** The sandbox, or null when the real provider is configured. */
  get sandbox(): SandboxGateway | null {
    return this.gateway instanceof SandboxGateway ? this.gateway : null;
  }

  /**
   * A provider order for the caller's own unpaid online order, for the amount the shop charged
   * (never the client's). Asking again returns the same provider order.
   */
  async createProviderOrder(buyer: AuthUser, dto: CreatePaymentOrderDto): Promise<PaymentOrder> {
    const order = await this.payableOrder(dto.receipt, buyer);
    if (order.paymentMethod !== 'razorpay') throw new BadRequestException('This order is paid in cash on delivery, not online');
    if (order.status === 'cancelled') throw new ConflictException('This order has been cancelled');
    if (order.isPaid) throw new ConflictException('This order is already paid');
    if (order.windowClosed) throw new ConflictException('The payment window for this order has closed');
    if (order.totalPaise < MIN_ONLINE_AMOUNT_PAISE) throw new BadRequestException('Online payment needs an order total of at least ₹1.00');

    let providerOrderId = order.razorpayOrderId;
    if (!providerOrderId) {
      const created = await this.gateway.createOrder({ amountPaise: order.totalPaise, receipt: order.id });
      // Two tabs may create provider orders at once; the first one stored wins and both get it.
      await this.dataSource.query(`UPDATE orders SET razorpay_order_id = $1, updated_at = now() WHERE id = $2 AND razorpay_order_id IS NULL`, [
        created.id,
        order.id,
      ]);
      providerOrderId = (await this.payableOrder(order.id, buyer)).razorpayOrderId!;
    }
    return { id: providerOrderId, amount: order.totalPaise, currency: 'INR', receipt: order.id, key: this.gateway.keyId };
  }

  /**
   * Checks the popup's signature against the provider order id stored on the shop order, then
   * records the payment. A payment the shop cannot keep (the order was cancelled, or already paid)
   * is recorded and refunded, and the customer is told so with a 409.
   */
  async verify(buyer: AuthUser, dto: VerifyPaymentDto): Promise<{ success: true; order: Order }> {
    const order = await this.payableOrder(dto.orderId, buyer);
    if (!order.razorpayOrderId) throw new BadRequestException('No online payment was started for this order');
    if (!this.gateway.isPaymentSignatureValid(order.razorpayOrderId, dto.razorpay_payment_id, dto.razorpay_signature)) {
      throw new BadRequestException(VERIFICATION_FAILED);
    }
    // The signature ties the payment to the provider order, which was made for the order's total and
    // can be paid only in that amount; the method comes with the provider's webhook.
    const payment: ReceivedPayment = { providerPaymentId: dto.razorpay_payment_id, amountPaise: order.totalPaise, method: null, seenVia: 'verify' };
    const recorded = await this.dataSource.transaction(async (manager) =>
      this.moves.recordPayment(manager, (await this.moves.lock(manager, order.id))!, payment),
    );
    this.countCredit(recorded, 'verify');
    // Answered after the commit: the refund is on its way whatever the customer's page does next.
    if (!recorded.credited) throw new ConflictException(REFUND_EXPLANATIONS[recorded.refundReason ?? ''] ?? LATE_PAYMENT_REFUNDED);
    return { success: true, order: await this.orders.findVisible(order.id, buyer) };
  }

  /**
   * Razorpay delivers webhooks at least once and in any order: each event id is handled once, and
   * only payment.captured / order.paid move money. An event that names no payment (or not its
   * amount) is checked against the provider's list of the order's payments first. The event is
   * recorded in the same transaction as its effect, so a failure midway lets the provider's retry
   * do it again.
   */
  async receiveWebhook(delivery: WebhookDelivery): Promise<{ received: true }> {
    if (!delivery.rawBody || !this.gateway.isWebhookSignatureValid(delivery.rawBody, delivery.signature)) {
      throw new BadRequestException('Invalid webhook signature');
    }
    const body = (typeof delivery.body === 'object' && delivery.body !== null ? delivery.body : {}) as WebhookBody;
    const event = text(body.event, 64) ?? 'unknown';
    const entity = body.payload?.payment?.entity;
    const providerOrderId = text(entity?.order_id, 64) ?? text(body.payload?.order?.entity?.id, 64);
    // Razorpay always sends the header; without it the exact body is the next best identity.
    const eventId = text(delivery.eventId, 100) ?? `sha256:${createHash('sha256').update(delivery.rawBody).digest('hex')}`;
    const crediting = CREDITING_EVENTS.has(event) && providerOrderId !== null;
    // Asked before the transaction: no row stays locked while the provider answers.
    const payments = crediting ? await this.paymentsOf(providerOrderId, entity) : [];

    const recorded: RecordedPayment[] = [];
    await this.dataSource.transaction(async (manager) => {
      const [fresh] = (await manager.query(
        `INSERT INTO payment_events (event_id, type, razorpay_order_id, payload) VALUES ($1, $2, $3, $4)
         ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
        [eventId, event, providerOrderId, JSON.stringify(delivery.body ?? null)],
      )) as unknown[];
      if (!fresh) return;
      if (event in REFUND_EVENTS) return this.receiveRefundEvent(manager, event, body);
      if (!crediting) return;

      const [found] = (await manager.query(`SELECT id FROM orders WHERE razorpay_order_id = $1`, [providerOrderId])) as { id: string }[];
      if (!found) {
        this.logger.warn(`Webhook ${event} for unknown provider order ${providerOrderId}`);
        return;
      }
      for (const payment of payments) {
        // Read again under the lock for each: the payment before may have paid the order.
        const order = (await this.moves.lock(manager, found.id))!;
        recorded.push(await this.moves.recordPayment(manager, order, payment));
      }
    });
    for (const payment of recorded) this.countCredit(payment, 'webhook');
    return { received: true };
  }

  /** The payment an event names with its amount, or else the provider's list of the order's payments. */
  private async paymentsOf(providerOrderId: string, entity: PaymentPayload | undefined): Promise<ReceivedPayment[]> {
    const paymentId = text(entity?.id, 64);
    const amountPaise = paise(entity?.amount);
    if (paymentId && amountPaise) return [{ providerPaymentId: paymentId, amountPaise, method: text(entity?.method, 32), seenVia: 'webhook' }];
    const received = await this.gateway.receivedPayments(providerOrderId);
    return received.map((payment) => ({
      providerPaymentId: payment.id,
      amountPaise: payment.amountPaise,
      method: payment.method,
      seenVia: 'provider' as const,
    }));
  }

  private countCredit(payment: RecordedPayment, via: 'verify' | 'webhook'): void {
    if (payment.fresh && payment.credited) this.metrics.paymentsVerified.inc({ via });
  }

  /** refund.processed / refund.failed: the ledger follows, whether or not the refund call has returned yet. */
  private async receiveRefundEvent(manager: EntityManager, event: string, body: WebhookBody): Promise<void> {
    const refund = body.payload?.refund?.entity;
    const gatewayRefundId = text(refund?.id, 64);
    if (!gatewayRefundId) return;
    const shopRefundId = text(refund?.notes?.shop_refund_id, 64);
    const recorded = await this.refunds.recordWebhook(manager, shopRefundId, {
      gatewayRefundId,
      status: REFUND_EVENTS[event],
      amountPaise: paise(refund?.amount),
    });
    if (!recorded) this.logger.warn(`Webhook ${event} for refund ${gatewayRefundId}, which the shop does not know or already processed`);
  }

  /**
   * The sandbox popup's Pay and Fail buttons. Success is signed exactly as Razorpay Checkout signs
   * it; failure answers 400 'Payment failed' with Razorpay's error object in `paymentError`, which
   * the popup hands to its payment.failed listeners as `{error}`.
   */
  async sandboxPay(buyer: AuthUser, dto: SandboxPayDto): Promise<SandboxPayResponse> {
    const sandbox = this.sandbox;
    if (!sandbox) throw new NotFoundException('The payment sandbox is not available');
    const [order] = (await this.dataSource.query(`SELECT ${PAYABLE_COLUMNS} FROM orders WHERE razorpay_order_id = $1 AND user_id = $2`, [
      dto.order_id,
      buyer.id,
    ])) as PayableOrder[];
    if (!order) throw new NotFoundException('Payment order not found');
    if (order.isPaid) throw new ConflictException('This order is already paid');

    if (dto.outcome === 'failure') {
      throw new ApiException(HttpStatus.BAD_REQUEST, PAYMENT_FAILED, {
        paymentError: {
          code: 'BAD_REQUEST_ERROR',
          description: PAYMENT_FAILED,
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: dto.order_id, payment_id: razorpayStyleId('pay') },
        },
      });
    }
    const { paymentId, signature } = await sandbox.pay(dto.order_id, order.totalPaise);
    return { razorpay_order_id: dto.order_id, razorpay_payment_id: paymentId, razorpay_signature: signature };
  }

  /** The caller's own order (404 for anyone else's, as for unknown ids). */
  private async payableOrder(id: string, buyer: AuthUser): Promise<PayableOrder> {
    const [order] = isUuid(id)
      ? ((await this.dataSource.query(`SELECT ${PAYABLE_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2`, [id, buyer.id])) as PayableOrder[])
      : [];
    if (!order) throw new NotFoundException('Order not found');
    return order;
  }
}
