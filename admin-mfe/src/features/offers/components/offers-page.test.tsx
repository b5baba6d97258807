import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Offer, OfferUsage, Product } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

function offer(id: string, extra: Partial<Offer> = {}): Offer {
  return {
    _id: id,
    name: 'Roses 10% off',
    code: 'ROSES10',
    kind: 'percent',
    percent: 10,
    maxDiscount: 200,
    amount: null,
    minItemsAmount: null,
    productIds: [],
    productType: null,
    firstOrderOnly: false,
    validFrom: '2026-02-10',
    validUntil: '2026-02-14',
    maxUses: 10,
    maxUsesPerCustomer: null,
    active: true,
    combinable: false,
    usesBatchCodes: false,
    uses: 3,
    batchCodesLeft: 0,
    status: 'active',
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    ...extra,
  };
}

const roses = offer('offer-roses');
const welcome = offer('offer-welcome', {
  name: 'Welcome ₹100 off',
  code: null,
  kind: 'amount',
  percent: null,
  maxDiscount: null,
  amount: 100,
  minItemsAmount: 500,
  firstOrderOnly: true,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  uses: 42,
  active: false,
  status: 'paused',
});
const freeDelivery = offer('offer-free', {
  name: 'Free delivery weekend',
  code: null,
  usesBatchCodes: true,
  kind: 'free-delivery',
  percent: null,
  maxDiscount: null,
  validFrom: '2026-03-01',
  validUntil: null,
  uses: 0,
  maxUses: 50,
  batchCodesLeft: 20,
  status: 'scheduled',
});

/** Given out as printed cards, each with its own code. */
const cards = offer('offer-batch', { name: 'Mother’s Day cards', code: null, usesBatchCodes: true });

const products = [
  { _id: 'p-rose', name: 'Red Rose', price: 60, type: 'flower' },
  { _id: 'p-fern', name: 'Fern', price: 25, type: 'green_leaf' },
] as Product[];

const productList = () => jsonAnswer({ success: true, data: products, total: products.length, page: 1, limit: 100 });

beforeEach(() => signInAs('admin'));

