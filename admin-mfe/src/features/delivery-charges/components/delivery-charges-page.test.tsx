import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryCharges, DeliveryChargesChange, DeliveryOptions } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

const charges: DeliveryCharges = {
  defaultZone: { name: 'Default', pincodePrefixes: [], fee: 120, freeAbove: null },
  zones: [
    { name: 'Hosur', pincodePrefixes: ['635'], fee: 40, freeAbove: 500 },
    { name: 'Bengaluru', pincodePrefixes: ['560', '562'], fee: 80, freeAbove: 1500 },
  ],
  slotSurcharges: { 'Evening 4–8': 30 },
  updatedBy: { _id: 'admin-1', name: 'Lakshmi' },
  updatedAt: '2026-02-03T10:00:00.000Z',
};

const history: DeliveryChargesChange[] = [
  { changedAt: '2026-02-03T10:00:00.000Z', changedBy: { _id: 'admin-1', name: 'Lakshmi' }, charges },
  {
    changedAt: '2026-01-20T09:00:00.000Z',
    changedBy: null,
    charges: { defaultZone: { name: 'Default', pincodePrefixes: [], fee: 100, freeAbove: 999 }, zones: [], slotSurcharges: {} },
  },
];

// Today has only its evening slot left; tomorrow has all three, in the day's order.
const options: DeliveryOptions = {
  served: null,
  cutoff: '2:00 PM',
  dates: [
    { date: '2026-02-03', slots: ['Evening 4–8'] },
    { date: '2026-02-04', slots: ['Morning 8–12', 'Afternoon 12–4', 'Evening 4–8'] },
  ],
};

beforeEach(() => signInAs('admin'));

