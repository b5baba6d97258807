import type { ReactElement } from 'react';
import { renderMail } from '../mail-composer';
import type { MailRequest, OrderForMail, OrderMailKind, SubscriptionMailFacts } from '../mail-kinds';
import { subjectOf } from '../outbox';
import { ContactAckMail, LowStockMail, OrderMail, ResetPasswordMail, StaffContactMail, SubscriptionMail, WelcomeMail } from './mails';

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'quotes'`;
const site = { url: 'https://shop.thalirblooms.example' };

const order: OrderForMail = {
  id: '0b8f1c2e-aaaa-4bbb-8ccc-00000000abc1',
  shortId: '00ABC1',
  buyerName: `Meena ${HOSTILE}`,
  buyerEmail: 'meena@example.com',
  lines: [
    { name: `Rose ${HOSTILE}`, quantity: 12, unitPaise: 12050 },
    { name: 'Fern', quantity: 1, unitPaise: 4000 },
  ],
  discounts: [],
  deliveryFeePaise: 0,
  deliveryDiscountPaise: 0,
  totalPaise: 148600,
  paymentMethod: 'razorpay',
  address: `12 Lotus Street\n${HOSTILE}\nChennai 600001`,
  createdAt: new Date('2026-11-25T05:00:00Z'),
};

/** The HTML with React's empty separators out, and the plain-text part. */
async function rendered(element: ReactElement) {
  const { html, text } = await renderMail(element);
  return { html: html.replace(/<!-- -->/g, ''), text };
}

/** No tag a customer typed survives as a tag; `shown` when the mail shows their text at all. */
function expectEscaped(html: string, shown = true) {
  expect(html).not.toMatch(/<script|<img src=x/);
  if (shown) expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
}

describe("a subscription's mails", () => {
  const subscription = { id: '5a1b2c3d-aaaa-4bbb-8ccc-0000000000aa', planName: `Daily pooja basket ${HOSTILE}`, buyerName: `Lakshmi ${HOSTILE}` };
  it.each<[SubscriptionMailFacts['kind'], Omit<SubscriptionMailFacts, 'kind'>, string, string[]]>([
    ['subscription-started', { creditsLeft: 7 }, 'Your flower subscription has started', ['paid for 7 deliveries', 'See your deliveries']],
    [
      'subscription-low-credits',
      { creditsLeft: 3 },
      '3 deliveries left on your flower subscription',
      ['has 3 deliveries left', '/subscriptions?buy=5a1b2c3d-aaaa-4bbb-8ccc-0000000000aa'],
    ],
    ['subscription-paused', { from: '2026-12-07', until: '2026-12-13' }, 'Your flower subscription is paused', ['from 7 Dec 2026 to 13 Dec 2026']],
    ['subscription-resumed', {}, 'Your flower subscription is resumed', ['Your pause is over']],
    [
      'subscription-delivery-not-made',
      { date: '2026-12-02' },
      'We could not make a delivery of your flower subscription',
      ['of 2 Dec 2026', 'No delivery was used for it'],
    ],
    ['subscription-cancelled', { refundPaise: 36000 }, 'Your flower subscription is cancelled', ['The ₹360.00 for the deliveries you did not use goes back']],
  ])('%s: says what happened, escapes what was typed, and links to the subscriptions page', async (kind, facts, subject, says) => {
    const mail = { kind, ...facts } as SubscriptionMailFacts;
    const { html, text } = await rendered(<SubscriptionMail site={site} subscription={subscription} mail={mail} />);
    expectEscaped(html);
    expect(subjectOf({ ...mail, to: 'lakshmi@example.com', subscriptionId: subscription.id })).toBe(subject);
    for (const phrase of says) expect(text).toContain(phrase);
    expect(text).toContain(`${site.url}/subscriptions`);
  });
});

describe('mail templates', () => {
  const orderKinds: OrderMailKind[] = [
    'order-placed',
    'payment-received',
    'order-shipped',
    'order-delivered',
    'delivery-failed',
    'order-cancelled',
    'payment-window-expired',
    'refund-started',
    'refund-processed',
    'staff-new-order',
  ];

  it.each(orderKinds)('%s: escapes what customers typed and links to the order on PUBLIC_URL', async (kind) => {
    const { html, text } = await rendered(<OrderMail kind={kind} site={site} order={order} refund={{ amountPaise: 148600, manual: false }} reason={HOSTILE} />);
    expectEscaped(html, ['order-placed', 'payment-received', 'order-shipped', 'delivery-failed', 'order-cancelled', 'staff-new-order'].includes(kind));
    const link = kind === 'staff-new-order' ? `${site.url}/admin/orders?q=${order.id}` : `${site.url}/order/${order.id}`;
    expect(html).toContain(`href="${link}"`);
    expect(text).toContain(link);
    expect(text).toContain('Thalir Blooms');
    expect(html).toContain('14 Rayakottai Road');
    expect(subjectOf({ kind, to: 'x@example.com', orderId: order.id } as MailRequest)).toContain('00ABC1');
  });

  it('order placed: every line with quantity and line total, the total, the payment method and the address', async () => {
    const { html, text } = await rendered(<OrderMail kind="order-placed" site={site} order={order} refund={null} reason={null} />);
    expect(text).toMatch(/Rose <script>alert\("x"\)<\/script><img src=x onerror=alert\(1\)> & 'quotes' × 12\s+₹1,446\.00/);
    expect(text).toMatch(/Fern × 1\s+₹40\.00/);
    expect(text).toMatch(/Total\s+₹1,486\.00/);
    expect(text).toContain('Payment: Credit/Debit Card (Razorpay)');
    expect(text).toContain('Delivery address: 12 Lotus Street');
    expect(html).toContain('Delivery address: 12 Lotus Street\n&lt;script&gt;');
    expect(html).toContain('Your order 00ABC1 of 25 Nov 2026 is with us');
  });

  it('order placed with offers and a delivery charge: each offer taken off the items and the delivery before the total', async () => {
    const discounted: OrderForMail = {
      ...order,
      discounts: [
        { name: 'Roses 10% off', code: 'ROSES10', itemsPaise: 12000, deliveryPaise: 0 },
        { name: 'Weekend ₹50 off', code: null, itemsPaise: 5000, deliveryPaise: 0 },
      ],
      deliveryFeePaise: 6000,
      totalPaise: 148600 - 17000 + 6000,
    };
    const { html, text } = await rendered(<OrderMail kind="order-placed" site={site} order={discounted} refund={null} reason={null} />);
    expect(text).toMatch(/Fern × 1\s+₹40\.00\s+ROSES10\s+−₹120\.00\s+Weekend ₹50 off\s+−₹50\.00\s+Delivery\s+₹60\.00\s+Total\s+₹1,376\.00/);
    expect(html).toContain('−₹120.00');

    // Free delivery waives the fee: the delivery row says so and names the offer.
    const freeDelivery: OrderForMail = {
      ...order,
      discounts: [{ name: 'Free delivery over ₹1,000', code: 'SHIPFREE', itemsPaise: 0, deliveryPaise: 6000 }],
      deliveryFeePaise: 6000,
      deliveryDiscountPaise: 6000,
    };
    for (const kind of ['order-placed', 'order-shipped', 'staff-new-order'] as const) {
      const mail = await rendered(<OrderMail kind={kind} site={site} order={freeDelivery} refund={null} reason={null} />);
      expect(mail.text).toMatch(/Fern × 1\s+₹40\.00\s+Delivery \(SHIPFREE\)\s+Free\s+Total\s+₹1,486\.00/);
      expect(mail.text).not.toContain('−');
    }

    // A slot's surcharge stays charged after free delivery; an order without a delivery charge shows no delivery row.
    const surcharge = await rendered(
      <OrderMail kind="order-placed" site={site} order={{ ...freeDelivery, deliveryFeePaise: 10000, totalPaise: 152600 }} refund={null} reason={null} />,
    );
    expect(surcharge.text).toMatch(/Delivery \(SHIPFREE\)\s+₹40\.00\s+Total\s+₹1,526\.00/);
    const plain = await rendered(<OrderMail kind="order-placed" site={site} order={order} refund={null} reason={null} />);
    expect(plain.text).toMatch(/Fern × 1\s+₹40\.00\s+Total\s+₹1,486\.00/);
  });

  it('cancelled: names the reason and the refund, or the team when there is no reason', async () => {
    const paid = await rendered(
      <OrderMail kind="order-cancelled" site={site} order={order} refund={{ amountPaise: 148600, manual: false }} reason="cancelled by customer" />,
    );
    expect(paid.text).toContain('Order 00ABC1 was cancelled (cancelled by customer).');
    expect(paid.text).toContain('The ₹1,486.00 you paid for order 00ABC1 goes back');
    const cash = await rendered(
      <OrderMail kind="order-cancelled" site={site} order={{ ...order, paymentMethod: 'cash' }} refund={{ amountPaise: 148600, manual: true }} reason={null} />,
    );
    expect(cash.text).toContain('Order 00ABC1 was cancelled by our team.');
    expect(cash.text).toContain('We will hand the ₹1,486.00 you paid in cash back to you');
  });

  it('welcome, contact and staff mails escape names and messages', async () => {
    const message = `Hello!\n${HOSTILE}`;
    const mails = [
      <WelcomeMail site={site} name={HOSTILE} />,
      <ContactAckMail name={HOSTILE} message={message} />,
      <StaffContactMail site={site} name={HOSTILE} email="olivia@example.com" message={message} />,
      <LowStockMail
        site={site}
        threshold={5}
        products={[
          { name: HOSTILE, stock: 0 },
          { name: 'Fern', stock: 3 },
        ]}
      />,
      <ResetPasswordMail name={HOSTILE} link="https://shop.thalirblooms.example/reset-password/abc" validMinutes={30} />,
    ];
    for (const mail of mails) {
      const { html, text } = await rendered(mail);
      expectEscaped(html);
      expect(text).toContain('<script>alert("x")</script>');
    }
    const digest = await rendered(mails[3]);
    expect(digest.text).toContain('Fern: 3 left');
    expect(digest.text).toMatch(/<\/script>.*: sold out/);
    expect(
      subjectOf({
        kind: 'staff-low-stock',
        to: 's@example.com',
        threshold: 5,
        products: [
          { name: 'a', stock: 1 },
          { name: 'b', stock: 0 },
        ],
      }),
    ).toBe('Low stock: 2 products at or under 5');
  });
});