describe('/admin/offers', () => {
  it('lists each offer with its code, discount, dates, status and uses', async () => {
    mockApi({ 'GET /api/admin/offers': () => jsonAnswer([roses, welcome, freeDelivery]) });
    renderAdmin('/admin/offers');

    const rosesRow = within((await screen.findByText('Roses 10% off')).closest('tr')!);
    expect(rosesRow.getByText('ROSES10')).toBeInTheDocument();
    expect(rosesRow.getByText('10% off (up to ₹200.00)')).toBeInTheDocument();
    expect(rosesRow.getByText('Tue, 10 Feb 2026 – Sat, 14 Feb 2026')).toBeInTheDocument();
    expect(rosesRow.getByText('Active')).toHaveClass('badge--green');
    expect(rosesRow.getByText('3 / 10')).toBeInTheDocument();
    expect(rosesRow.getByRole('button', { name: 'Pause Roses 10% off' })).toBeInTheDocument();

    const welcomeRow = within(screen.getByText('Welcome ₹100 off').closest('tr')!);
    expect(welcomeRow.getByText('Automatic')).toBeInTheDocument();
    expect(welcomeRow.getByText('₹100.00 off')).toBeInTheDocument();
    expect(welcomeRow.getByText('Items from ₹500.00 · First order only')).toBeInTheDocument();
    expect(welcomeRow.getByText('Open-ended')).toBeInTheDocument();
    expect(welcomeRow.getByText('Paused')).toHaveClass('badge--yellow');
    expect(welcomeRow.getByText('42')).toBeInTheDocument();
    expect(welcomeRow.getByRole('button', { name: 'Resume Welcome ₹100 off' })).toBeInTheDocument();

    const freeRow = within(screen.getByText('Free delivery weekend').closest('tr')!);
    expect(freeRow.getByText('Free delivery')).toBeInTheDocument();
    expect(freeRow.getByText('From Sun, 1 Mar 2026')).toBeInTheDocument();
    expect(freeRow.getByText('Single-use codes')).toBeInTheDocument();
    expect(freeRow.getByText('20 not used yet')).toBeInTheDocument();
    expect(freeRow.getByText('Scheduled')).toHaveClass('badge--blue');
    expect(freeRow.getByText('0 / 50')).toBeInTheDocument();
  });

  it('says so when there are no offers', async () => {
    mockApi({ 'GET /api/admin/offers': () => jsonAnswer([]) });
    renderAdmin('/admin/offers');
    expect(await screen.findByText('No offers yet. Create the first one.')).toBeInTheDocument();
  });

  it("shows 'Could not load the offers' when the list fails", async () => {
    mockApi({ 'GET /api/admin/offers': () => jsonAnswer({ success: false, message: 'Forbidden' }, 403) });
    renderAdmin('/admin/offers');
    expect(await screen.findByText('Could not load the offers')).toBeInTheDocument();
  });

  it('creates an offer with rupees and counts as numbers, then lists it', async () => {
    let listed: Offer[] = [];
    const { callsTo } = mockApi({
      'GET /api/admin/offers': () => jsonAnswer(listed),
      'GET /api/products': productList,
      'POST /api/admin/offers': ({ body }) => {
        listed = [offer('offer-new', body as Partial<Offer>)];
        return jsonAnswer(listed[0], 201);
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/offers');
    await screen.findByText('No offers yet. Create the first one.');
    await user.click(screen.getByRole('button', { name: 'New offer' }));

    const form = within(screen.getByRole('region', { name: 'New offer' }));
    await user.type(form.getByLabelText('Name *'), 'Roses 10% off');
    expect(form.getByRole('radio', { name: 'Automatically, without a code' })).toBeChecked();
    expect(form.queryByLabelText('Code *')).not.toBeInTheDocument();
    await user.click(form.getByRole('radio', { name: 'With a code customers share' }));
    await user.type(form.getByLabelText('Code *'), 'ROSES10');
    expect(form.getByLabelText('Discount *')).toHaveValue('percent');
    await user.type(form.getByLabelText('Percentage off *'), '10');
    await user.type(form.getByLabelText('Most it takes off (₹)'), '200');
    await user.type(form.getByLabelText('Items worth at least (₹)'), '499.50');
    await user.selectOptions(form.getByLabelText('Product type'), 'flower');
    await user.click(await form.findByRole('checkbox', { name: /Red Rose/ }));
    await user.type(form.getByLabelText('First day'), '2026-02-10');
    await user.type(form.getByLabelText('Last day'), '2026-02-14');
    await user.type(form.getByLabelText('Uses in all'), '100');
    await user.type(form.getByLabelText('Uses per customer'), '1');
    await user.click(form.getByRole('checkbox', { name: /First order only/ }));
    await user.click(form.getByRole('checkbox', { name: 'Combines with another offer' }));
    expect(form.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    await user.click(form.getByRole('button', { name: 'Create offer' }));

    expect(await screen.findByText('Roses 10% off was created.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/offers')[0].body).toEqual({
      name: 'Roses 10% off',
      code: 'ROSES10',
      usesBatchCodes: false,
      kind: 'percent',
      percent: 10,
      maxDiscount: 200,
      amount: null,
      minItemsAmount: 499.5,
      productIds: ['p-rose'],
      productType: 'flower',
      firstOrderOnly: true,
      validFrom: '2026-02-10',
      validUntil: '2026-02-14',
      maxUses: 100,
      maxUsesPerCustomer: 1,
      active: true,
      combinable: true,
    });
    expect(screen.queryByRole('region', { name: 'New offer' })).not.toBeInTheDocument();
    expect(await screen.findByText('10% off (up to ₹200.00)')).toBeInTheDocument();
  });

  it("sends an automatic amount offer with the other kinds' values cleared", async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/offers': () => jsonAnswer([]),
      'GET /api/products': productList,
      'POST /api/admin/offers': ({ body }) => jsonAnswer(offer('offer-new', body as Partial<Offer>), 201),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/offers');
    await user.click(await screen.findByRole('button', { name: 'New offer' }));
    const form = within(screen.getByRole('region', { name: 'New offer' }));
    await user.type(form.getByLabelText('Name *'), 'Welcome');
    await user.type(form.getByLabelText('Percentage off *'), '15');
    await user.selectOptions(form.getByLabelText('Discount *'), 'amount');
    expect(form.queryByLabelText('Percentage off *')).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Create offer' }));
    expect(await form.findByText('Please enter the amount off.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/offers')).toHaveLength(0);

    await user.type(form.getByLabelText('Amount off (₹) *'), '100');
    await user.click(form.getByRole('button', { name: 'Create offer' }));
    await screen.findByText('Welcome was created.');
    expect(callsTo('POST', '/api/admin/offers')[0].body).toMatchObject({
      code: null,
      usesBatchCodes: false,
      kind: 'amount',
      percent: null,
      maxDiscount: null,
      amount: 100,
    });
  });

  it("shows the server's reason next to the form when it refuses the offer", async () => {
    mockApi({
      'GET /api/admin/offers': () => jsonAnswer([roses]),
      'GET /api/products': productList,
      'POST /api/admin/offers': () => jsonAnswer({ success: false, message: 'The code ROSES10 is taken by another offer' }, 400),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/offers');
    await user.click(await screen.findByRole('button', { name: 'New offer' }));
    const form = within(screen.getByRole('region', { name: 'New offer' }));
    await user.type(form.getByLabelText('Name *'), 'Roses again');
    await user.click(form.getByRole('radio', { name: 'With a code customers share' }));
    await user.type(form.getByLabelText('Code *'), 'ROSES10');
    await user.type(form.getByLabelText('Percentage off *'), '5');
    await user.click(form.getByRole('button', { name: 'Create offer' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Could not save the offer: The code ROSES10 is taken by another offer');
    expect(form.getByRole('button', { name: 'Create offer' })).toBeEnabled();
  });

  it('edits an offer with PUT, starting from its values', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/offers': () => jsonAnswer([roses]),
      'GET /api/products': productList,
      'PUT /api/admin/offers/offer-roses': ({ body }) => jsonAnswer(offer('offer-roses', body as Partial<Offer>)),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/offers');
    await user.click(await screen.findByRole('button', { name: 'Edit Roses 10% off' }));
    const form = within(screen.getByRole('region', { name: 'Edit Roses 10% off' }));
    expect(form.getByRole('radio', { name: 'With a code customers share' })).toBeChecked();
    expect(form.getByLabelText('Code *')).toHaveValue('ROSES10');
    expect(form.getByLabelText('Last day')).toHaveValue('2026-02-14');
    const percent = form.getByLabelText('Percentage off *');
    await user.clear(percent);
    await user.type(percent, '12.5');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Roses 10% off was saved.')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/offers/offer-roses')[0].body).toMatchObject({ name: 'Roses 10% off', percent: 12.5, maxDiscount: 200, maxUses: 10 });
  });

  it('pauses with {active: false} and resumes with {active: true}', async () => {
    let current = [roses, welcome];
    const { callsTo } = mockApi({
      'GET /api/admin/offers': () => jsonAnswer(current),
      'PUT /api/admin/offers/offer-roses': ({ body }) => {
        current = [{ ...roses, active: false, status: 'paused' }, welcome];
        return jsonAnswer({ ...roses, ...(body as object) });
      },
      'PUT /api/admin/offers/offer-welcome': () => jsonAnswer({ success: false, message: 'Offer not found' }, 404),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/offers');
    await user.click(await screen.findByRole('button', { name: 'Pause Roses 10% off' }));
    expect(await screen.findByText('Roses 10% off is paused.')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/offers/offer-roses')[0].body).toEqual({ active: false });
    expect(await screen.findByRole('button', { name: 'Resume Roses 10% off' })).toBeInTheDocument();
    expect(within(screen.getByText('Roses 10% off').closest('tr')!).getByText('Paused')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resume Welcome ₹100 off' }));
    expect(await screen.findByText('Offer not found')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/offers/offer-welcome')[0].body).toEqual({ active: true });
  });

  it("shows an offer's usage, generates a batch of codes and downloads them as CSV", async () => {
    const usage: OfferUsage = {
      uses: 3,
      discountGiven: 360,
      revenue: 4200.5,
      orders: [
        {
          _id: '0b8f1c2e-aaaa-4bbb-8ccc-00000000abc1',
          createdAt: '2026-02-11T10:00:00.000Z',
          customer: 'Meena Raj',
          code: 'K7Q2-M9PX',
          discount: 120,
          total: 1140,
          status: 'delivered',
        },
      ],
    };
    let listed = cards;
    const csv = new Blob(['code,used,order\nX7K2-P9QD,no,\n'], { type: 'text/csv' });
    const { callsTo } = mockApi({
      'GET /api/admin/offers': () => jsonAnswer([listed]),
      'GET /api/admin/offers/offer-batch/usage': () => jsonAnswer(usage),
      'POST /api/admin/offers/offer-batch/codes': ({ body }) => {
        const { count } = body as { count: number };
        listed = { ...cards, batchCodesLeft: count };
        return jsonAnswer({ codes: Array.from({ length: count }, (_, n) => `CODE-${n}`) }, 201);
      },
      'GET /api/admin/offers/offer-batch/codes.csv': () => ({ body: csv }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/offers');
    await user.click(await screen.findByRole('button', { name: 'Usage and codes of Mother’s Day cards' }));

    const panel = within(screen.getByRole('region', { name: 'Mother’s Day cards: usage and codes' }));
    const usagePanel = within(panel.getByRole('region', { name: 'Usage' }));
    expect(await usagePanel.findByText('₹360.00')).toBeInTheDocument();
    expect(usagePanel.getByText('₹4,200.50')).toBeInTheDocument();
    const orderRow = within(usagePanel.getByRole('link', { name: '#00ABC1' }).closest('tr')!);
    expect(usagePanel.getByRole('link', { name: '#00ABC1' })).toHaveAttribute('href', '/order/0b8f1c2e-aaaa-4bbb-8ccc-00000000abc1');
    expect(orderRow.getByText('Meena Raj')).toBeInTheDocument();
    expect(orderRow.getByText('₹120.00')).toBeInTheDocument();
    expect(orderRow.getByText('₹1,140.00')).toBeInTheDocument();

    const codes = within(panel.getByRole('region', { name: 'Single-use codes' }));
    const count = codes.getByLabelText('Number of codes');
    await user.clear(count);
    await user.type(count, '50');
    await user.click(codes.getByRole('button', { name: 'Generate codes' }));
    expect(await codes.findByText('Made 50 codes.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/offers/offer-batch/codes')[0].body).toEqual({ count: 50 });
    expect(await codes.findByText('50 codes not used yet.')).toBeInTheDocument();

    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:codes'), revokeObjectURL: jest.fn() });
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await user.click(codes.getByRole('button', { name: 'Download codes (CSV)' }));
    await waitFor(() => expect(clicked).toEqual(['offer-offer-batch-codes.csv']));
    expect(callsTo('GET', '/api/admin/offers/offer-batch/codes.csv')[0].authorization).toBe('Bearer test-token-admin');
  });

  it("shows the server's reason when it refuses a batch of codes", async () => {
    mockApi({
      'GET /api/admin/offers': () => jsonAnswer([cards]),
      'GET /api/admin/offers/offer-batch/usage': () => jsonAnswer({ uses: 0, discountGiven: 0, revenue: 0, orders: [] }),
      'POST /api/admin/offers/offer-batch/codes': () => jsonAnswer({ success: false, message: 'count must be a whole number from 1 to 5000' }, 400),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/offers');
    await user.click(await screen.findByRole('button', { name: 'Usage and codes of Mother’s Day cards' }));
    expect(await screen.findByText('No order has used it yet.')).toBeInTheDocument();
    const count = screen.getByLabelText('Number of codes');
    await user.clear(count);
    await user.type(count, '9000');
    await user.click(screen.getByRole('button', { name: 'Generate codes' }));
    expect(await screen.findByText('count must be a whole number from 1 to 5000')).toBeInTheDocument();
  });

  it('shows only the usage of an offer without single-use codes', async () => {
    mockApi({
      'GET /api/admin/offers': () => jsonAnswer([roses]),
      'GET /api/admin/offers/offer-roses/usage': () => jsonAnswer({ uses: 0, discountGiven: 0, revenue: 0, orders: [] }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/offers');
    await user.click(await screen.findByRole('button', { name: 'Usage of Roses 10% off' }));
    const panel = within(screen.getByRole('region', { name: 'Roses 10% off: usage' }));
    expect(await panel.findByText('No order has used it yet.')).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Generate codes' })).not.toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Close the usage' }));
    expect(screen.queryByRole('region', { name: 'Roses 10% off: usage' })).not.toBeInTheDocument();
  });
});
