import type { SubscriptionPlan } from '@thalir/contracts';
import { insertProducts } from './catalog-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

describe('subscription plans: staff sell them, customers see the active ones', () => {
  let t: TestApp;
  let staff: TestUser;
  let customer: TestUser;
  let jasmine: string;
  let marigold: string;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await t.createUser({ role: 'catalog' });
    customer = await t.createUser();
    [jasmine, marigold] = await insertProducts(t, [{ name: 'Jasmine string' }, { name: 'Marigold' }]);
  });
  afterAll(() => t.close());

  const pooja = () => ({
    name: 'Daily pooja basket',
    slug: 'daily-pooja',
    description: 'Jasmine and marigold every morning.',
    items: [
      { productId: jasmine, quantity: 2 },
      { productId: marigold, quantity: 10 },
    ],
    frequencies: ['daily', 'weekdays'],
    slots: ['Morning 8–12'],
    pricePerDelivery: 60.5,
    packs: [30, 7, 15],
  });

  it('creates a plan with its products in order and its packs smallest first, and shows it to everyone', async () => {
    const created = await t.request('POST', '/api/admin/subscription-plans', { token: staff.token, body: pooja() });
    expect(created.status).toBe(201);
    const plan = created.body as SubscriptionPlan;
    expect(plan).toMatchObject({
      slug: 'daily-pooja',
      items: [
        { productId: jasmine, name: 'Jasmine string', quantity: 2 },
        { productId: marigold, name: 'Marigold', quantity: 10 },
      ],
      frequencies: ['daily', 'weekdays'],
      slots: ['Morning 8–12'],
      pricePerDelivery: 60.5,
      packs: [7, 15, 30],
      active: true,
    });
    expect((await t.request('GET', '/api/subscription-plans/daily-pooja')).body).toEqual(plan);
    expect((await t.request('GET', '/api/subscription-plans')).body).toContainEqual(plan);
    const audit = await t.dataSource.query(`SELECT action, actor_id FROM audit_log WHERE entity = 'subscription-plan' AND entity_id = $1`, [plan._id]);
    expect(audit).toEqual([{ action: 'subscription-plan.create', actor_id: staff.id }]);
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['no name', { name: ' ' }, 400, 'Give the plan a name customers will see'],
    ['an address with capitals', { slug: 'Daily-Pooja' }, 400, 'The plan address is lowercase letters, digits and single hyphens, e.g. daily-pooja-basket'],
    [
      'a product not in the catalogue',
      { items: [{ productId: '11111111-2222-4333-8444-555555555555', quantity: 1 }] },
      400,
      'Products must be chosen from the catalogue',
    ],
    [
      'a quantity of 0',
      { items: [{ productId: '11111111-2222-4333-8444-555555555555', quantity: 0 }] },
      400,
      'Each product in a plan needs a quantity of at least 1',
    ],
    ['an unknown frequency', { frequencies: ['monthly'] }, 400, 'Frequencies are daily, weekdays, weekly, fortnightly'],
    [
      'a slot the shop does not have',
      { slots: ['Midnight'] },
      400,
      "Midnight is not one of the shop's delivery slots: Morning 8–12, Afternoon 12–4, Evening 4–8",
    ],
    ['a price of ₹0', { pricePerDelivery: 0 }, 400, 'The price of one delivery must be more than ₹0'],
    ['a price with 3 decimals', { pricePerDelivery: 10.005 }, 400, 'The price must be in rupees with at most 2 decimals'],
    ['a pack of 0', { packs: [0] }, 400, 'A pack holds at least 1 delivery'],
    ['a pack twice', { packs: [7, 7] }, 400, 'Name each pack once'],
    ['no packs', { packs: [] }, 400, 'Sell at least one pack'],
    ['the address of another plan', { slug: 'daily-pooja' }, 409, 'Another plan has this address: choose another'],
  ])('refuses %s', async (_case, change, status, message) => {
    const answer = await t.request('POST', '/api/admin/subscription-plans', { token: staff.token, body: { ...pooja(), slug: 'another-plan', ...change } });
    expect([answer.status, answer.body.message]).toEqual([status, message]);
  });

  it('refuses a plan that misses what a whole plan needs', async () => {
    const answer = await t.request('POST', '/api/admin/subscription-plans', { token: staff.token, body: { name: 'Weekly bouquet', slug: 'weekly' } });
    expect([answer.status, answer.body.message]).toEqual([400, 'A plan delivers at least one product']);
  });

  it('changes what staff name, and stops selling a plan without deleting it', async () => {
    const { body } = await t.request('POST', '/api/admin/subscription-plans', { token: staff.token, body: { ...pooja(), slug: 'office-desk' } });
    const id = (body as SubscriptionPlan)._id;
    const changed = await t.request('PUT', `/api/admin/subscription-plans/${id}`, {
      token: staff.token,
      body: { pricePerDelivery: 75, items: [{ productId: marigold, quantity: 12 }] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ pricePerDelivery: 75, items: [{ productId: marigold, quantity: 12 }], packs: [7, 15, 30], slug: 'office-desk' });

    expect((await t.request('PUT', `/api/admin/subscription-plans/${id}`, { token: staff.token, body: { active: false } })).body.active).toBe(false);
    expect((await t.request('GET', '/api/subscription-plans/office-desk')).status).toBe(404);
    expect(((await t.request('GET', '/api/subscription-plans')).body as SubscriptionPlan[]).map((plan) => plan.slug)).not.toContain('office-desk');
    expect(((await t.request('GET', '/api/admin/subscription-plans', { token: staff.token })).body as SubscriptionPlan[]).map((plan) => plan.slug)).toContain(
      'office-desk',
    );
    const audit = await t.dataSource.query(`SELECT action, before, after FROM audit_log WHERE entity_id = $1 ORDER BY at, id`, [id]);
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual([
      'subscription-plan.create',
      'subscription-plan.update',
      'subscription-plan.update',
    ]);
    expect(audit[2]).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('answers 404 for a plan that does not exist, and keeps staff calls for staff', async () => {
    expect((await t.request('GET', '/api/subscription-plans/no-such-plan')).body).toEqual({ success: false, message: 'Subscription plan not found' });
    expect((await t.request('PUT', '/api/admin/subscription-plans/not-an-id', { token: staff.token, body: { active: false } })).status).toBe(404);
    expect((await t.request('POST', '/api/admin/subscription-plans', { token: customer.token, body: pooja() })).status).toBe(403);
  });

  it('answers in Tamil with lang=ta or a Tamil Accept-Language, the plan and its products, English where untranslated and marked so', async () => {
    const { body } = await t.request('POST', '/api/admin/subscription-plans', { token: staff.token, body: { ...pooja(), slug: 'tamil-pooja' } });
    const id = (body as SubscriptionPlan)._id;
    await t.dataSource.query(`INSERT INTO product_translations (product_id, lang, name) VALUES ($1, 'ta', 'மல்லிகைச் சரம்')`, [jasmine]);
    const saved = await t.request('PUT', `/api/admin/subscription-plans/${id}/translations/ta`, {
      token: staff.token,
      body: { name: 'தினசரி பூஜைக் கூடை', description: '' },
    });
    expect(saved.status).toBe(200);

    const tamil = (await t.request('GET', '/api/subscription-plans/tamil-pooja?lang=ta')).body as SubscriptionPlan;
    expect(tamil).toMatchObject({
      name: 'தினசரி பூஜைக் கூடை',
      description: 'Jasmine and marigold every morning.',
      languages: { name: 'ta', description: 'en' },
      items: [
        { productId: jasmine, name: 'மல்லிகைச் சரம்', quantity: 2, language: 'ta' },
        { productId: marigold, name: 'Marigold', quantity: 10, language: 'en' },
      ],
    });
    const byHeader = (await t.request('GET', '/api/subscription-plans', { headers: { 'accept-language': 'ta-IN,ta;q=0.9' } })).body as SubscriptionPlan[];
    expect(byHeader.find((plan) => plan._id === id)?.name).toBe('தினசரி பூஜைக் கூடை');
    const english = (await t.request('GET', '/api/subscription-plans/tamil-pooja')).body as SubscriptionPlan;
    expect(english.name).toBe('Daily pooja basket');
    expect(english).not.toHaveProperty('languages');
    expect(english.items[0]).not.toHaveProperty('language');
    expect((await t.request('GET', '/api/subscription-plans?lang=fr')).body.message).toBe('lang must be one of: en, ta');

    const removed = await t.request('PUT', `/api/admin/subscription-plans/${id}/translations/ta`, { token: staff.token, body: { name: '', description: '' } });
    expect((removed.body as SubscriptionPlan).languages).toEqual({ name: 'en', description: 'en' });
    const audit = await t.dataSource.query(`SELECT action FROM audit_log WHERE entity_id = $1 AND action = 'subscription-plan.translate'`, [id]);
    expect(audit).toHaveLength(2);
    const tooLong = await t.request('PUT', `/api/admin/subscription-plans/${id}/translations/ta`, {
      token: staff.token,
      body: { name: 'அ'.repeat(121), description: '' },
    });
    expect([tooLong.status, tooLong.body.message]).toEqual([400, 'The plan name can be at most 120 characters']);
    expect(
      (await t.request('PUT', `/api/admin/subscription-plans/${id}/translations/fr`, { token: staff.token, body: { name: 'x', description: '' } })).status,
    ).toBe(404);
  });

  it('keeps a product a plan delivers from being deleted, and says why', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const answer = await t.request('DELETE', `/api/products/${jasmine}`, { token: admin.token });
    expect([answer.status, answer.body.message]).toEqual([409, 'This product is in a subscription plan: take it out of the plan before deleting it']);
  });
});
