import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, SubscriptionPlan } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';
import { slugFor } from './plan-form';

function plan(id: string, extra: Partial<SubscriptionPlan> = {}): SubscriptionPlan {
  return {
    _id: id,
    slug: 'daily-pooja-basket',
    name: 'Daily pooja basket',
    description: 'Sevanthi and roses every morning.',
    items: [
      { productId: 'p-sevanthi', name: 'Yellow Button Chrysanthemum', quantity: 10 },
      { productId: 'p-rose', name: 'Red Rose', quantity: 3 },
    ],
    frequencies: ['daily', 'weekdays'],
    slots: ['Morning 8–12'],
    pricePerDelivery: 90,
    packs: [7, 15, 30],
    active: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...extra,
  };
}

const pooja = plan('plan-pooja');
const office = plan('plan-office', {
  slug: 'office-desk-flowers',
  name: 'Office desk flowers',
  items: [{ productId: 'p-gerbera', name: 'Yellow Gerbera', quantity: 5 }],
  frequencies: ['weekly'],
  slots: [],
  pricePerDelivery: 350.5,
  packs: [4],
  active: false,
});

const products = [
  { _id: 'p-jasmine', name: 'Jasmine string', price: 40, type: 'flower' },
  { _id: 'p-marigold', name: 'Marigold', price: 5, type: 'flower' },
] as Product[];

const deliveryOptions = () =>
  jsonAnswer({
    served: null,
    dates: [{ date: '2026-11-27', slots: ['Morning 8–12', 'Afternoon 12–4', 'Evening 4–8'] }],
    cutoff: '2:00 PM',
  });

const catalogue = () => jsonAnswer({ success: true, data: products, total: products.length, page: 1, limit: 100 });

beforeEach(() => signInAs('catalog'));

