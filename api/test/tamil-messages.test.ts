import { formatCalendarDay } from '../src/common/format';
import { inMinutes } from '../src/common/rate-limit/rate-limiter';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../src/common/database-errors';
import { TAMIL_MESSAGES, TAMIL_PATTERNS, tamilMessage, withTamilMessages } from '../src/common/tamil-messages';
import { CONTACT_SENT } from '../src/contact/contact.controller';
import { addDays, deliveryRefusal, indiaClock, unknownSlotMessage } from '../src/delivery/delivery-rules';
import { SUBSCRIBED } from '../src/newsletter/newsletter.controller';
import { shortStockMessage, tooManyUnitsMessage } from '../src/orders/order-lifecycle';
import { LATE_PAYMENT_REFUNDED, SECOND_PAYMENT_REFUNDED, WRONG_AMOUNT_REFUNDED } from '../src/payments/payments.service';
import { codeRefusalMessage, type OfferRule } from '../src/pricing/pricing';
import { pauseRefusal, subscribeRefusal, tooLateMessage, tooLateToMoveMessage } from '../src/subscriptions/subscription-rules';
import { cutoffAt } from '../src/subscriptions/subscription-schedule';
import { DELIVERY_POLICY } from './delivery-fixtures';
import { seedProducts } from './shop-fixtures';
import { createPlan, paidSubscription } from './subscription-fixtures';
import { createTestApp, type TestApp, type TestResponse, type TestUser } from './test-app';

const TAMIL = /[\u0B80-\u0BFF]/;
const ASK_TAMIL = { 'accept-language': 'ta' };
const PASSWORD = 'Malli#Poo2026';