describe('/admin/delivery-charges', () => {
  it('shows the charges, who changed them last, the slots and the history', async () => {
    mockApi({
      'GET /api/admin/delivery-charges': () => jsonAnswer(charges),
      'GET /api/admin/delivery-charges/history': () => jsonAnswer(history),
      'GET /api/delivery/options': () => jsonAnswer(options),
    });
    renderAdmin('/admin/delivery-charges');

    expect(await screen.findByText(/^Last changed by Lakshmi on 3 Feb 2026/)).toBeInTheDocument();
    const defaultCharge = within(screen.getByRole('group', { name: 'Default charge' }));
    expect(defaultCharge.getByLabelText('Fee (₹) *')).toHaveValue(120);
    expect(defaultCharge.getByLabelText('Free above (₹)')).toHaveValue(null);

    expect(screen.getByLabelText('Name of zone 2')).toHaveValue('Bengaluru');
    expect(screen.getByLabelText('PIN code prefixes of zone 2')).toHaveValue('560, 562');
    expect(screen.getByLabelText('Fee of zone 2 (₹)')).toHaveValue(80);
    expect(screen.getByLabelText('Free above, zone 2 (₹)')).toHaveValue(1500);

    const slots = within(screen.getByRole('group', { name: 'Slot surcharges' }));
    expect(await slots.findByLabelText('Morning 8–12 (₹)')).toHaveValue(null);
    expect(slots.getAllByRole('spinbutton').map((input) => (input as HTMLInputElement).labels?.[0].textContent)).toEqual([
      'Morning 8–12 (₹)',
      'Afternoon 12–4 (₹)',
      'Evening 4–8 (₹)',
    ]);
    expect(slots.getByLabelText('Evening 4–8 (₹)')).toHaveValue(30);

    const changes = within(screen.getByRole('region', { name: 'Changes' }));
    expect(await changes.findByText(/^3 Feb 2026, .+ by Lakshmi$/)).toBeInTheDocument();
    expect(changes.getByText('Bengaluru (560, 562): ₹80.00, free above ₹1,500.00')).toBeInTheDocument();
    expect(changes.getByText('Evening 4–8: +₹30.00')).toBeInTheDocument();
    // An earlier change by nobody in particular: the shop's first settings.
    expect(changes.getByText(/^20 Jan 2026, \d{1,2}:\d{2} [ap]m$/)).toBeInTheDocument();
    expect(changes.getByText('Default: ₹100.00, free above ₹999.00')).toBeInTheDocument();
  });

  it('saves the default charge, the zones and the slot surcharges in rupees, then shows what the server kept', async () => {
    let current = charges;
    const { callsTo } = mockApi({
      'GET /api/admin/delivery-charges': () => jsonAnswer(current),
      'GET /api/admin/delivery-charges/history': () => jsonAnswer([]),
      'GET /api/delivery/options': () => jsonAnswer(options),
      'PUT /api/admin/delivery-charges': ({ body }) => {
        current = { ...(body as DeliveryCharges), updatedBy: { _id: 'admin-2', name: 'Ravi' }, updatedAt: '2026-02-05T10:00:00.000Z' };
        return jsonAnswer(current);
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/delivery-charges');
    const defaultFee = await screen.findByLabelText('Fee (₹) *');
    await user.clear(defaultFee);
    await user.type(defaultFee, '99.50');
    await user.type(screen.getByLabelText('Free above (₹)'), '2000');

    await user.click(screen.getByRole('button', { name: 'Remove Hosur' }));
    expect(screen.getByLabelText('Name of zone 1')).toHaveValue('Bengaluru');
    await user.click(screen.getByRole('button', { name: 'Add a zone' }));
    await user.type(screen.getByLabelText('Name of zone 2'), 'Krishnagiri');
    await user.type(screen.getByLabelText('PIN code prefixes of zone 2'), '635, 636');
    await user.type(screen.getByLabelText('Fee of zone 2 (₹)'), '60');

    await user.type(await screen.findByLabelText('Morning 8–12 (₹)'), '50');
    await user.clear(screen.getByLabelText('Evening 4–8 (₹)'));
    await user.click(screen.getByRole('button', { name: 'Save delivery charges' }));

    expect(await screen.findByText('Delivery charges saved.')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/delivery-charges')[0].body).toEqual({
      defaultZone: { name: 'Default', pincodePrefixes: [], fee: 99.5, freeAbove: 2000 },
      zones: [
        { name: 'Bengaluru', pincodePrefixes: ['560', '562'], fee: 80, freeAbove: 1500 },
        { name: 'Krishnagiri', pincodePrefixes: ['635', '636'], fee: 60, freeAbove: null },
      ],
      slotSurcharges: { 'Morning 8–12': 50 },
    });
    expect(await screen.findByText(/^Last changed by Ravi on 5 Feb 2026/)).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/api/admin/delivery-charges/history')).toHaveLength(2));
    expect(screen.getByLabelText('Fee (₹) *')).toHaveValue(99.5);
    expect(screen.getByLabelText('Name of zone 2')).toHaveValue('Krishnagiri');
  });

  it("checks the zones before sending, and shows the server's reason when it refuses", async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/delivery-charges': () => jsonAnswer({ ...charges, updatedBy: null, updatedAt: null }),
      'GET /api/admin/delivery-charges/history': () => jsonAnswer([]),
      'GET /api/delivery/options': () => jsonAnswer(options),
      'PUT /api/admin/delivery-charges': () => jsonAnswer({ success: false, message: 'The prefix 635 is in two zones: Hosur and Krishnagiri' }, 400),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/delivery-charges');
    expect(await screen.findByText('Not changed yet: these are the shop’s first charges.')).toBeInTheDocument();
    expect(await screen.findByText('No changes yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a zone' }));
    await user.type(screen.getByLabelText('Name of zone 3'), 'Krishnagiri');
    await user.type(screen.getByLabelText('PIN code prefixes of zone 3'), '63A');
    await user.click(screen.getByRole('button', { name: 'Save delivery charges' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Krishnagiri: each PIN code prefix is 1 to 6 digits.');
    expect(callsTo('PUT', '/api/admin/delivery-charges')).toHaveLength(0);

    await user.clear(screen.getByLabelText('PIN code prefixes of zone 3'));
    await user.type(screen.getByLabelText('PIN code prefixes of zone 3'), '635');
    await user.type(screen.getByLabelText('Fee of zone 3 (₹)'), '50');
    await user.click(screen.getByRole('button', { name: 'Save delivery charges' }));
    expect(await screen.findByText('Could not save the delivery charges: The prefix 635 is in two zones: Hosur and Krishnagiri')).toBeInTheDocument();
    expect(screen.queryByText('Delivery charges saved.')).not.toBeInTheDocument();
  });
});
