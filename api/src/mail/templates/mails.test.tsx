import type { ReactElement } from 'react';
import { renderMail } from '../mail-composer';
import type { MailRequest, OrderForMail, OrderMailKind, SubscriptionMailFacts } from '../mail-kinds';
import { subjectOf } from '../outbox';
import { tamilSubjectOf } from '../tamil-text';
import { ContactAckMail, LowStockMail, OrderMail, ResetPasswordMail, StaffContactMail, SubscriptionMail, WelcomeMail } from './mails';
import {
  type CustomerOrderMailKind,
  TamilAccountErasedMail,
  TamilContactAckMail,
  TamilEnquiryAckMail,
  TamilNewsletterConfirmMail,
  TamilOrderMail,
  TamilResetPasswordMail,
  TamilSubscriptionMail,
  TamilWelcomeMail,
} from './tamil-mails';

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

describe('the mails in Tamil', () => {
  const customerKinds: CustomerOrderMailKind[] = [
    'order-placed',
    'payment-received',
    'order-shipped',
    'order-delivered',
    'delivery-failed',
    'order-cancelled',
    'payment-window-expired',
    'refund-started',
    'refund-processed',
  ];

  it.each(customerKinds)('%s: in Tamil (lang="ta"), with a Tamil subject, escaping what customers typed, linking to the order', async (kind) => {
    const { html, text } = await rendered(
      <TamilOrderMail kind={kind} site={site} order={order} refund={{ amountPaise: 148600, manual: false }} reason={HOSTILE} />,
    );
    expect(html).toMatch(/<html dir="ltr" lang="ta">/);
    expectEscaped(html, ['order-placed', 'payment-received', 'order-shipped', 'delivery-failed', 'order-cancelled'].includes(kind));
    expect(html).toContain(`href="${site.url}/order/${order.id}"`);
    expect(text).toContain('Thalir Blooms');
    expect(text).toContain('ஓசூரிலிருந்து புதிய பூக்களும் பச்சை இலைகளும்');
    expect(text).toContain('14, ராயக்கோட்டை சாலை, ஓசூர்');
    const subject = tamilSubjectOf({ kind, to: 'x@example.com', orderId: order.id } as MailRequest);
    expect(subject).toContain('00ABC1');
    expect(subject).toMatch(/[\u0B80-\u0BFF]/);
  });

  it('order placed: the items counted in the form Tamil gives the number, lines, total, payment and address in Tamil, the date as ta-IN writes it', async () => {
    const { text } = await rendered(<TamilOrderMail kind="order-placed" site={site} order={order} refund={null} reason={null} />);
    expect(text).toContain('25 நவ., 2026 அன்று நீங்கள் செய்த 00ABC1 ஆர்டர் எங்களுக்குக் கிடைத்துவிட்டது. நீங்கள் ஆர்டர் செய்த 13 பொருட்கள்:');
    expect(text).toMatch(/Fern × 1\s+₹40\.00\s+மொத்தம்\s+₹1,486\.00/);
    expect(text).toContain('பணம் செலுத்தும் முறை: கிரெடிட்/டெபிட் கார்டு (Razorpay)');
    expect(text).toContain('டெலிவரி முகவரி: 12 Lotus Street');
    const one = await rendered(
      <TamilOrderMail kind="order-placed" site={site} order={{ ...order, lines: [order.lines[1]], paymentMethod: 'cash' }} refund={null} reason={null} />,
    );
    expect(one.text).toContain('நீங்கள் ஆர்டர் செய்த 1 பொருள்:');
    expect(one.text).toContain('பூக்கள் வந்து சேரும்போது செலுத்த ₹1,486.00 தயாராக வைத்திருங்கள்.');
    // Free delivery, in Tamil.
    const free = await rendered(
      <TamilOrderMail
        kind="order-shipped"
        site={site}
        order={{
          ...order,
          discounts: [{ name: 'Free delivery', code: 'SHIPFREE', itemsPaise: 0, deliveryPaise: 6000 }],
          deliveryFeePaise: 6000,
          deliveryDiscountPaise: 6000,
        }}
        refund={null}
        reason={null}
      />,
    );
    expect(free.text).toMatch(/டெலிவரி \(SHIPFREE\)\s+இலவசம்/);
  });

  it("gives the shop's own reasons in Tamil and a cash refund as cash", async () => {
    const cancelled = await rendered(
      <TamilOrderMail kind="order-cancelled" site={site} order={order} refund={{ amountPaise: 148600, manual: true }} reason="cancelled by customer" />,
    );
    expect(cancelled.text).toContain('00ABC1 ஆர்டர் ரத்து செய்யப்பட்டது (நீங்களே ரத்து செய்தீர்கள்).');
    expect(cancelled.text).toContain('நீங்கள் ரொக்கமாகச் செலுத்திய ₹1,486.00 உங்களுக்குத் திருப்பித் தரப்படும்');
    const failed = await rendered(<TamilOrderMail kind="delivery-failed" site={site} order={order} refund={null} reason="could not deliver: nobody home" />);
    expect(failed.text).toContain('(வீட்டில் யாரும் இல்லை)');
    const byTeam = await rendered(<TamilOrderMail kind="order-cancelled" site={site} order={order} refund={null} reason={null} />);
    expect(byTeam.text).toContain('00ABC1 ஆர்டரை எங்கள் குழு ரத்து செய்தது.');
  });

  const subscription = { id: '5a1b2c3d-aaaa-4bbb-8ccc-0000000000aa', planName: `தினசரி பூஜைக் கூடை ${HOSTILE}`, buyerName: `Lakshmi ${HOSTILE}` };
  it.each<[SubscriptionMailFacts, string, string[]]>([
    [{ kind: 'subscription-started', creditsLeft: 7 }, 'உங்கள் பூ சந்தா தொடங்கியது', ['7 டெலிவரிகளுக்குப் பணம் செலுத்தப்பட்டுள்ளது']],
    [{ kind: 'subscription-started', creditsLeft: 1 }, 'உங்கள் பூ சந்தா தொடங்கியது', ['1 டெலிவரிக்குப் பணம் செலுத்தப்பட்டுள்ளது']],
    [{ kind: 'subscription-low-credits', creditsLeft: 3 }, 'உங்கள் பூ சந்தாவில் இன்னும் 3 டெலிவரிகள் மட்டுமே உள்ளன', ['/subscriptions?buy=']],
    [{ kind: 'subscription-low-credits', creditsLeft: 1 }, 'உங்கள் பூ சந்தாவில் இன்னும் 1 டெலிவரி மட்டுமே உள்ளது', ['இன்னும் 1 டெலிவரி மட்டுமே உள்ளது.']],
    [{ kind: 'subscription-paused', from: '2026-12-07', until: '2026-12-13' }, 'உங்கள் பூ சந்தா இடைநிறுத்தப்பட்டது', ['7 டிச., 2026 முதல் 13 டிச., 2026 வரை']],
    [{ kind: 'subscription-resumed' }, 'உங்கள் பூ சந்தா மீண்டும் தொடங்கியது', ['இடைநிறுத்தம் முடிந்தது']],
    [
      { kind: 'subscription-delivery-not-made', date: '2026-12-02' },
      'உங்கள் பூ சந்தாவின் ஒரு டெலிவரியைச் செய்ய முடியவில்லை',
      ['2 டிச., 2026 அன்றைய உங்கள்', 'போதுமான புதிய பூக்கள் எங்களிடம் இல்லாததால்', 'எந்த டெலிவரியும் கழிக்கப்படவில்லை'],
    ],
    [{ kind: 'subscription-cancelled', refundPaise: 36000 }, 'உங்கள் பூ சந்தா ரத்து செய்யப்பட்டது', ['பயன்படுத்தாத டெலிவரிகளுக்கான ₹360.00']],
  ])('%j: in Tamil, plurals in the form Tamil gives the number', async (mail, subject, says) => {
    const { html, text } = await rendered(<TamilSubscriptionMail site={site} subscription={subscription} mail={mail} />);
    expect(html).toMatch(/<html dir="ltr" lang="ta">/);
    expectEscaped(html);
    expect(tamilSubjectOf({ ...mail, to: 'lakshmi@example.com', subscriptionId: subscription.id } as MailRequest)).toBe(subject);
    for (const phrase of says) expect(text).toContain(phrase);
    expect(text).toContain(`${site.url}/subscriptions`);
  });

  it('welcome, contact, enquiry, newsletter, erasure and reset mails are in Tamil and escape what was typed; staff notices have no Tamil subject', async () => {
    const enquiry = {
      id: 'e1',
      company: HOSTILE,
      contactName: 'Jo',
      email: 'jo@example.com',
      phone: null,
      country: 'DE',
      products: [{ name: 'Rose' }],
      quantity: 12000,
      frequency: 'weekly',
      targetMonth: '2027-01',
      message: HOSTILE,
    };
    const mails = [
      <TamilWelcomeMail site={site} name={HOSTILE} />,
      <TamilContactAckMail name={HOSTILE} message={HOSTILE} />,
      <TamilEnquiryAckMail enquiry={enquiry} />,
      <TamilResetPasswordMail name={HOSTILE} link="https://shop.thalirblooms.example/reset-password/abc" validMinutes={30} />,
    ];
    for (const mail of mails) {
      const { html } = await rendered(mail);
      expect(html).toMatch(/<html dir="ltr" lang="ta">/);
      expectEscaped(html);
    }
    expect((await rendered(mails[2])).text).toContain('ஒவ்வொரு அனுப்புதலிலும் தண்டுகள்: 12,000');
    const newsletter = await rendered(<TamilNewsletterConfirmMail confirmUrl="https://c.example" unsubscribeUrl="https://u.example" />);
    expect(newsletter.text).toContain('ஆம், என்னைச் சேர்த்துக்கொள்ளுங்கள் https://c.example');
    const erased = await rendered(<TamilAccountErasedMail site={site} invoicesKept={3} invoicesWithNameAndAddress={1} />);
    expect(erased.text).toContain('உங்கள் 3 ஆர்டர்களின் வரி விலைப்பட்டியல்களை 72 மாதங்கள்');
    expect(erased.text).toContain('(1 ஆர்டர்)');

    for (const kind of ['welcome', 'contact-ack', 'enquiry-ack', 'newsletter-confirm', 'account-erased'] as const) {
      expect(tamilSubjectOf({ kind, to: 'x' } as MailRequest)).toMatch(/[\u0B80-\u0BFF]/);
    }
    for (const kind of ['staff-new-order', 'staff-contact-message', 'staff-new-enquiry', 'staff-low-stock'] as const) {
      expect(tamilSubjectOf({ kind, to: 'x', threshold: 5, products: [] } as unknown as MailRequest)).toBeNull();
    }
  });
});