/** The named groups a RegExp has (an alternative matching the empty string lists them all). */
const groupsOf = (regExp: RegExp) => Object.keys(new RegExp(`${regExp.source}|`).exec('')?.groups ?? {}).sort();
const placeholdersOf = (template: string) => [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();

const offer = (fields: Partial<OfferRule>) => ({ name: 'Festive 10%', validFrom: null, minItemsPaise: null, ...fields }) as OfferRule;

describe('the table of Tamil messages', () => {
  it('keeps every named value of each pattern in its Tamil, and names no other', () => {
    for (const { english, tamil } of TAMIL_PATTERNS) {
      expect({ pattern: english.source, placeholders: placeholdersOf(tamil) }).toEqual({ pattern: english.source, placeholders: groupsOf(english) });
      expect(english.source.startsWith('^') && english.source.endsWith('$')).toBe(true);
      expect(tamil).toMatch(TAMIL);
    }
  });

  it('has Tamil for every fixed message, with no placeholder left in it', () => {
    for (const [english, tamil] of Object.entries(TAMIL_MESSAGES)) {
      expect({ english, tamil: TAMIL.test(tamil) && !/\{\w+\}/.test(tamil) }).toEqual({ english, tamil: true });
    }
  });

  it('translates the messages the API really composes (values kept, dates, times and slots in Tamil)', () => {
    const now = new Date('2026-11-26T10:00:00Z'); // 3:30 PM in India: past the same-day cut-off
    const dated = [
      deliveryRefusal({ date: '2026-11-20', slot: 'Morning 8–12', pincode: '600004' }, now, DELIVERY_POLICY),
      deliveryRefusal({ date: '2027-02-01', slot: 'Morning 8–12', pincode: '600004' }, now, DELIVERY_POLICY),
      deliveryRefusal({ date: '2026-12-25', slot: 'Morning 8–12', pincode: '600004' }, now, DELIVERY_POLICY),
      codeRefusalMessage('not-started', offer({ validFrom: '2026-12-02' })),
      tooLateMessage('2026-12-02', 'Morning 8–12', DELIVERY_POLICY),
      tooLateToMoveMessage('2026-12-02', 'Evening 4–8', DELIVERY_POLICY),
      pauseRefusal('2026-11-20', '2026-11-30', now),
    ];
    expect(dated.map((message) => tamilMessage(message!))).toEqual([
      '20 நவ., 2026 கடந்துவிட்டது; வேறொரு நாளைத் தேர்ந்தெடுங்கள்',
      'அதிகபட்சம் 30 நாட்கள் முன்னதாக மட்டுமே ஆர்டர்களை ஏற்கிறோம்: 26 டிச., 2026 வரையிலான ஒரு நாளைத் தேர்ந்தெடுங்கள்',
      '25 டிச., 2026 அன்று நாங்கள் டெலிவரி செய்வதில்லை; வேறொரு நாளைத் தேர்ந்தெடுங்கள்',
      'இந்தக் குறியீட்டை 2 டிச., 2026 முதல் பயன்படுத்தலாம்',
      '2 டிச., 2026 டெலிவரியை மாற்ற இப்போது தாமதமாகிவிட்டது: மாற்றங்களுக்கான நேரம் அன்று முற்பகல் 8:00 மணிக்கே முடிந்துவிட்டது',
      '2 டிச., 2026 டெலிவரியை மாலை 4–8 நேரத்துக்கு மாற்ற இப்போது தாமதமாகிவிட்டது: மாற்றங்களுக்கான நேரம் அன்று பிற்பகல் 2:00 மணிக்கே முடிந்துவிட்டது',
      '20 நவ., 2026 கடந்துவிட்டது; இடைநிறுத்தம் இன்றோ அதற்குப் பிறகோ தொடங்க வேண்டும்',
    ]);
    // Every month's date reads as the storefront writes it (Intl's ta-IN), "Sept" included.
    for (let month = 1; month <= 12; month++) {
      const date = `2027-${String(month).padStart(2, '0')}-09`;
      expect(tamilMessage(`${formatCalendarDay(date)} has passed; please choose another day`)).toBe(
        `${formatCalendarDay(date, 'date', 'ta')} கடந்துவிட்டது; வேறொரு நாளைத் தேர்ந்தெடுங்கள்`,
      );
    }

    const valued = {
      [shortStockMessage('Red Rose', 0)]: 'Red Rose கையிருப்பில் இல்லை',
      [shortStockMessage('Red Rose', 3)]: 'Red Rose: கையிருப்பில் இன்னும் 3 மட்டுமே',
      [deliveryRefusal({ date: '2026-11-27', slot: 'Morning 8–12', pincode: '110001' }, now, DELIVERY_POLICY)!]:
        'PIN குறியீடு 110001 உள்ள பகுதிக்கு இன்னும் நாங்கள் டெலிவரி செய்வதில்லை',
      [deliveryRefusal({ date: '2026-11-26', slot: 'Evening 4–8', pincode: '600004' }, now, DELIVERY_POLICY)!]:
        'அதே நாள் டெலிவரிக்கான ஆர்டர்கள் பிற்பகல் 2:00 மணிக்கு முடிந்துவிடும்',
      [deliveryRefusal({ date: '2026-11-26', slot: 'Morning 8–12', pincode: '600004' }, new Date('2026-11-26T04:00:00Z'), DELIVERY_POLICY)!]:
        'இன்றைய காலை 8–12 டெலிவரி நேரம் ஏற்கெனவே தொடங்கிவிட்டது; அதற்குப் பிந்தைய நேரத்தைத் தேர்ந்தெடுங்கள்',
      [unknownSlotMessage(DELIVERY_POLICY)]: 'டெலிவரி நேரங்களில் ஒன்றைத் தேர்ந்தெடுங்கள்: காலை 8–12, மதியம் 12–4, மாலை 4–8',
      [codeRefusalMessage('minimum', offer({ minItemsPaise: 150000 }))]: 'இந்தக் குறியீட்டைப் பயன்படுத்த, ₹1,500.00 அல்லது அதற்கு மேல் மதிப்புள்ள பொருட்கள் தேவை',
      [codeRefusalMessage('better-offer', null, offer({}))]:
        'இந்தக் குறியீட்டை "Festive 10%" சலுகையுடன் சேர்த்துப் பயன்படுத்த முடியாது; அந்தச் சலுகையில் உங்களுக்கு அதிகம் மிச்சமாகும்',
      [tooManyUnitsMessage(200)]:
        'ஒரு பொருளை அதிகபட்சம் 200 வரை மட்டுமே ஆர்டர் செய்யலாம். அதைவிட அதிக அளவுக்கு, எங்கள் ஏற்றுமதிப் பக்கத்தில் மொத்த விற்பனை விலைப்புள்ளியைக் கேளுங்கள்: /export',
      [subscribeRefusal(
        { frequencies: ['daily', 'weekly'], slots: [], packs: [7] },
        { startDate: '2026-11-28', frequency: 'fortnightly', weekdays: [], slot: 'Morning 8–12', pincode: '600004', pack: 7 },
        now,
        DELIVERY_POLICY,
      )!]: 'இந்தத் திட்டத்தில் டெலிவரி தினமும் அல்லது வாரம் ஒருமுறை மட்டுமே',
      [`Too many failed sign-in attempts. Please try again in ${inMinutes(60)}.`]: 'உள்நுழைய பலமுறை தவறாக முயன்றுள்ளீர்கள். 1 நிமிடம் கழித்து மீண்டும் முயலுங்கள்.',
      'Code FESTIVE10 applied: −₹120.00': 'குறியீடு FESTIVE10 பயன்படுத்தப்பட்டது: −₹120.00',
      'Product "Blue Orchid" is no longer available': 'பொருள் "Blue Orchid" இப்போது விற்பனையில் இல்லை',
    };
    for (const [english, tamil] of Object.entries(valued)) expect({ english, tamil: tamilMessage(english) }).toEqual({ english, tamil });

    for (const fixed of [SERVICE_UNAVAILABLE_MESSAGE, LATE_PAYMENT_REFUNDED, SECOND_PAYMENT_REFUNDED, WRONG_AMOUNT_REFUNDED, CONTACT_SENT, SUBSCRIBED]) {
      expect(tamilMessage(fixed)).toMatch(TAMIL);
    }
  });

  it('leaves a message it does not know in English, and an answer without known messages as the very same object', () => {
    expect(tamilMessage('lang must be one of: en, ta')).toBe('lang must be one of: en, ta');
    const answer = { success: false, message: 'Staff only' };
    expect(withTamilMessages(answer)).toBe(answer);
    const list = [{ message: 'Invalid email or password' }];
    expect(withTamilMessages(list)).toBe(list);
  });
});

describe('messages from the API in Tamil when the request asks for Tamil, English byte for byte otherwise', () => {
  let t: TestApp;
  let buyer: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKERS: 'false', MAX_UNPAID_ORDERS: '1000' });
    buyer = await t.createUser({ name: 'Asha Rao', password: PASSWORD });
  });
  afterAll(() => t?.close());

  /** The same request three ways: without Accept-Language, asking for English first, asking for Tamil. */
  async function bothWays(method: string, url: string, options: { token?: string; body?: unknown } = {}) {
    const english = await t.request(method, url, options);
    const englishFirst = await t.request(method, url, { ...options, headers: { 'accept-language': 'en-IN,en;q=0.9,ta;q=0.8' } });
    const tamil = await t.request(method, url, { ...options, headers: ASK_TAMIL });
    return { english, englishFirst, tamil };
  }

  /** English exactly as `body` (the bytes Nest writes), the same answer when English is asked for, and the Tamil otherwise alike. */
  function expectAnswers(answers: { english: TestResponse; englishFirst: TestResponse; tamil: TestResponse }, status: number, english: object, tamil: object) {
    expect([answers.english.status, answers.english.raw.toString('utf8')]).toEqual([status, JSON.stringify(english)]);
    expect([answers.englishFirst.status, answers.englishFirst.raw.toString('utf8')]).toEqual([status, JSON.stringify(english)]);
    expect([answers.tamil.status, answers.tamil.body]).toEqual([status, tamil]);
  }

  const tomorrow = () => addDays(indiaClock(new Date()).date, 1);
  const delivery = (fields: Record<string, unknown>) => ({
    date: tomorrow(),
    slot: 'Morning 8–12',
    recipientPhone: '98400 12345',
    pincode: '600004',
    ...fields,
  });

  it('sign-in: a wrong password, an email already registered and a field refused by validation', async () => {
    expectAnswers(
      await bothWays('POST', '/api/auth/login', { body: { email: buyer.email, password: 'not-my-password' } }),
      401,
      { success: false, message: 'Invalid email or password' },
      { success: false, message: 'மின்னஞ்சல் அல்லது கடவுச்சொல் தவறு' },
    );
    expectAnswers(
      await bothWays('POST', '/api/auth/register', { body: { name: 'Someone', email: buyer.email, password: PASSWORD } }),
      409,
      { success: false, message: 'An account with this email already exists' },
      { success: false, message: 'இந்த மின்னஞ்சலுடன் ஏற்கெனவே ஒரு கணக்கு உள்ளது' },
    );
    expectAnswers(
      await bothWays('POST', '/api/auth/register', { body: { email: 'new.customer@example.com', password: 'short' } }),
      400,
      { errors: ['Name is required', 'Password must be at least 8 characters'], success: false, message: 'Name is required' },
      { errors: ['பெயர் தேவை', 'கடவுச்சொல்லில் குறைந்தது 8 எழுத்துகள் இருக்க வேண்டும்'], success: false, message: 'பெயர் தேவை' },
    );
  });

  it('the profile: its success message', async () => {
    const answers = await bothWays('PUT', '/api/users/profile', { token: buyer.token, body: { name: 'Asha Rao' } });
    const user = answers.english.body.user;
    expectAnswers(answers, 200, { message: 'Profile updated successfully', user }, { message: 'சுயவிவரம் வெற்றிகரமாகப் புதுப்பிக்கப்பட்டது', user });
  });

  it('placing an order: out of stock, only a few left, a PIN code not served and a day that has passed', async () => {
    const [gone, few] = await seedProducts(t, [
      { name: 'Red Rose', stock: 0 },
      { name: 'White Lily', stock: 3 },
    ]);
    const order = (lines: { product: string; quantity: number }[], extra: Record<string, unknown> = {}) =>
      bothWays('POST', '/api/orders', {
        token: buyer.token,
        body: { orderItems: lines, paymentMethod: 'cash', address: '12 Lotus Street, Chennai 600001', ...extra },
      });

    expectAnswers(
      await order([{ product: gone, quantity: 1 }]),
      409,
      { product: gone, available: 0, success: false, message: 'Red Rose is out of stock' },
      { product: gone, available: 0, success: false, message: 'Red Rose கையிருப்பில் இல்லை' },
    );
    expectAnswers(
      await order([{ product: few, quantity: 5 }]),
      409,
      { product: few, available: 3, success: false, message: 'Only 3 of White Lily left in stock' },
      { product: few, available: 3, success: false, message: 'White Lily: கையிருப்பில் இன்னும் 3 மட்டுமே' },
    );
    expectAnswers(
      await order([{ product: few, quantity: 1 }], { delivery: delivery({ pincode: '110001' }) }),
      400,
      { success: false, message: 'We cannot deliver to 110001 yet' },
      { success: false, message: 'PIN குறியீடு 110001 உள்ள பகுதிக்கு இன்னும் நாங்கள் டெலிவரி செய்வதில்லை' },
    );
    const yesterday = addDays(indiaClock(new Date()).date, -1);
    expectAnswers(
      await order([{ product: few, quantity: 1 }], { delivery: delivery({ date: yesterday }) }),
      400,
      { success: false, message: `${formatCalendarDay(yesterday)} has passed; please choose another day` },
      { success: false, message: `${formatCalendarDay(yesterday, 'date', 'ta')} கடந்துவிட்டது; வேறொரு நாளைத் தேர்ந்தெடுங்கள்` },
    );
  });

  it('delivery options: a PIN code not served, said in the success answer', async () => {
    const answers = await bothWays('GET', '/api/delivery/options?pincode=110001');
    const { message, ...rest } = answers.english.body;
    expect(message).toBe('We cannot deliver to 110001 yet');
    expect(answers.english.raw.toString('utf8')).toBe(JSON.stringify(answers.englishFirst.body));
    expect(answers.tamil.body).toEqual({ ...rest, message: 'PIN குறியீடு 110001 உள்ள பகுதிக்கு இன்னும் நாங்கள் டெலிவரி செய்வதில்லை' });
  });

  it('an offer code that is not valid: the quote’s verdict and a refused placing', async () => {
    const [rose] = await seedProducts(t, [{ name: 'Pink Rose', stock: 50 }]);
    const cart = { orderItems: [{ product: rose, quantity: 1 }], code: 'NOSUCHCODE' };
    const quote = await bothWays('POST', '/api/orders/quote', { body: cart });
    expect([quote.english.status, quote.english.body.code]).toEqual([200, { status: 'refused', message: 'This code is not valid' }]);
    expect(quote.english.raw.toString('utf8')).toBe(JSON.stringify(quote.englishFirst.body));
    expect(quote.tamil.body).toEqual({ ...quote.english.body, code: { status: 'refused', message: 'இந்தக் குறியீடு செல்லாது' } });

    expectAnswers(
      await bothWays('POST', '/api/orders', { token: buyer.token, body: { ...cart, paymentMethod: 'cash', address: '12 Lotus Street, Chennai 600001' } }),
      409,
      { field: 'code', success: false, message: 'This code is not valid' },
      { field: 'code', success: false, message: 'இந்தக் குறியீடு செல்லாது' },
    );
  });

  it('the newsletter and the contact form: their thanks, and a refused field', async () => {
    const newsletter = await bothWays('POST', '/api/newsletter', { body: { email: 'news.reader@example.com' } });
    expectAnswers(
      newsletter,
      newsletter.english.status,
      { message: SUBSCRIBED },
      {
        message: 'செய்திமடலில் பதிவு செய்ததற்கு நன்றி! நாங்கள் மின்னஞ்சலில் அனுப்பியுள்ள இணைப்பின் மூலம் உறுதிசெய்யுங்கள்; Thalir Blooms-இன் புதிய செய்திகள் உங்களைத் தேடி வரும்.',
      },
    );
    expect(newsletter.english.status).toBe(201);

    const contact = await bothWays('POST', '/api/contact', {
      body: { name: 'Asha Rao', email: 'asha@example.com', message: 'Do you deliver jasmine strings on Sundays?' },
    });
    expectAnswers(contact, 201, { success: true, message: CONTACT_SENT }, { success: true, message: 'செய்தி வெற்றிகரமாக அனுப்பப்பட்டது!' });

    expectAnswers(
      await bothWays('POST', '/api/contact', { body: { name: 'Asha Rao', email: 'asha@example', message: 'Hello' } }),
      400,
      { errors: ['Please enter a valid email address'], success: false, message: 'Please enter a valid email address' },
      { errors: ['சரியான மின்னஞ்சல் முகவரியை உள்ளிடுங்கள்'], success: false, message: 'சரியான மின்னஞ்சல் முகவரியை உள்ளிடுங்கள்' },
    );
  });

  it('leaves unknown messages and the back office’s in English', async () => {
    const unknown = await t.request('GET', '/api/products?lang=fr', { headers: ASK_TAMIL });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'lang must be one of: en, ta']);

    const staff = await t.createUser({ role: 'admin' });
    const refused = await t.request('PUT', '/api/admin/products/00000000-0000-4000-8000-000000000000/translations/ta', {
      token: staff.token,
      headers: ASK_TAMIL,
      body: { name: 'ரோஜா', description: '' },
    });
    expect([refused.status, refused.body.message]).toEqual([404, 'Product not found']);
  });

  it('a subscription’s delivery past its cut-off: the date and the time in Tamil', async () => {
    const staff = await t.createUser({ role: 'admin' });
    const [jasmine] = await seedProducts(t, [{ name: 'Jasmine string', pricePaise: 3000, stock: 1000 }]);
    const plan = await createPlan(t, staff, [{ productId: jasmine, quantity: 2 }]);
    const subscriber = await t.createUser();
    const subscription = await paidSubscription(t, subscriber, plan);
    const day = addDays(indiaClock(t.clock.now()).date, 1);
    const ahead = cutoffAt(day, 'Morning 8–12', t.config.delivery)!.getTime() - t.clock.now().getTime() + 1_000;
    if (ahead > 0) t.clock.advance(ahead);
    await t.workDue();

    const english = tooLateMessage(day, 'Morning 8–12', t.config.delivery);
    expect(english).toBe(`It is too late to change the delivery of ${formatCalendarDay(day)}: changes closed at 8:00 AM that day`);
    expectAnswers(
      await bothWays('PATCH', `/api/subscriptions/${subscription._id}/deliveries/${day}`, { token: subscriber.token, body: { skip: true } }),
      409,
      { success: false, message: english },
      {
        success: false,
        message: `${formatCalendarDay(day, 'date', 'ta')} டெலிவரியை மாற்ற இப்போது தாமதமாகிவிட்டது: மாற்றங்களுக்கான நேரம் அன்று முற்பகல் 8:00 மணிக்கே முடிந்துவிட்டது`,
      },
    );
  });
});
