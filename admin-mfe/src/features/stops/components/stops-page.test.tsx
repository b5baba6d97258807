import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { CourierDay, CourierStop } from '@thalir/contracts';
import { jsonAnswer, mockApi, type ApiAnswer } from '@thalir/api-client/testing';
import { signInAs } from '../../../testing/render-admin';
import StopsPage from './stops-page';

const kavya: CourierStop = {
  _id: '0b8f1c2e-aaaa-4bbb-8ccc-00000000abc1',
  position: 1,
  slot: 'Morning 8–12',
  recipientName: 'Kavya',
  recipientPhone: '+919876543210',
  address: '9 Gulmohar Road, Hosur',
  pincode: '635109',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=9%20Gulmohar%20Road%2C%20Hosur%20635109',
  items: [{ name: 'Red Rose', quantity: 12 }],
  giftMessage: null,
  status: 'shipped',
  paymentMethod: 'razorpay',
  isPaid: true,
  collect: 0,
  cashCollected: null,
  lastFailedAttempt: null,
};

const amma: CourierStop = {
  _id: '0b8f1c2e-aaaa-4bbb-8ccc-00000000def2',
  position: 2,
  slot: 'Evening 4–8',
  recipientName: 'Amma',
  recipientPhone: null,
  address: '3 Temple Street, Hosur',
  pincode: '635110',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=3%20Temple%20Street%2C%20Hosur%20635110',
  items: [
    { name: 'Red Rose', quantity: 2 },
    { name: 'Fern', quantity: 1 },
  ],
  giftMessage: 'Happy birthday!',
  status: 'processing',
  paymentMethod: 'cash',
  isPaid: false,
  collect: 281,
  cashCollected: null,
  lastFailedAttempt: null,
};

const day: CourierDay = { date: '2026-11-27', stops: [kavya, amma], collectTotal: 281, collectedTotal: 0 };

const stopPath = (stop: CourierStop, action: string) => `/api/delivery/stops/${stop._id}/${action}`;

function renderStops(path = '/admin/stops') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/stops" element={<StopsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const stopCard = (name: string) => within(screen.getByRole('article', { name }));

/** An answer the test hands over when it chooses. */
function deferred() {
  let answer!: (value: ApiAnswer) => void;
  const promise = new Promise<ApiAnswer>((resolve) => (answer = resolve));
  return { responder: () => promise, answer };
}

beforeEach(() => signInAs('admin'));

