import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { DeliveryRun, DeliveryStop } from '@thalir/contracts';
import { inSequence, jsonAnswer, mockApi, type ApiAnswer } from '@thalir/api-client/testing';
import { signInAs } from '../../../testing/render-admin';
import DeliveriesPage, { DELIVERIES_REFRESH_MS, type DeliveriesPageProps } from './deliveries-page';

const ravi = { _id: 'courier-ravi', name: 'Ravi' };
const meena = { _id: 'courier-meena', name: 'Meena' };

const kavya: DeliveryStop = {
  _id: '0b8f1c2e-aaaa-4bbb-8ccc-00000000abc1',
  recipientName: 'Kavya',
  recipientPhone: '+919876543210',
  address: '9 Gulmohar Road, Hosur',
  pincode: '635109',
  items: [{ name: 'Red Rose', quantity: 12 }],
  giftMessage: null,
  status: 'processing',
  paymentMethod: 'razorpay',
  isPaid: true,
  collect: 0,
  courier: ravi,
  cashCollected: null,
  lastFailedAttempt: null,
};

const amma: DeliveryStop = {
  _id: '0b8f1c2e-aaaa-4bbb-8ccc-00000000def2',
  recipientName: 'Amma',
  recipientPhone: '+919876500000',
  address: '3 Temple Street, Hosur',
  pincode: '635110',
  items: [
    { name: 'Red Rose', quantity: 2 },
    { name: 'Fern', quantity: 1 },
  ],
  giftMessage: 'Happy birthday!',
  status: 'pending',
  paymentMethod: 'cash',
  isPaid: false,
  collect: 281,
  courier: null,
  cashCollected: null,
  lastFailedAttempt: null,
};

function runWith(morning: DeliveryStop, evening: DeliveryStop, collectTotal = 281): DeliveryRun {
  return {
    date: '2026-11-27',
    collectTotal,
    couriers: [ravi, meena],
    slots: [
      { slot: 'Morning 8–12', stops: [morning] },
      { slot: 'Evening 4–8', stops: [evening] },
    ],
  };
}

const run = runWith(kavya, amma);

