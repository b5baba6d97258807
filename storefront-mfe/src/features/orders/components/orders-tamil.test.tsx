import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { signIn } from '@thalir/auth';
import type { Order } from '@thalir/contracts';
import { i18nFor, LanguageProvider } from '@thalir/ui';
import MyOrdersPage from './my-orders-page';
import OrderPage from './order-page';

const order: Order = {
  _id: '9f1c2d3e-1111-4222-8333-0000007fa9be',
  orderItems: [{ name: 'Red Rose', product: 'rose', quantity: 2, price: 45.5 }],
  totalAmount: 91,
  paymentMethod: 'cash',
  address: 'Hosur',
  status: 'shipped',
  isPaid: false,
  paidAt: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  user: { _id: 'u1', name: 'Asha', email: 'asha@example.com' },
  delivery: { date: '2026-11-26', slot: 'Evening 4–8', recipientName: 'Asha', recipientPhone: '+919840012345', pincode: '635109', giftMessage: null },
  statusHistory: [
    { status: 'pending', at: '2026-11-02T10:00:00.000Z', by: 'system', reason: null },
    { status: 'shipped', at: '2026-11-03T10:00:00.000Z', by: 'admin', reason: null },
  ],
};

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
});

/** Draws in Tamil, inside the English provider the test render gives every screen. */
const inTamil = { wrapper: ({ children }: { children: ReactNode }) => <LanguageProvider language="ta">{children}</LanguageProvider> };

beforeEach(() => signIn('token-1', 'customer'));

describe('the orders in Tamil', () => {
  it('lists the orders with Tamil headings, statuses, dates and slots', async () => {
    mockApi({ 'GET /api/orders/my-orders': () => jsonAnswer([order]) });
    render(
      <MemoryRouter>
        <MyOrdersPage />
      </MemoryRouter>,
      inTamil,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('எனது ஆர்டர்கள்');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('ஆர்டர் எண்');
    const [, row] = within(table).getAllByRole('row');
    expect(within(row).getByText('அனுப்பப்பட்டது')).toHaveClass('badge--purple');
    expect(within(row).getByText('செலுத்தப்படவில்லை')).toBeInTheDocument();
    expect(row).toHaveTextContent('2 நவ., 2026');
    expect(row).toHaveTextContent('வியா., 26 நவ., 2026 · மாலை 4–8');
    expect(within(row).getByRole('link', { name: 'ஆர்டர் 7FA9BE-ஐப் பார்' })).toHaveAttribute('href', `/order/${order._id}`);
  });

  it('shows an order in Tamil, its item names marked as English', async () => {
    mockApi({ [`GET /api/orders/${order._id}`]: () => jsonAnswer(order) });
    render(
      <MemoryRouter initialEntries={[`/order/${order._id}`]}>
        <Routes>
          <Route path="/order/:id" element={<OrderPage />} />
        </Routes>
      </MemoryRouter>,
      inTamil,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'ஆர்டர் 7FA9BE' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'விலைப்பட்டியலைப் பதிவிறக்கு' })).toBeInTheDocument();
    expect(screen.getByText('டெலிவரியின்போது பணம் செலுத்துதல்')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Red Rose' })).toHaveAttribute('lang', 'en');
    expect(screen.getByText('கடையால்')).toBeInTheDocument();
    expect(document.title).toBe('ஆர்டர் 7FA9BE · Thalir Blooms');
  });
});