describe('/admin/stops', () => {
  it("lists the day's stops in order, with the call and map links, the card message and the cash to collect", async () => {
    const { callsTo } = mockApi({ 'GET /api/delivery/stops': () => jsonAnswer(day) });
    renderStops('/admin/stops?date=2026-11-27');
    expect(await screen.findByText('Fri, 27 Nov 2026')).toBeInTheDocument();
    expect(callsTo('GET', '/api/delivery/stops')[0].url).toBe('/api/delivery/stops?date=2026-11-27');
    expect(screen.getByText(/^To collect/)).toHaveTextContent('To collect ₹281.00 / Collected ₹0.00');
    expect(screen.getAllByRole('article').map((stop) => within(stop).getByRole('heading').textContent)).toEqual(['Kavya', 'Amma']);

    const first = stopCard('Kavya');
    expect(first.getByText('Stop')).toHaveClass('visually-hidden');
    expect(first.getByText('Stop').parentElement).toHaveTextContent(/^Stop 1$/);
    expect(stopCard('Amma').getByText('Stop').parentElement).toHaveTextContent(/^Stop 2$/);
    expect(first.getByText('Morning 8–12')).toBeInTheDocument();
    expect(first.getByText('9 Gulmohar Road, Hosur – 635109')).toBeInTheDocument();
    expect(first.getByText('12 × Red Rose')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Call Kavya' })).toHaveAttribute('href', 'tel:+919876543210');
    const map = first.getByRole('link', { name: 'Map to Kavya’s address' });
    expect(map).toHaveAttribute('href', kavya.mapUrl);
    expect(map).toHaveAttribute('target', '_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    expect(first.queryByText(/^Collect/)).not.toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Delivered' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Could not deliver' })).toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Out for delivery' })).not.toBeInTheDocument();

    const second = stopCard('Amma');
    expect(second.getByText('2 × Red Rose')).toBeInTheDocument();
    expect(second.getByText('1 × Fern')).toBeInTheDocument();
    expect(second.getByText('“Happy birthday!”').closest('.stop-card__gift')).toHaveTextContent('Card message“Happy birthday!”');
    expect(second.getByText('Collect ₹281.00 cash')).toBeInTheDocument();
    expect(second.queryByRole('link', { name: /^Call/ })).not.toBeInTheDocument();
    expect(second.getByRole('link', { name: 'Map to Amma’s address' })).toHaveAttribute('href', amma.mapUrl);
    expect(second.getByRole('button', { name: 'Out for delivery' })).toBeInTheDocument();
    expect(second.queryByRole('button', { name: 'Delivered' })).not.toBeInTheDocument();
  });

  it('takes a cash stop out, then delivers it with the cash collected', async () => {
    const out = deferred();
    const { callsTo } = mockApi({
      'GET /api/delivery/stops': () => jsonAnswer(day),
      [`POST ${stopPath(amma, 'out')}`]: out.responder,
      [`POST ${stopPath(amma, 'delivered')}`]: () => jsonAnswer({ ...amma, status: 'delivered', isPaid: true, collect: 0, cashCollected: 281 }),
    });
    const user = userEvent.setup();
    renderStops();
    await screen.findByText('Fri, 27 Nov 2026');
    expect(callsTo('GET', '/api/delivery/stops')[0].url).toBe('/api/delivery/stops');

    await user.click(stopCard('Amma').getByRole('button', { name: 'Out for delivery' }));
    expect(stopCard('Amma').getByRole('button', { name: 'Out for delivery' })).toBeDisabled();
    out.answer(jsonAnswer({ ...amma, status: 'shipped' }));
    await user.click(await stopCard('Amma').findByRole('button', { name: 'Delivered' }));
    expect(callsTo('POST', stopPath(amma, 'out'))).toHaveLength(1);

    const cash = stopCard('Amma').getByLabelText('Cash collected (₹)');
    expect(cash).toHaveValue('281');
    await user.click(stopCard('Amma').getByRole('button', { name: 'Confirm delivered' }));
    expect(await stopCard('Amma').findByText('Delivered')).toHaveTextContent('Delivered · cash collected ₹281.00');
    expect(callsTo('POST', stopPath(amma, 'delivered'))[0].body).toEqual({ cashCollected: 281 });
    expect(stopCard('Amma').queryByRole('button')).not.toBeInTheDocument();
    expect(stopCard('Amma').queryByText('Collect ₹281.00 cash')).not.toBeInTheDocument();
    expect(screen.getByText(/^To collect/)).toHaveTextContent('To collect ₹0.00 / Collected ₹281.00');
  });

  it('delivers a paid stop without asking for cash', async () => {
    const { callsTo } = mockApi({
      'GET /api/delivery/stops': () => jsonAnswer(day),
      [`POST ${stopPath(kavya, 'delivered')}`]: () => jsonAnswer({ ...kavya, status: 'delivered' }),
    });
    const user = userEvent.setup();
    renderStops();
    await screen.findByText('Fri, 27 Nov 2026');
    await user.click(await stopCard('Kavya').findByRole('button', { name: 'Delivered' }));
    expect(await stopCard('Kavya').findByText('Delivered')).toBeInTheDocument();
    expect(callsTo('POST', stopPath(kavya, 'delivered'))[0].body).toEqual({});
    expect(stopCard('Kavya').queryByRole('button')).not.toBeInTheDocument();
  });

  it('reports a stop that could not be delivered, with the reason', async () => {
    const { callsTo } = mockApi({
      'GET /api/delivery/stops': () => jsonAnswer(day),
      [`POST ${stopPath(kavya, 'failed')}`]: () =>
        jsonAnswer({ ...kavya, status: 'processing', lastFailedAttempt: { reason: 'wrong-address', at: '2026-11-27T05:05:00.000Z' } }),
    });
    const user = userEvent.setup();
    renderStops();
    await screen.findByText('Fri, 27 Nov 2026');
    await user.click(await stopCard('Kavya').findByRole('button', { name: 'Could not deliver' }));
    const reasons = within(stopCard('Kavya').getByRole('group', { name: 'Why could it not be delivered?' }));
    expect(reasons.getAllByRole('button').map((button) => button.textContent)).toEqual(['Nobody home', 'Wrong address', 'Refused', 'Back']);
    await user.click(reasons.getByRole('button', { name: 'Wrong address' }));
    expect(await stopCard('Kavya').findByText('Last attempt: Wrong address · Fri, 27 Nov 2026, 10:35 am')).toBeInTheDocument();
    expect(callsTo('POST', stopPath(kavya, 'failed'))[0].body).toEqual({ reason: 'wrong-address' });
    expect(stopCard('Kavya').getByRole('button', { name: 'Out for delivery' })).toBeEnabled();
    expect(stopCard('Kavya').queryByRole('group')).not.toBeInTheDocument();
  });

  it("shows the server's message next to the stop and lets the delivery person try again", async () => {
    mockApi({
      'GET /api/delivery/stops': () => jsonAnswer(day),
      [`POST ${stopPath(amma, 'out')}`]: () => jsonAnswer({ message: 'This order was cancelled' }, 409),
    });
    const user = userEvent.setup();
    renderStops();
    await screen.findByText('Fri, 27 Nov 2026');
    await user.click(await stopCard('Amma').findByRole('button', { name: 'Out for delivery' }));
    expect(await stopCard('Amma').findByRole('alert')).toHaveTextContent('This order was cancelled');
    expect(stopCard('Kavya').queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(stopCard('Amma').getByRole('button', { name: 'Out for delivery' })).toBeEnabled());
  });

  it('says so when no stops are assigned for the day', async () => {
    mockApi({ 'GET /api/delivery/stops': () => jsonAnswer({ date: '2026-11-28', stops: [], collectTotal: 0, collectedTotal: 0 }) });
    renderStops();
    expect(await screen.findByText('No stops assigned to you for Sat, 28 Nov 2026.')).toBeInTheDocument();
    expect(screen.getByText(/^To collect/)).toHaveTextContent('To collect ₹0.00 / Collected ₹0.00');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