/** The screen as the route tree mounts it, with the right to assign given or not. */
function renderDeliveries(path: string, props: DeliveriesPageProps = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/deliveries" element={<DeliveriesPage {...props} />} />
        <Route path="/order/:id" element={<p>Order details page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** An answer the test hands over when it chooses. */
function deferred() {
  let answer!: (value: ApiAnswer) => void;
  const promise = new Promise<ApiAnswer>((resolve) => (answer = resolve));
  return { responder: () => promise, answer };
}

const stopCard = (name: string) => screen.getByText(name).closest('li')!;
const courierSelect = (name: string) => screen.getByRole('combobox', { name: `Taken out by for ${name}` });

beforeEach(() => signInAs('admin'));

describe('/admin/deliveries', () => {
  it("shows a date's deliveries by slot, with the cash to collect standing out", async () => {
    mockApi({ 'GET /api/admin/deliveries/2026-11-27': () => jsonAnswer(run) });
    renderDeliveries('/admin/deliveries?date=2026-11-27');
    expect(await screen.findByText('2 deliveries; collect ₹281.00 in cash.')).toBeInTheDocument();
    const slots = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(slots).toEqual(['Morning 8–12 (1)', 'Evening 4–8 (1)']);
    const evening = within(screen.getByRole('region', { name: 'Evening 4–8 (1)' }));
    expect(evening.getByText('Amma')).toBeInTheDocument();
    expect(evening.getByRole('link', { name: '+919876500000' })).toHaveAttribute('href', 'tel:+919876500000');
    expect(evening.getByText('3 Temple Street, Hosur – 635110')).toBeInTheDocument();
    expect(evening.getByText('2 × Red Rose')).toBeInTheDocument();
    expect(evening.getByText('Card: “Happy birthday!”')).toBeInTheDocument();
    expect(evening.getByText('Collect ₹281.00 (Cash on Delivery)')).toHaveClass('delivery-stop__collect');
    expect(within(screen.getByRole('region', { name: 'Morning 8–12 (1)' })).getByText('Paid')).toBeInTheDocument();
  });

  it("marks a subscription's delivery, paid from its pack", async () => {
    mockApi({ 'GET /api/admin/deliveries/2026-11-27': () => jsonAnswer(runWith({ ...kavya, subscription: true }, amma)) });
    renderDeliveries('/admin/deliveries?date=2026-11-27');
    expect(await screen.findByText('Subscription: paid from its deliveries')).toBeInTheDocument();
    expect(within(stopCard('Amma')).queryByText(/Subscription/)).toBeNull();
  });

  it('changes the date through the address and downloads the sheet', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const { callsTo } = mockApi({
      'GET /api/admin/deliveries/2026-11-27': () => jsonAnswer(run),
      'GET /api/admin/deliveries/2026-11-28': () => jsonAnswer({ date: '2026-11-28', slots: [], collectTotal: 0, couriers: [ravi] }),
      'GET /api/admin/deliveries/2026-11-27.pdf': () => ({ body: pdf }),
    });
    const user = userEvent.setup();
    renderDeliveries('/admin/deliveries?date=2026-11-27');
    await screen.findByText('2 deliveries; collect ₹281.00 in cash.');
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:sheet'), revokeObjectURL: jest.fn() });
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Download delivery sheet (PDF)' }));
    await waitFor(() => expect(clicked).toEqual(['Deliveries_2026-11-27.pdf']));

    fireEvent.change(screen.getByLabelText('Delivery date'), { target: { value: '2026-11-28' } });
    expect(await screen.findByText('Nothing to deliver on Sat, 28 Nov 2026.')).toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/deliveries/2026-11-28')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Download delivery sheet (PDF)' })).toBeDisabled();
  });

  it("shows who takes each stop out and each stop's progress, without a select for staff who may not assign", async () => {
    const progressed = runWith(
      { ...kavya, status: 'processing', lastFailedAttempt: { reason: 'nobody-home', at: '2026-11-27T05:05:00.000Z' } },
      { ...amma, status: 'delivered', courier: meena, isPaid: true, collect: 0, cashCollected: 281 },
      0,
    );
    mockApi({ 'GET /api/admin/deliveries/2026-11-27': () => jsonAnswer(progressed) });
    renderDeliveries('/admin/deliveries?date=2026-11-27');
    await screen.findByText('2 deliveries; collect ₹0.00 in cash.');
    expect(within(stopCard('Kavya')).getByText('Taken out by Ravi')).toBeInTheDocument();
    expect(within(stopCard('Kavya')).getByText('Could not deliver: Nobody home · Fri, 27 Nov 2026, 10:35 am')).toBeInTheDocument();
    expect(within(stopCard('Kavya')).getByText('processing')).toBeInTheDocument();
    expect(within(stopCard('Amma')).getByText('Taken out by Meena')).toBeInTheDocument();
    expect(within(stopCard('Amma')).getByText('delivered')).toBeInTheDocument();
    expect(within(stopCard('Amma')).getByText('Cash collected ₹281.00')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('assigns a stop to a delivery person, and keeps the previous choice with the server’s message when refused', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/deliveries/2026-11-27': () => jsonAnswer(run),
      [`PUT /api/admin/orders/${amma._id}/courier`]: inSequence(
        () => jsonAnswer({ ...amma, courier: meena }),
        () => jsonAnswer({ message: 'Ravi cannot take stops (role: catalog)' }, 400),
      ),
    });
    const user = userEvent.setup();
    renderDeliveries('/admin/deliveries?date=2026-11-27', { canAssign: true });
    await screen.findByText('2 deliveries; collect ₹281.00 in cash.');
    expect(courierSelect('Kavya')).toHaveValue(ravi._id);
    expect(courierSelect('Amma')).toHaveValue('');
    expect(
      within(courierSelect('Amma'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not assigned', 'Ravi', 'Meena']);

    await user.selectOptions(courierSelect('Amma'), 'Meena');
    await waitFor(() => expect(courierSelect('Amma')).toBeEnabled());
    expect(courierSelect('Amma')).toHaveValue(meena._id);
    expect(callsTo('PUT', `/api/admin/orders/${amma._id}/courier`)[0].body).toEqual({ courierId: meena._id });

    await user.selectOptions(courierSelect('Amma'), 'Ravi');
    expect(await within(stopCard('Amma')).findByRole('alert')).toHaveTextContent('Ravi cannot take stops (role: catalog)');
    expect(courierSelect('Amma')).toHaveValue(meena._id);
    expect(courierSelect('Amma')).toBeEnabled();
    expect(callsTo('PUT', `/api/admin/orders/${amma._id}/courier`)[1].body).toEqual({ courierId: ravi._id });
  });

  it('takes a stop off everyone’s list with "Not assigned"', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/deliveries/2026-11-27': () => jsonAnswer(run),
      [`PUT /api/admin/orders/${kavya._id}/courier`]: () => jsonAnswer({ ...kavya, courier: null }),
    });
    const user = userEvent.setup();
    renderDeliveries('/admin/deliveries?date=2026-11-27', { canAssign: true });
    await screen.findByText('2 deliveries; collect ₹281.00 in cash.');
    await user.selectOptions(courierSelect('Kavya'), 'Not assigned');
    await waitFor(() => expect(callsTo('PUT', `/api/admin/orders/${kavya._id}/courier`)).toHaveLength(1));
    expect(callsTo('PUT', `/api/admin/orders/${kavya._id}/courier`)[0].body).toEqual({ courierId: null });
    await waitFor(() => expect(courierSelect('Kavya')).toBeEnabled());
    expect(courierSelect('Kavya')).toHaveValue('');
  });

  describe('refreshing by itself', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => {
      jest.useRealTimers();
      // Back to jsdom's own answer.
      delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
    });

    const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    };

    it('asks for the run every 10 seconds while visible and shows the progress without a spinner', async () => {
      const progressed = runWith(
        { ...kavya, status: 'shipped' },
        { ...amma, status: 'delivered', courier: meena, isPaid: true, collect: 0, cashCollected: 281 },
        0,
      );
      const { callsTo } = mockApi({
        'GET /api/admin/deliveries/2026-11-27': inSequence(
          () => jsonAnswer(run),
          () => jsonAnswer(progressed),
          () => jsonAnswer(progressed),
        ),
      });
      const mountedAt = Date.now();
      renderDeliveries('/admin/deliveries?date=2026-11-27', { canAssign: true });
      await screen.findByText('2 deliveries; collect ₹281.00 in cash.');
      const select = courierSelect('Amma');
      select.focus();
      const calls = () => callsTo('GET', '/api/admin/deliveries/2026-11-27').length;
      expect(calls()).toBe(1);

      // Waiting for the first answer moved the fake clock on a little.
      await advance(mountedAt + DELIVERIES_REFRESH_MS - 1 - Date.now());
      expect(calls()).toBe(1);
      await advance(1);
      expect(calls()).toBe(2);
      expect(screen.queryByText('Loading deliveries…')).not.toBeInTheDocument();
      expect(screen.getByText('2 deliveries; collect ₹0.00 in cash.')).toBeInTheDocument();
      expect(within(stopCard('Amma')).getByText('delivered')).toBeInTheDocument();
      expect(within(stopCard('Amma')).getByText('Cash collected ₹281.00')).toBeInTheDocument();
      expect(within(stopCard('Kavya')).getByText('shipped')).toBeInTheDocument();
      // The same select, still focused, now showing the server's choice.
      expect(courierSelect('Amma')).toBe(select);
      expect(select).toHaveFocus();
      expect(select).toHaveValue(meena._id);

      // A hidden tab asks nothing; coming back asks at once, then every 10 seconds again.
      setVisibility('hidden');
      await advance(DELIVERIES_REFRESH_MS * 3);
      expect(calls()).toBe(2);
      setVisibility('visible');
      await advance(0);
      expect(calls()).toBe(3);
    });

    it('does not let a refresh undo a choice being saved', async () => {
      const put = deferred();
      const { callsTo } = mockApi({
        // Every refresh still shows the run as it was before the assignment.
        'GET /api/admin/deliveries/2026-11-27': () => jsonAnswer(run),
        [`PUT /api/admin/orders/${amma._id}/courier`]: put.responder,
      });
      renderDeliveries('/admin/deliveries?date=2026-11-27', { canAssign: true });
      await screen.findByText('2 deliveries; collect ₹281.00 in cash.');

      fireEvent.change(courierSelect('Amma'), { target: { value: meena._id } });
      expect(courierSelect('Amma')).toHaveValue(meena._id);
      expect(courierSelect('Amma')).toBeDisabled();
      await advance(DELIVERIES_REFRESH_MS);
      expect(callsTo('GET', '/api/admin/deliveries/2026-11-27')).toHaveLength(2);
      expect(courierSelect('Amma')).toHaveValue(meena._id);

      await act(async () => put.answer(jsonAnswer({ ...amma, courier: meena })));
      expect(courierSelect('Amma')).toBeEnabled();
      expect(courierSelect('Amma')).toHaveValue(meena._id);
    });

    it('keeps the last run on screen when a refresh fails', async () => {
      mockApi({
        'GET /api/admin/deliveries/2026-11-27': inSequence(
          () => jsonAnswer(run),
          () => jsonAnswer({ message: 'Server busy' }, 503),
          () => jsonAnswer(run),
        ),
      });
      renderDeliveries('/admin/deliveries?date=2026-11-27');
      await screen.findByText('2 deliveries; collect ₹281.00 in cash.');
      await advance(DELIVERIES_REFRESH_MS);
      expect(screen.getByText('Could not refresh the deliveries; trying again.')).toBeInTheDocument();
      expect(screen.getByText('2 deliveries; collect ₹281.00 in cash.')).toBeInTheDocument();
      await advance(DELIVERIES_REFRESH_MS);
      expect(screen.queryByText('Could not refresh the deliveries; trying again.')).not.toBeInTheDocument();
    });
  });
});
