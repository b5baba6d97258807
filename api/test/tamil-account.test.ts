import { formatCalendarDay, formatIndianDate } from '../src/common/format';
import { type AppConfig, DEMO_SELLER } from '../src/config/app-config';
import { InvoiceRenderer } from '../src/invoices/invoice-renderer';
import { TAMIL_RESET_SUBJECT } from '../src/mail/tamil-text';
import { discountedOrder, discountedOrderLines, longOrder } from './invoice-fixtures';
import { pdfText, pdftotext } from './pdf-text';
import { describeNeeding, pdftotextMissing } from './required-services';
import { placeOrder, seedProducts } from './shop-fixtures';
import { type CaughtMail, type SmtpCatcher, startSmtpCatcher } from './smtp-fixture';
import { createPlan, indiaDay, paidSubscription } from './subscription-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

const SITE = 'https://shop.thalirblooms.example';
const STAFF = 'staff@thalirblooms.example';
const PASSWORD = 'Malli#Poo2026';
const TAMIL = /[\u0B80-\u0BFF]/;
const LANGUAGE_REFUSED = { success: false, message: 'language must be one of: en, ta', errors: ['language must be one of: en, ta'] };

/** Every Latin character of a PDF's text, whitespace and Tamil left out, sorted: the same for two invoices that print the same fields. */
const latinCharacters = (text: string) => [...text.replace(/[\u0B80-\u0BFF\s]/g, '')].sort().join('');

/** An order mail's subject and both parts, as one mail to the address. */
const to = (address: string, subject: string) => (mail: CaughtMail) => mail.to.includes(address) && mail.subject === subject;

