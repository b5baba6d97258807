import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { signIn } from '@thalir/auth';
import type { Subscription } from '@thalir/contracts';
import { i18nFor, LanguageProvider } from '@thalir/ui';
import SubscriptionsPage from './subscriptions-page';

const subscription: Subscription = {
  _id: 'sub-1',
  plan: { _id: 'plan-1', slug: 'daily-pooja-basket', name: 'Daily pooja basket', pricePerDelivery: 60, packs: [7, 15], slots: ['Morning 8–12'] },
  status: 'active',
  frequency: 'weekdays',
  weekdays: [1, 3, 5],
  startDate: '2026-12-01',
  slot: 'Morning 8–12',
  address: '4 Temple Street, Mylapore, Chennai',
  pincode: '600004',
  recipientName: 'Lakshmi',
  recipientPhone: '+919840012345',
  credits: { bought: 7, used: 1, left: 6, refunded: 0 },
  pauses: [],
  deliveries: [
    {
      date: '2026-12-02',
      slot: 'Morning 8–12',
      status: 'scheduled',
      covered: true,
      changeableUntil: '2026-12-02T02:30:00.000Z',
      address: '4 Temple Street, Mylapore, Chennai',
      pincode: '600004',
      recipientName: 'Lakshmi',
      recipientPhone: '+919840012345',
      orderId: null,
      note: null,
    },
  ],
  packs: [],
  createdAt: '2026-11-30T10:00:00.000Z',
  cancelledAt: null,
};

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
});

/** Draws in Tamil, inside the English provider the test render gives every screen. */
const inTamil = { wrapper: ({ children }: { children: ReactNode }) => <LanguageProvider language="ta">{children}</LanguageProvider> };

function renderPage() {
  render(
    <MemoryRouter>
      <SubscriptionsPage />
    </MemoryRouter>,
    inTamil,
  );
}

describe('the subscriptions in Tamil', () => {
  it('describes a subscription, its days and its slot in Tamil, the plan name marked as English', async () => {
    signIn('token-1', 'customer');
    mockApi({ 'GET /api/subscriptions/mine': () => jsonAnswer([subscription]) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('எனது சந்தாக்கள்');
    const card = within(await screen.findByRole('article', { name: 'Daily pooja basket' }));
    expect(card.getByRole('heading', { name: 'Daily pooja basket' })).toHaveAttribute('lang', 'en');
    expect(card.getByText('செயலில் உள்ளது')).toBeInTheDocument();
    expect(card.getByText('ஒவ்வொரு திங்., புத. மற்றும் வெள்.')).toBeInTheDocument();
    expect(card.getByText('1 டிச., 2026')).toBeInTheDocument();
    expect(card.getAllByText(/காலை 8–12/).length).toBeGreaterThan(0);
    expect(card.getByText('டிச. 2, 8:00 AM வரை மாற்றலாம்')).toBeInTheDocument();
    expect(card.getByText('வாங்கியவை 7, மீதம் 6 · பயன்படுத்தியவை 1 · திருப்பியளிக்கப்பட்டவை 0')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'டெலிவரிகளை இடைநிறுத்து' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in, in Tamil', () => {
    localStorage.clear();
    mockApi({});
    renderPage();
    expect(screen.getByText('உங்கள் சந்தாக்களைப் பார்க்க உள்நுழையுங்கள்.')).toBeInTheDocument();
  });
});
