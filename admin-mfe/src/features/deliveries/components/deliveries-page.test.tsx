import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryRun } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

const run: DeliveryRun = {
  date: '2026-11-27',
  collectTotal: 281,
  slots: [
    {
      slot: 'Morning 8–12',
      stops: [
        {
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
        },
      ],
    },
    {
      slot: 'Evening 4–8',
      stops: [
        {
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
        },
      ],
    },
  ],
};

beforeEach(() => signInAs('admin'));

describe('/admin/deliveries', () => {
  it("shows a date's deliveries by slot, with the cash to collect standing out", async () => {
    mockApi({ 'GET /api/admin/deliveries/2026-11-27': () => jsonAnswer(run) });
    renderAdmin('/admin/deliveries?date=2026-11-27');
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

  it('changes the date through the address and downloads the sheet', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const { callsTo } = mockApi({
      'GET /api/admin/deliveries/2026-11-27': () => jsonAnswer(run),
      'GET /api/admin/deliveries/2026-11-28': () => jsonAnswer({ date: '2026-11-28', slots: [], collectTotal: 0 }),
      'GET /api/admin/deliveries/2026-11-27.pdf': () => ({ body: pdf }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/deliveries?date=2026-11-27');
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
});