describe('an account in Tamil: its language, and the mails and invoices that follow it', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // No job workers: each test has the due mail sent (`workDue`) when it wants it.
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: SITE, SHOP_NOTIFY_EMAIL: STAFF, JOB_WORKERS: 'false', MAX_UNPAID_ORDERS: '100' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  let counter = 0;
  const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++counter}@example.com`;
  const register = (body: Record<string, unknown>) => t.request('POST', '/api/auth/register', { body: { password: PASSWORD, ...body } });
  const setLanguage = (user: TestUser, language: string) =>
    t.request('PUT', '/api/users/profile', { token: user.token, body: { name: 'Meenakshi Sundaram', language } });
  const storedLanguage = async (id: string) =>
    ((await t.dataSource.query(`SELECT preferred_language AS language FROM users WHERE id = $1`, [id])) as { language: string }[])[0].language;
  const received = (match: (mail: CaughtMail) => boolean) => {
    const found = smtp.mails.filter(match);
    expect(found).toHaveLength(1);
    return found[0];
  };

  it('registers in the language asked (English without one), answers it with the user, and refuses another with 400', async () => {
    const email = uniqueEmail('tamil');
    const res = await register({ name: 'Kayal Vizhi', email, language: 'ta' });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({ _id: expect.any(String), name: 'Kayal Vizhi', email, address: '', role: 'customer', language: 'ta' });
    expect(await storedLanguage(res.body.user._id)).toBe('ta');

    const login = await t.request('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(login.body.user.language).toBe('ta');
    expect((await t.request('GET', '/api/users/profile', { token: login.body.token })).body.language).toBe('ta');

    const english = await register({ name: 'Asha Rao', email: uniqueEmail('english') });
    expect([english.status, english.body.user.language]).toEqual([201, 'en']);

    for (const language of ['fr', 'TA', 7, ['ta']]) {
      const refused = await register({ name: 'Someone', email: uniqueEmail('refused'), language });
      expect([refused.status, refused.body]).toEqual([400, LANGUAGE_REFUSED]);
    }

    // The welcome goes out in the language registered in.
    await t.workDue();
    const welcome = received(to(email, 'Thalir Blooms உங்களை வரவேற்கிறது'));
    expect(welcome.html).toMatch(/<html dir="ltr" lang="ta">/);
    expect(welcome.text).toContain('வணக்கம் Kayal Vizhi, Thalir Blooms உங்களை வரவேற்கிறது');
    expect(welcome.text).toContain(`கடையைப் பாருங்கள் ${SITE}/products`);
    received(to(english.body.user.email, 'Welcome to Thalir Blooms'));
  });

  it('changes the language on the profile, keeps it when none is sent, refuses another with 400, and exports it', async () => {
    const user = await t.createUser({ password: PASSWORD });
    const changed = await setLanguage(user, 'ta');
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ name: 'Meenakshi Sundaram', language: 'ta' });
    const renamed = await t.request('PUT', '/api/users/profile', { token: user.token, body: { name: 'Meenakshi S.' } });
    expect(renamed.body.user).toMatchObject({ name: 'Meenakshi S.', language: 'ta' });

    const refused = await setLanguage(user, 'de');
    expect([refused.status, refused.body]).toEqual([400, LANGUAGE_REFUSED]);
    expect(await storedLanguage(user.id)).toBe('ta');

    expect((await t.request('GET', '/api/users/me/export', { token: user.token })).body.profile).toMatchObject({ email: user.email, language: 'ta' });
    expect((await setLanguage(user, 'en')).body.user.language).toBe('en');
  });

  it("mails a Tamil customer's order in Tamil, with the products' Tamil names, in the language they had when it was caused", async () => {
    const buyer = await t.createUser();
    await setLanguage(buyer, 'ta');
    const [rose, fern] = await seedProducts(t, [
      { name: 'Red Rose Bunch', pricePaise: 45000, stock: 10 },
      { name: 'Leatherleaf Fern', pricePaise: 4000, stock: 10 },
    ]);
    await t.dataSource.query(`INSERT INTO product_translations (product_id, lang, name) VALUES ($1, 'ta', 'சிவப்பு ரோஜா கொத்து')`, [rose]);
    const order = await placeOrder(t, buyer, [
      { product: rose, quantity: 3 },
      { product: fern, quantity: 1 },
    ]);
    const short = order._id.slice(-6).toUpperCase();
    // Switched back before the mail goes: it was written in Tamil with the order, and goes in Tamil.
    await setLanguage(buyer, 'en');
    await t.workDue();

    const subject = `உங்கள் Thalir Blooms ஆர்டர் ${short} பதிவானது`;
    const mail = received(to(buyer.email, subject));
    expect(mail.html).toMatch(/<html dir="ltr" lang="ta">/);
    for (const part of [mail.text, mail.html.replace(/<!-- -->/g, '')]) {
      expect(part).toContain(`நன்றி, Meenakshi Sundaram! உங்கள் ஆர்டர் பதிவானது`);
      expect(part).toContain(`${formatIndianDate(new Date(order.createdAt), 'ta')} அன்று நீங்கள் செய்த ${short} ஆர்டர் எங்களுக்குக் கிடைத்துவிட்டது`);
      expect(part).toContain('நீங்கள் ஆர்டர் செய்த 4 பொருட்கள்:');
      expect(part).toContain('பணம் செலுத்தும் முறை: டெலிவரியின்போது ரொக்கம்');
      expect(part).toContain('டெலிவரி முகவரி: 12 Lotus Street, Chennai 600001');
      expect(part).toContain('ஓசூரிலிருந்து புதிய பூக்களும் பச்சை இலைகளும்');
    }
    expect(mail.text).toMatch(/சிவப்பு ரோஜா கொத்து × 3\s+₹1,350\.00/);
    expect(mail.text).toMatch(/Leatherleaf Fern × 1\s+₹40\.00/);
    expect(mail.text).toMatch(/மொத்தம்\s+₹1,390\.00/);
    expect(mail.text).toContain(`உங்கள் ஆர்டரைப் பாருங்கள் ${SITE}/order/${order._id}`);
    expect(mail.text).not.toMatch(/Your order|Total|Payment:/);
    expect(
      await t.dataSource.query(`SELECT subject, payload->>'language' AS language FROM outbox_mails WHERE kind = 'order-placed' AND recipient = $1`, [
        buyer.email,
      ]),
    ).toEqual([{ subject, language: 'ta' }]);

    // The staff's notice stays in English.
    const notice = received(to(STAFF, `New order ${short}`));
    expect(notice.html).toMatch(/<html dir="ltr" lang="en">/);
    expect(notice.text).toMatch(/Red Rose Bunch × 3\s+₹1,350\.00/);

    // A mail caused after the switch is in English, byte for byte as it always was.
    expect((await t.request('POST', `/api/orders/${order._id}/cancel`, { token: buyer.token })).status).toBe(200);
    await t.workDue();
    const cancelled = received(to(buyer.email, `Order ${short} was cancelled`));
    expect(cancelled.text).toContain(`Order ${short} was cancelled (cancelled by customer).`);
    expect(cancelled.text).not.toMatch(TAMIL);
  });

  it("gives the reason of a Tamil customer's cancel in Tamil", async () => {
    const buyer = await t.createUser();
    await setLanguage(buyer, 'ta');
    const [rose] = await seedProducts(t, [{ name: 'Jasmine String', pricePaise: 12000, stock: 10 }]);
    const order = await placeOrder(t, buyer, [{ product: rose, quantity: 1 }]);
    const short = order._id.slice(-6).toUpperCase();
    expect((await t.request('POST', `/api/orders/${order._id}/cancel`, { token: buyer.token })).status).toBe(200);
    await t.workDue();
    const cancelled = received(to(buyer.email, `ஆர்டர் ${short} ரத்து செய்யப்பட்டது`));
    expect(cancelled.text).toContain(`${short} ஆர்டர் ரத்து செய்யப்பட்டது (நீங்களே ரத்து செய்தீர்கள்).`);
  });

  it("mails a Tamil subscriber's subscription in Tamil, the plan by its Tamil name", async () => {
    const staff = await t.createUser({ role: 'admin' });
    const [jasmine] = await seedProducts(t, [{ name: 'Jasmine string', pricePaise: 3000, stock: 1000 }]);
    const plan = await createPlan(t, staff, [{ productId: jasmine, quantity: 2 }]);
    await t.dataSource.query(`INSERT INTO subscription_plan_translations (plan_id, lang, name) VALUES ($1, 'ta', 'தினசரி பூஜைக் கூடை')`, [plan._id]);
    const buyer = await t.createUser();
    await setLanguage(buyer, 'ta');
    const subscription = await paidSubscription(t, buyer, plan);
    const [from, until] = [indiaDay(t, 3), indiaDay(t, 5)];
    expect((await t.request('POST', `/api/subscriptions/${subscription._id}/pauses`, { token: buyer.token, body: { from, to: until } })).status).toBe(201);
    await t.workDue();

    const started = received(to(buyer.email, 'உங்கள் பூ சந்தா தொடங்கியது'));
    expect(started.text).toContain('உங்கள் தினசரி பூஜைக் கூடை திட்டத்தில் 7 டெலிவரிகளுக்குப் பணம் செலுத்தப்பட்டுள்ளது.');
    const paused = received(to(buyer.email, 'உங்கள் பூ சந்தா இடைநிறுத்தப்பட்டது'));
    expect(paused.text).toContain(
      `${formatCalendarDay(from, 'date', 'ta')} முதல் ${formatCalendarDay(until, 'date', 'ta')} வரை தினசரி பூஜைக் கூடை டெலிவரி இருக்காது`,
    );
  });

  it('mails the password reset link in Tamil', async () => {
    const user = await t.createUser({ name: 'Kavya Mail' });
    await setLanguage(user, 'ta');
    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
    const [mail] = await smtp.waitFor(to(user.email, TAMIL_RESET_SUBJECT));
    expect(mail.html).toMatch(/<html dir="ltr" lang="ta">/);
    expect(mail.text).toContain('வணக்கம் Meenakshi Sundaram');
    expect(mail.text).toContain('30 நிமிடங்களில் காலாவதியாகிவிடும்');
    expect(mail.text).toMatch(new RegExp(`புதிய கடவுச்சொல்லைத் தேர்ந்தெடுங்கள் ${SITE}/reset-password/[A-Za-z0-9_-]{43}`));
  });

  it('erases a Tamil account: the goodbye in Tamil, and the language forgotten with the rest', async () => {
    const res = await register({ name: 'Kayal Vizhi', email: uniqueEmail('leaving'), language: 'ta' });
    const { _id: id, email } = res.body.user;
    expect((await t.request('DELETE', '/api/users/me', { token: res.body.token, body: { password: PASSWORD } })).status).toBe(200);
    await t.workDue();
    const goodbye = smtp.mails.find((mail) => mail.subject === 'உங்கள் Thalir Blooms கணக்கு நீக்கப்பட்டது' && mail.to.includes(email));
    expect(goodbye?.text).toContain('இதுவே நாங்கள் உங்களுக்கு அனுப்பும் கடைசி மின்னஞ்சல்');
    expect(await storedLanguage(id)).toBe('en');
  });

  describeNeeding(pdftotextMissing(), 'its invoice, read back with pdftotext', () => {
    it("prints a Tamil buyer's invoice with Tamil headings beside the English, read back as written, and every GST field as in English", async () => {
      const buyer = await t.createUser({ name: 'Kayal Vizhi' });
      await setLanguage(buyer, 'ta');
      const [vase, rose] = await seedProducts(t, [
        { name: 'Ceramic Vase', pricePaise: 118000, stock: 10 },
        { name: 'Red Rose', pricePaise: 2500, stock: 100 },
      ]);
      await t.dataSource.query(`UPDATE products SET hsn_code = '6913', gst_rate_bp = 1800 WHERE id = $1`, [vase]);
      const order = await placeOrder(t, buyer, [
        { product: vase, quantity: 1 },
        { product: rose, quantity: 12 },
      ]);
      const download = () => t.request('GET', `/api/orders/${order._id}/invoice`, { token: buyer.token });

      const tamil = await download();
      expect(tamil.status).toBe(200);
      const text = pdftotext(tamil.raw);
      for (const heading of ['வரி விலைப்பட்டியல்', 'வாங்குபவர்', 'டெலிவரி', 'பணம் செலுத்துதல்', 'பொருள்', 'வரிக்குரிய மதிப்பு', 'மொத்த வரி', 'மொத்தம்']) {
        expect(text).toContain(heading);
      }
      const { text: read, pages } = await pdfText(tamil.raw);
      expect(pages).toBe(1);
      for (const field of [
        'TAX INVOICE',
        'GSTIN 33AABCT1234C1Z3',
        `Invoice no. ${order.invoiceNumber}`,
        'Place of supply: Tamil Nadu (33)',
        'Ceramic Vase 6913 1 ₹1,180.00 ₹1,000.00 18% ₹90.00 ₹90.00 ₹1,180.00',
        'Red Rose 0603 12 ₹25.00 ₹300.00 0% ₹0.00 ₹0.00 ₹300.00',
        '18% ₹1,000.00 ₹90.00 ₹90.00 ₹180.00',
        'Rupees One Thousand Four Hundred Eighty Only',
      ]) {
        expect(read).toContain(field);
      }

      // Back in English, the same order's invoice is the English one: the same Latin text, no Tamil, another ETag.
      await setLanguage(buyer, 'en');
      const english = await download();
      const englishText = pdftotext(english.raw);
      expect(englishText).not.toMatch(TAMIL);
      expect(english.headers.etag).not.toBe(tamil.headers.etag);
      expect(latinCharacters(text)).toBe(latinCharacters(englishText));
    });
  });
});

/** The renderer alone, on orders as their JSON reads (invoice-fixtures.ts). */
describe('the invoice PDF in Tamil', () => {
  const renderer = new InvoiceRenderer({ seller: DEMO_SELLER } as AppConfig);

  it('keeps 25 discounted lines, the delivery charge and a long address on one page', async () => {
    const { order, lines } = longOrder();
    const { text, pages } = await pdfText(await renderer.render({ order, lines, language: 'ta' }));
    expect(pages).toBe(1);
    for (const expected of [
      'Line 1 ',
      'Line 25 ',
      'Delivery charge',
      '₹81,431.25',
      'Rupees Eighty One Thousand Four Hundred Thirty One and Twenty Five Paise Only',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('leaves English invoices exactly as they were: the same bytes before and after a Tamil one', async () => {
    const english = await renderer.render({ order: discountedOrder, lines: discountedOrderLines });
    await renderer.render({ order: discountedOrder, lines: discountedOrderLines, language: 'ta' });
    expect((await renderer.render({ order: discountedOrder, lines: discountedOrderLines })).equals(english)).toBe(true);
  });

  describeNeeding(pdftotextMissing(), 'read back with pdftotext', () => {
    it('shapes the Tamil (vowel signs before their consonant, conjuncts with pulli) and gives it back in written order', async () => {
      const pdf = await renderer.render({ order: discountedOrder, lines: discountedOrderLines, language: 'ta' });
      const text = pdftotext(pdf);
      // As written: டெ is ட then ெ (drawn ெ first), ட்டி is ட ் ட ி (drawn as two glyphs).
      for (const heading of ['வரி விலைப்பட்டியல்', 'வாங்குபவர்', 'டெலிவரி', 'தள்ளுபடி', 'மொத்தம்', 'வரி வீதம்']) expect(text).toContain(heading);
      // A word never starts with a vowel sign or a pulli when read in written order.
      expect(text).not.toMatch(/(^|\s)[\u0BBE-\u0BCD]/);
      const english = pdftotext(await renderer.render({ order: discountedOrder, lines: discountedOrderLines }));
      expect(latinCharacters(text)).toBe(latinCharacters(english));

      // A Bill of Supply has its own title.
      const exempt = [
        { hsnCode: '0603', gstRateBp: 0 },
        { hsnCode: '0604', gstRateBp: 0 },
      ];
      expect(pdftotext(await renderer.render({ order: discountedOrder, lines: exempt, language: 'ta' }))).toMatch(/வழங்கல் பட்டியல்\s+[^]*BILL OF SUPPLY/);
    });
  });
});
