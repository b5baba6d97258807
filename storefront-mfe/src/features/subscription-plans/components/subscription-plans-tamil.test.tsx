import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import type { SubscriptionPlan } from '@thalir/contracts';
import { i18nFor, LanguageProvider } from '@thalir/ui';
import { PageDataProvider } from '../../../lib/page-data';
import SubscriptionPlanPage from './subscription-plan-page';
import SubscriptionPlansPage from './subscription-plans-page';

const plan: SubscriptionPlan = {
  _id: 'plan-1',
  slug: 'daily-pooja-basket',
  name: 'தினசரி பூஜைக் கூடை',
  description: 'Jasmine strings and marigolds for the morning pooja.',
  languages: { name: 'ta', description: 'en' },
  items: [
    { productId: 'p1', name: 'மல்லிகைச் சரம்', quantity: 2, language: 'ta' },
    { productId: 'p2', name: 'Orange Marigold', quantity: 1, language: 'en' },
  ],
  frequencies: ['daily', 'weekly'],
  slots: ['Morning 8–12'],
  pricePerDelivery: 60,
  packs: [7, 15],
  active: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
});

/** Draws in Tamil, inside the English provider the test render gives every screen. */
const inTamil = { wrapper: ({ children }: { children: ReactNode }) => <LanguageProvider language="ta">{children}</LanguageProvider> };

describe('the subscription plans in Tamil', () => {
  it('lists the plans the server drew the Tamil page with, English descriptions marked', () => {
    mockApi({});
    render(
      <PageDataProvider value={{ '/api/subscription-plans?lang=ta': [plan] }}>
        <MemoryRouter>
          <SubscriptionPlansPage />
        </MemoryRouter>
      </PageDataProvider>,
      inTamil,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'மலர் சந்தாக்கள்' })).toBeInTheDocument();
    const card = screen.getByRole('link', { name: /தினசரி பூஜைக் கூடை/ });
    expect(card).toHaveTextContent('₹60.00 ஒரு டெலிவரிக்கு');
    expect(card).toHaveTextContent('தினமும் · வாரம் ஒருமுறை');
    expect(within(card).getByRole('heading', { level: 2 })).not.toHaveAttribute('lang');
    expect(within(card).getByText(plan.description)).toHaveAttribute('lang', 'en');
  });

  it('shows a plan asked for in Tamil, with its packs, frequencies and slots in Tamil', async () => {
    const api = mockApi({ 'GET /api/subscription-plans/daily-pooja-basket': () => jsonAnswer(plan) });
    render(
      <MemoryRouter initialEntries={['/subscribe/daily-pooja-basket']}>
        <Routes>
          <Route path="/subscribe/:slug" element={<SubscriptionPlanPage />} />
        </Routes>
      </MemoryRouter>,
      inTamil,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'தினசரி பூஜைக் கூடை' })).toBeInTheDocument();
    expect(api.calls[0].url).toBe('/api/subscription-plans/daily-pooja-basket?lang=ta');
    expect(screen.getByRole('heading', { name: 'ஒவ்வொரு டெலிவரியிலும்' })).toBeInTheDocument();
    expect(screen.getByText('Orange Marigold')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('மல்லிகைச் சரம்')).not.toHaveAttribute('lang');
    expect(screen.getByText('7 டெலிவரிகள்')).toBeInTheDocument();
    expect(screen.getByText('தினமும், வாரம் ஒருமுறை')).toBeInTheDocument();
    expect(screen.getByText('காலை 8–12')).toBeInTheDocument();
    expect(screen.getByText(/சந்தா சேர உள்நுழையுங்கள்/)).toBeInTheDocument();
  });
});
