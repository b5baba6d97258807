import { MoneyChecker } from '../src/payments/money-check';
import { PAYMENT_GATEWAY, type ProviderRefund, type ProviderRefundRequest } from '../src/payments/payment-gateway';
import { refundPaymentJob } from '../src/payments/refund-payment.job';
import type { SandboxGateway } from '../src/payments/sandbox/sandbox.gateway';
import { RefundsService } from '../src/refunds/refunds.service';
import { hmac, orderPaid, captured, refundEvent, sandboxSecrets, sendWebhook, startPayment } from './payment-fixtures';
import { placeOrder, seedProducts } from './shop-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

/**
 * Every order of the provider's and the buyer's events, replayed against the real API on PostgreSQL:
 * whatever order they come in, an order is paid by one payment, every other payment is refunded once,
 * and the money adds up (received = kept + refunded + still owed back).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const describeOnPostgres = onPostgres ? describe : describe.skip;
const title = onPostgres
  ? 'payment and refund events in every order'
  : 'payment and refund events in every order [skipped: set TEST_DATABASE_URL, the sequences run on real PostgreSQL]';

/** Orders of up to `length` distinct events picked from `pool`: every permutation of 1…length of them. */
function permutations<T>(pool: readonly T[], length: number): T[][] {
  const out: T[][] = [];
  const grow = (prefix: T[], rest: readonly T[]) => {
    if (prefix.length > 0) out.push(prefix);
    if (prefix.length === length) return;
    rest.forEach((event, index) => grow([...prefix, event], [...rest.slice(0, index), ...rest.slice(index + 1)]));
  };
  grow([], pool);
  return out;
}

/** Sequences run side by side, each on its own order. */
const PARALLEL = 4;
/** 325 orders a test: about 10–20 s on a quiet 2-core machine, several times that on a busy one. */
const SEQUENCES_TIMEOUT_MS = 300_000;
const PRICE_PAISE = 4000;

interface SequenceState {
  orderId: string;
  providerOrderId: string;
  /** The payments the buyer made in the provider's popup (the provider knows them from the start). */
  payments: string[];
  /** The payments some event told the shop of: each must be in its books afterwards. */
  told: Set<string>;
}

