import { seedProducts } from './shop-fixtures';
import { type SmtpCatcher, startSmtpCatcher } from './smtp-fixture';
import { createTestApp, TestApp, TestUser } from './test-app';

describe('wholesale and export enquiries', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let admin: TestUser;
  let roses: string;
  let ferns: string;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // The test has the mail sent when it looks for it (workDue), not by job workers in the background.
    t = await createTestApp({ SMTP_URL: smtp.url, SHOP_NOTIFY_EMAIL: 'export-desk@thalirblooms.example', JOB_WORKERS: 'false' });
    admin = await t.createUser({ role: 'admin' });
    [roses, ferns] = await seedProducts(t, [{ name: 'Red Naomi Rose' }, { name: 'Leatherleaf Fern' }]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const nextMonth = () => {
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    return next.toISOString().slice(0, 7);
  };
  const enquiry = (changes: Record<string, unknown> = {}) => ({
    company: 'Perth Petals Pty Ltd',
    contactName: 'Olivia Chen',
    email: 'Olivia@PerthPetals.example',
    phone: '+61 8 9123 4567',
    country: 'au',
    productIds: [roses, ferns],
    quantity: 2400,
    frequency: 'weekly',
    targetMonth: nextMonth(),
    message: 'Weekly boxes of red roses <b>and</b> fern for our two shops.',
    ...changes,
  });

  it('records an enquiry (201), tells the export desk and acknowledges the buyer', async () => {
    const res = await t.request('POST', '/api/enquiries', { body: enquiry() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      company: 'Perth Petals Pty Ltd',
      contactName: 'Olivia Chen',
      email: 'olivia@perthpetals.example',
      phone: '+61 8 9123 4567',
      country: 'AU',
      products: [
        { _id: ferns, name: 'Leatherleaf Fern' },
        { _id: roses, name: 'Red Naomi Rose' },
      ],
      quantity: 2400,
      frequency: 'weekly',
      targetMonth: nextMonth(),
      message: 'Weekly boxes of red roses <b>and</b> fern for our two shops.',
      status: 'new',
      note: '',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await t.workDue();
    const [notice, ...moreNotices] = smtp.mails.filter(
      (mail) => mail.to.includes('export-desk@thalirblooms.example') && mail.subject === 'New wholesale enquiry',
    );
    expect(moreNotices).toEqual([]);
    expect(notice.text).toContain('Country: Australia');
    expect(notice.text).toContain('Products: Leatherleaf Fern, Red Naomi Rose');
    expect(notice.text).toContain('Stems per shipment: 2,400');
    expect(notice.html).toContain('&lt;b&gt;and&lt;/b&gt;');
    const [ack, ...moreAcks] = smtp.mails.filter((mail) => mail.to.includes('olivia@perthpetals.example'));
    expect(moreAcks).toEqual([]);
    expect(ack.subject).toBe('Your wholesale enquiry to Thalir Blooms');
  });

  it('needs only company, contact, email, country and message', async () => {
    const res = await t.request('POST', '/api/enquiries', {
      body: { company: 'KL Florals', contactName: 'Aisyah', email: 'aisyah@klflorals.example', country: 'MY', message: 'Price list, please.' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ country: 'MY', products: [], status: 'new' });
    expect(res.body.quantity).toBeUndefined();
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no company', { company: ' ' }, 'Company is required'],
    ['a bad email', { email: 'olivia@' }, 'Please enter a valid email address'],
    ['a local phone', { phone: '08 9123 4567' }, 'Phone must be in international format, like +61 2 9876 5432'],
    ['an unknown country', { country: 'XX' }, 'Choose a country from the list'],
    [
      'a product that is not in the catalogue',
      { productIds: ['00000000-0000-4000-8000-000000000000'] },
      'Some of the chosen products are no longer in the catalogue; please choose again',
    ],
    ['a product id that is not an id', { productIds: ['roses'] }, 'Products must be chosen from the catalogue'],
    ['half a stem', { quantity: 2.5 }, 'Quantity must be a whole number of stems'],
    ['no stems', { quantity: 0 }, 'Quantity must be at least 1 stem'],
    ['an unknown frequency', { frequency: 'daily' }, 'Frequency must be one of one-off, weekly, monthly, seasonal'],
    ['a past month', { targetMonth: '2020-01' }, 'Target month has passed; choose this month or a later one'],
    ['a month 13', { targetMonth: '2027-13' }, 'Target month must look like 2027-02'],
    ['no message', { message: '' }, 'Message is required'],
  ])('refuses %s with 400 and stores nothing', async (_case, changes, message) => {
    const [{ before }] = await t.dataSource.query('SELECT count(*)::int AS before FROM enquiries');
    const res = await t.request('POST', '/api/enquiries', { body: enquiry(changes) });
    expect([res.status, res.body.message]).toEqual([400, message]);
    const [{ after }] = await t.dataSource.query('SELECT count(*)::int AS after FROM enquiries');
    expect(after).toBe(before);
  });

  it('lets staff list, filter and work enquiries; customers and visitors cannot', async () => {
    const created = (await t.request('POST', '/api/enquiries', { body: enquiry({ company: 'Singapore Stems', country: 'SG' }) })).body;
    const customer = await t.createUser();
    expect((await t.request('GET', '/api/admin/enquiries', { token: customer.token })).status).toBe(403);
    expect((await t.request('PATCH', `/api/admin/enquiries/${created._id}`, { body: { status: 'quoted' } })).status).toBe(401);

    const page = await t.request('GET', '/api/admin/enquiries?page=1&limit=1', { token: admin.token });
    expect(page.body.map((item: { company: string }) => item.company)).toEqual(['Singapore Stems']);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(3);

    const quoted = await t.request('PATCH', `/api/admin/enquiries/${created._id}`, {
      token: admin.token,
      body: { status: 'quoted', note: 'Sent price list, ₹18/stem FOB Chennai.' },
    });
    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({ status: 'quoted', note: 'Sent price list, ₹18/stem FOB Chennai.' });
    const onlyQuoted = await t.request('GET', '/api/admin/enquiries?status=quoted', { token: admin.token });
    expect(onlyQuoted.body.map((item: { _id: string }) => item._id)).toEqual([created._id]);

    expect((await t.request('PATCH', `/api/admin/enquiries/${created._id}`, { token: admin.token, body: { status: 'haggling' } })).status).toBe(400);
    expect((await t.request('PATCH', `/api/admin/enquiries/${created._id}`, { token: admin.token, body: {} })).status).toBe(400);
    expect(
      (await t.request('PATCH', '/api/admin/enquiries/00000000-0000-4000-8000-000000000000', { token: admin.token, body: { status: 'won' } })).status,
    ).toBe(404);
    expect((await t.request('GET', '/api/admin/enquiries?status=open', { token: admin.token })).status).toBe(400);
  });
});