describe('/admin/subscription-plans', () => {
  it('lists each plan with what a delivery holds, the choices, the price, the packs and whether it is sold', async () => {
    mockApi({ 'GET /api/admin/subscription-plans': () => jsonAnswer([pooja, office]) });
    renderAdmin('/admin/subscription-plans');

    const poojaRow = within((await screen.findByText('Daily pooja basket')).closest('tr')!);
    expect(poojaRow.getByText('/subscribe/daily-pooja-basket')).toBeInTheDocument();
    expect(poojaRow.getByText('10 × Yellow Button Chrysanthemum, 3 × Red Rose')).toBeInTheDocument();
    expect(poojaRow.getByText('Every day or chosen days of the week')).toBeInTheDocument();
    expect(poojaRow.getByText('Morning 8–12 only')).toBeInTheDocument();
    expect(poojaRow.getByText('₹90.00')).toBeInTheDocument();
    expect(poojaRow.getByText('7, 15 or 30 deliveries')).toBeInTheDocument();
    expect(poojaRow.getByText('On sale')).toHaveClass('badge--green');

    const officeRow = within(screen.getByText('Office desk flowers').closest('tr')!);
    expect(officeRow.getByText('Any slot')).toBeInTheDocument();
    expect(officeRow.getByText('₹350.50')).toBeInTheDocument();
    expect(officeRow.getByText('4 deliveries')).toBeInTheDocument();
    expect(officeRow.getByText('Not sold')).toBeInTheDocument();
    expect(officeRow.getByRole('button', { name: 'Sell again Office desk flowers' })).toBeInTheDocument();
  });

  it('says so when there are no plans, and when they cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/subscription-plans': () => jsonAnswer([]) });
    const { unmount } = renderAdmin('/admin/subscription-plans');
    expect(await screen.findByText('No plans yet. Create the first one.')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /api/admin/subscription-plans': () => jsonAnswer({ success: false, message: 'Forbidden' }, 403) });
    renderAdmin('/admin/subscription-plans');
    expect(await screen.findByText('Could not load the plans')).toBeInTheDocument();
  });

  it('creates a plan: its address follows the name, products with quantities, the ticked choices, rupees and packs as numbers', async () => {
    let listed: SubscriptionPlan[] = [];
    const { callsTo } = mockApi({
      'GET /api/admin/subscription-plans': () => jsonAnswer(listed),
      'GET /api/products': catalogue,
      'GET /api/delivery/options': deliveryOptions,
      'POST /api/admin/subscription-plans': ({ body }) => {
        listed = [plan('plan-new', body as Partial<SubscriptionPlan>)];
        return jsonAnswer(listed[0], 201);
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/subscription-plans');
    await user.click(await screen.findByRole('button', { name: 'New plan' }));
    const form = within(screen.getByRole('region', { name: 'New plan' }));

    await user.type(form.getByLabelText('Name *'), 'Temple Flowers!');
    expect(form.getByLabelText('Address *')).toHaveValue('temple-flowers');
    await user.click(form.getByRole('button', { name: 'Create plan' }));
    expect(await form.findByText('Please add at least one product.')).toBeInTheDocument();

    await user.selectOptions(await form.findByLabelText('Add a product'), 'p-marigold');
    await user.click(form.getByRole('button', { name: 'Add' }));
    await user.selectOptions(form.getByLabelText('Add a product'), 'p-jasmine');
    await user.click(form.getByRole('button', { name: 'Add' }));
    await user.clear(form.getByLabelText('Quantity of Marigold'));
    await user.type(form.getByLabelText('Quantity of Marigold'), '12');
    await user.click(form.getByRole('checkbox', { name: 'Every day' }));
    await user.click(await form.findByRole('checkbox', { name: 'Morning 8–12' }));
    await user.type(form.getByLabelText('Price of one delivery (₹) *'), '75.50');
    await user.type(form.getByLabelText('Packs sold, in deliveries *'), '15, 7 30');
    await user.click(form.getByRole('button', { name: 'Create plan' }));

    expect(await screen.findByText('Temple Flowers! was created.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/subscription-plans')[0].body).toEqual({
      name: 'Temple Flowers!',
      slug: 'temple-flowers',
      description: '',
      items: [
        { productId: 'p-marigold', quantity: 12 },
        { productId: 'p-jasmine', quantity: 1 },
      ],
      frequencies: ['daily'],
      slots: ['Morning 8–12'],
      pricePerDelivery: 75.5,
      packs: [15, 7, 30],
      active: true,
    });
    expect(screen.queryByRole('region', { name: 'New plan' })).not.toBeInTheDocument();
  });

  it('shows why the server refused a plan, and keeps what was typed', async () => {
    mockApi({
      'GET /api/admin/subscription-plans': () => jsonAnswer([pooja]),
      'GET /api/products': catalogue,
      'GET /api/delivery/options': deliveryOptions,
      'PUT /api/admin/subscription-plans/plan-pooja': () => jsonAnswer({ success: false, message: 'Another plan has this address: choose another' }, 409),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/subscription-plans');
    await user.click(await screen.findByRole('button', { name: 'Edit Daily pooja basket' }));
    const form = within(screen.getByRole('region', { name: 'Edit Daily pooja basket' }));
    expect(form.getByLabelText('Quantity of Red Rose')).toHaveValue(3);
    await user.clear(form.getByLabelText('Address *'));
    await user.type(form.getByLabelText('Address *'), 'office-desk-flowers');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText('Could not save the plan: Another plan has this address: choose another')).toBeInTheDocument();
    expect(form.getByLabelText('Address *')).toHaveValue('office-desk-flowers');
  });

  it('shows a plan’s Tamil texts when editing, and saves them when they change', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/subscription-plans': () => jsonAnswer([pooja]),
      'GET /api/admin/subscription-plans?lang=ta': () => jsonAnswer([{ ...pooja, name: 'தினசரி பூஜைக் கூடை', languages: { name: 'ta', description: 'en' } }]),
      'GET /api/products': catalogue,
      'GET /api/delivery/options': deliveryOptions,
      'PUT /api/admin/subscription-plans/plan-pooja': () => jsonAnswer(pooja),
      'PUT /api/admin/subscription-plans/plan-pooja/translations/ta': () => jsonAnswer(pooja),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/subscription-plans');
    await user.click(await screen.findByRole('button', { name: 'Edit Daily pooja basket' }));
    const form = within(screen.getByRole('region', { name: 'Edit Daily pooja basket' }));
    expect(await form.findByLabelText('Name in Tamil')).toHaveValue('தினசரி பூஜைக் கூடை');
    expect(form.getByLabelText('Description in Tamil')).toHaveValue('');
    await user.type(form.getByLabelText('Description in Tamil'), 'ஒவ்வொரு காலையும் பூக்கள்.');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Daily pooja basket was saved.')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/subscription-plans/plan-pooja/translations/ta').map((call) => call.body)).toEqual([
      { name: 'தினசரி பூஜைக் கூடை', description: 'ஒவ்வொரு காலையும் பூக்கள்.' },
    ]);
  });

  it('stops selling a plan, and says so', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/subscription-plans': () => jsonAnswer([pooja]),
      'PUT /api/admin/subscription-plans/plan-pooja': () => jsonAnswer({ ...pooja, active: false }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/subscription-plans');
    await user.click(await screen.findByRole('button', { name: 'Stop selling Daily pooja basket' }));
    expect(await screen.findByText('Daily pooja basket is no longer sold.')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/subscription-plans/plan-pooja')[0].body).toEqual({ active: false });
  });
});

describe('slugFor', () => {
  it.each([
    ['Daily pooja basket', 'daily-pooja-basket'],
    ['  Rose & Jasmine — weekly!  ', 'rose-jasmine-weekly'],
    ['மல்லிகை', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugFor(name)).toBe(slug);
  });
});