describeOnPostgres(title, () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let product: string;
  let sandbox: SandboxGateway;
  let refunds: RefundsService;
  let checker: MoneyChecker;
  /** The provider's refunds, by payment, in the order it made them. */
  const providerRefunds = new Map<string, { id: string; reference: string; amountPaise: number }[]>();
  /** What the provider last said it paid out for each of its refunds (the truth the shop's books must match). */
  const providerPaidOut = new Map<string, number>();
  let providerRefundCount = 0;
  let ran = 0;

  beforeAll(async () => {
    // No job workers: the refund job is an event of the sequence, run when the sequence says.
    t = await createTestApp({ JOB_WORKERS: 'false', MAX_UNPAID_ORDERS: '1000000' });
    admin = await t.createUser({ role: 'admin' });
    buyer = await t.createUser();
    [product] = await seedProducts(t, [{ pricePaise: PRICE_PAISE, stock: 1_000_000 }]);
    sandbox = t.app.get(PAYMENT_GATEWAY);
    refunds = t.app.get(RefundsService);
    checker = t.app.get(MoneyChecker);
    // The provider answers a refund request with a pending refund (as Razorpay does) and settles it by webhook.
    jest.spyOn(sandbox, 'refund').mockImplementation(async (request: ProviderRefundRequest): Promise<ProviderRefund> => {
      const made = providerRefunds.get(request.paymentId) ?? [];
      let refund = made.find((existing) => existing.reference === request.reference);
      if (!refund) {
        refund = { id: `rfnd_Seq${String(++providerRefundCount).padStart(8, '0')}`, reference: request.reference, amountPaise: request.amountPaise };
        providerRefunds.set(request.paymentId, [...made, refund]);
      }
      return { id: refund.id, status: 'pending', amountPaise: refund.amountPaise };
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    console.log(`payment sequences: ${ran} ran, each on its own order, the money check held after every one`);
    await t?.close();
  });

  /** A new order with `paymentCount` payments made in the provider's popup, none of them told to the shop yet. */
  async function freshOrder(paymentCount: number): Promise<SequenceState> {
    const order = await placeOrder(t, buyer, [{ product, quantity: 1 }], 'razorpay');
    const { providerOrderId } = await startPayment(t, buyer, order._id);
    const payments: string[] = [];
    for (let i = 0; i < paymentCount; i++) payments.push((await sandbox.pay(providerOrderId, PRICE_PAISE)).paymentId);
    return { orderId: order._id, providerOrderId, payments, told: new Set() };
  }

  const verify = (state: SequenceState, paymentId: string) =>
    t.request('POST', '/api/payments/verify', {
      token: buyer.token,
      body: {
        razorpay_order_id: state.providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: hmac(sandboxSecrets(t).keySecret, `${state.providerOrderId}|${paymentId}`),
        orderId: state.orderId,
      },
    });

  /** The provider's latest refund for any payment of the order, or null when it made none yet. */
  const latestProviderRefund = (state: SequenceState) =>
    state.payments.flatMap((payment) => (providerRefunds.get(payment) ?? []).map((refund) => ({ ...refund, payment }))).at(-1) ?? null;

  const refundIdOf = async (state: SequenceState) =>
    ((await t.dataSource.query(`SELECT id FROM refunds WHERE order_id = $1 ORDER BY created_at DESC LIMIT 1`, [state.orderId])) as { id: string }[])[0]?.id;

  /** What the worker would do with the order's queued refund jobs, run now. */
  async function runRefundJobs(state: SequenceState): Promise<void> {
    const job = refundPaymentJob(refunds, sandbox);
    const waiting = (await t.dataSource.query(
      `SELECT a.id FROM refund_attempts a JOIN refunds r ON r.id = a.refund_id WHERE r.order_id = $1 AND a.status = 'pending' AND a.gateway_refund_id IS NULL ORDER BY a.created_at`,
      [state.orderId],
    )) as { id: string }[];
    for (const { id } of waiting) await job.handle({ data: { attemptId: id }, retryCount: 0, retryLimit: 8 } as never);
  }

  type Event = (state: SequenceState) => Promise<unknown>;
  const payment = (state: SequenceState, index: number) => {
    state.told.add(state.payments[index]);
    return state.payments[index];
  };
  const refundWebhook =
    (kind: 'right' | 'wrong' | 'failed'): Event =>
    async (state) => {
      const refund = latestProviderRefund(state);
      // The provider sends nothing about a refund it has not made.
      if (!refund) return;
      const amount = kind === 'wrong' ? (refund.amountPaise > 100 ? 100 : refund.amountPaise - 1) : refund.amountPaise;
      const status = kind === 'failed' ? 'failed' : 'processed';
      if (status === 'processed') providerPaidOut.set(refund.id, amount);
      return sendWebhook(t, `refund.${status}`, refundEvent(refund.id, refund.payment, amount, refund.reference, status));
    };
  const EVENTS: Record<string, Event> = {
    verify1: (state) => verify(state, payment(state, 0)),
    verify2: (state) => verify(state, payment(state, 1)),
    captured1: (state) => sendWebhook(t, 'payment.captured', captured(state.providerOrderId, payment(state, 0), PRICE_PAISE)),
    captured2: (state) => sendWebhook(t, 'payment.captured', captured(state.providerOrderId, payment(state, 1), PRICE_PAISE)),
    orderPaid1: (state) => sendWebhook(t, 'order.paid', orderPaid(state.providerOrderId, payment(state, 0), PRICE_PAISE)),
    orderPaid2: (state) => sendWebhook(t, 'order.paid', orderPaid(state.providerOrderId, payment(state, 1), PRICE_PAISE)),
    orderPaidNoEntity: (state) => {
      // The event names no payment: the shop must ask the provider, which knows them all.
      for (const id of state.payments) state.told.add(id);
      return sendWebhook(t, 'order.paid', {
        order: { entity: { id: state.providerOrderId, entity: 'order', amount: PRICE_PAISE, amount_paid: PRICE_PAISE, status: 'paid' } },
      });
    },
    staffCancel: (state) => t.request('PUT', `/api/orders/${state.orderId}/status`, { token: admin.token, body: { status: 'cancelled' } }),
    refundJob: runRefundJobs,
    refundProcessed: refundWebhook('right'),
    refundProcessedWrongAmount: refundWebhook('wrong'),
    refundFailed: refundWebhook('failed'),
    staffRetry: async (state) => t.request('POST', `/api/admin/refunds/${await refundIdOf(state)}/retry`, { token: admin.token }),
  };

  /** What must hold for the order after any sequence, besides the money check. */
  async function problemsOf(state: SequenceState): Promise<string[]> {
    const problems: string[] = (await checker.check([state.orderId])).flatMap((order) => order.problems);
    const [order] = (await t.dataSource.query(`SELECT status, is_paid AS "isPaid", razorpay_payment_id AS "paymentId" FROM orders WHERE id = $1`, [
      state.orderId,
    ])) as { status: string; isPaid: boolean; paymentId: string | null }[];
    const payments = (await t.dataSource.query(
      `SELECT p.provider_payment_id AS id, p.credited, r.id AS "refundId" FROM payments p LEFT JOIN refunds r ON r.payment_id = p.provider_payment_id WHERE p.order_id = $1`,
      [state.orderId],
    )) as { id: string; credited: boolean; refundId: string | null }[];
    for (const id of state.told) if (!payments.some((row) => row.id === id)) problems.push(`payment ${id} was told of but is not in the books`);
    const credited = payments.filter((row) => row.credited);
    if (credited.length > 1) problems.push('paid by two payments');
    if (order.status !== 'cancelled' && payments.length > 0 && (credited.length !== 1 || !order.isPaid || order.paymentId !== credited[0].id)) {
      problems.push('a payment arrived but the order is not paid by exactly one');
    }
    for (const row of payments) {
      const kept = row.credited && order.status !== 'cancelled';
      if (!kept && !row.refundId) problems.push(`payment ${row.id} is neither kept nor refunded`);
      if (kept && row.refundId) problems.push(`payment ${row.id} is kept and refunded`);
    }
    const refundRows = (await t.dataSource.query(
      `SELECT r.amount_paise AS "amountPaise", r.refunded_paise AS "refundedPaise", r.status,
         (SELECT count(*) FROM refund_attempts a WHERE a.refund_id = r.id AND a.gateway_refund_id IS NOT NULL)::int AS "madeAttempts"
       FROM refunds r WHERE r.order_id = $1`,
      [state.orderId],
    )) as { amountPaise: number; refundedPaise: number; status: string; madeAttempts: number }[];
    for (const refund of refundRows) {
      if (refund.refundedPaise > refund.amountPaise) problems.push('more refunded than owed');
      if ((refund.status === 'processed') !== (refund.refundedPaise === refund.amountPaise))
        problems.push(`refund ${refund.status} with ${refund.refundedPaise} of ${refund.amountPaise} refunded`);
    }
    const madeByProvider = state.payments.flatMap((id) => providerRefunds.get(id) ?? []);
    const made = refundRows.reduce((sum, refund) => sum + refund.madeAttempts, 0);
    const unsent = (await t.dataSource.query(
      `SELECT count(*)::int AS count FROM refund_attempts a JOIN refunds r ON r.id = a.refund_id WHERE r.order_id = $1 AND a.gateway_refund_id IS NULL AND a.status = 'pending'`,
      [state.orderId],
    )) as { count: number }[];
    if (unsent[0].count > 0) problems.push(`${unsent[0].count} refund attempts never reached the provider`);
    if (madeByProvider.length !== made) problems.push(`the provider made ${madeByProvider.length} refunds, the shop knows ${made}`);
    const paidOut = madeByProvider.reduce((sum, refund) => sum + (providerPaidOut.get(refund.id) ?? 0), 0);
    const booked = refundRows.reduce((sum, refund) => sum + refund.refundedPaise, 0);
    if (paidOut !== booked) problems.push(`the provider paid out ${paidOut} paise, the shop booked ${booked}`);
    return problems;
  }

  async function runAll(sequences: string[][], start: (state: SequenceState) => Promise<void>, paymentCount: number): Promise<string[]> {
    const failures: string[] = [];
    const queue = [...sequences];
    const worker = async () => {
      for (let sequence = queue.shift(); sequence; sequence = queue.shift()) {
        const state = await freshOrder(paymentCount);
        await start(state);
        for (const event of sequence) await EVENTS[event](state);
        // Whatever came last, the queued refund jobs run in the end: each attempt reaches the provider.
        await runRefundJobs(state);
        const problems = await problemsOf(state);
        if (problems.length > 0) failures.push(`${sequence.join(' → ')}: ${problems.join('; ')}`);
        ran += 1;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    return failures;
  }

  const nothing = async () => {};

  it(
    'one payment: verify, payment.captured, order.paid with and without the payment, a staff cancel (325 orders)',
    async () => {
      const sequences = permutations(['verify1', 'captured1', 'orderPaid1', 'orderPaidNoEntity', 'staffCancel'], 5);
      expect(sequences).toHaveLength(325);
      expect(await runAll(sequences, nothing, 1)).toEqual([]);
    },
    SEQUENCES_TIMEOUT_MS,
  );

  it(
    'two real payments: the first paying one pays the order, the other is refunded once (325 orders)',
    async () => {
      const sequences = permutations(['verify1', 'captured2', 'orderPaid1', 'verify2', 'orderPaidNoEntity'], 5);
      expect(await runAll(sequences, nothing, 2)).toEqual([]);
    },
    SEQUENCES_TIMEOUT_MS,
  );

  it(
    'two real payments and a staff cancel: both are refunded, each once (325 orders)',
    async () => {
      const sequences = permutations(['captured1', 'verify2', 'orderPaid2', 'orderPaidNoEntity', 'staffCancel'], 5);
      expect(await runAll(sequences, nothing, 2)).toEqual([]);
    },
    SEQUENCES_TIMEOUT_MS,
  );

  const REFUND_EVENTS = ['refundJob', 'refundProcessed', 'refundProcessedWrongAmount', 'refundFailed', 'staffRetry'];

  it(
    'the refund of a paid order cancelled by staff: the job, refund.processed right and wrong, refund.failed, a retry (325 orders)',
    async () => {
      const paidThenCancelled = async (state: SequenceState) => {
        await EVENTS.verify1(state);
        await EVENTS.staffCancel(state);
      };
      expect(await runAll(permutations(REFUND_EVENTS, 5), paidThenCancelled, 1)).toEqual([]);
    },
    SEQUENCES_TIMEOUT_MS,
  );

  it(
    'the refund of a second payment, in every order of the same refund events (325 orders)',
    async () => {
      const paidTwice = async (state: SequenceState) => {
        await EVENTS.verify1(state);
        await EVENTS.captured2(state);
      };
      expect(await runAll(permutations(REFUND_EVENTS, 5), paidTwice, 2)).toEqual([]);
    },
    SEQUENCES_TIMEOUT_MS,
  );
});
