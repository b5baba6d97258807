import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { jsonAnswer, mockApi, networkFailure } from '@thalir/api-client/testing';
import type { SubscriptionPlan } from '@thalir/contracts';
import { PageDataProvider } from '../../../lib/page-data';
import { SubscriptionPlanLinks, SubscriptionPlansSection } from '..';
import SubscriptionPlansPage from './subscription-plans-page';

function plan(slug: string, name: string, extra: Partial<SubscriptionPlan> = {}): SubscriptionPlan {
  return {
    _id: `plan-${slug}`,
    slug,
    name,
    description: `${name} from Hosur.`,
    items: [{ productId: 'p1', name: 'Red Rose', quantity: 3 }],
    frequencies: ['daily'],
    slots: [],
    pricePerDelivery: 90,
    packs: [7, 15],
    active: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...extra,
  };
}

const PLANS = [
  plan('daily-pooja-basket', 'Daily pooja basket', { frequencies: ['daily', 'weekdays'] }),
  plan('weekly-home-bouquet', 'Weekly home bouquet', { frequencies: ['weekly', 'fortnightly'], pricePerDelivery: 450 }),
];

function renderWith(element: ReactNode, pageData?: Record<string, unknown>) {
  const page = <MemoryRouter>{element}</MemoryRouter>;
  return render(pageData ? <PageDataProvider value={pageData}>{page}</PageDataProvider> : page);
}

describe('SubscriptionPlansPage', () => {
  it('shows a card per plan the server drew the page with, each a link to the plan’s page, without asking again', () => {
    const api = mockApi({});
    renderWith(<SubscriptionPlansPage />, { '/api/subscription-plans': PLANS });
    expect(screen.getByRole('heading', { level: 1, name: 'Flower subscriptions' })).toBeInTheDocument();
    const cards = screen.getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/subscribe/daily-pooja-basket', '/subscribe/weekly-home-bouquet']);
    expect(within(cards[1]).getByRole('heading', { level: 2 })).toHaveTextContent('Weekly home bouquet');
    expect(cards[1]).toHaveTextContent('₹450.00 a delivery');
    expect(cards[1]).toHaveTextContent('Every week · Every other week');
    expect(api.calls).toEqual([]);
  });

  it('fetches the plans, says when there are none, and tries again after a failure', async () => {
    let answers = 0;
    mockApi({ 'GET /api/subscription-plans': () => (++answers === 1 ? networkFailure() : jsonAnswer([])) });
    const user = userEvent.setup();
    renderWith(<SubscriptionPlansPage />);
    expect(screen.getByText('Loading plans…')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the plans');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No plans are on sale just now. Please check back soon.')).toBeInTheDocument();
  });
});

describe('the plans on the home page and in the shop', () => {
  it('shows the home page’s section with the plans and a link to all of them', async () => {
    mockApi({ 'GET /api/subscription-plans': () => jsonAnswer(PLANS) });
    renderWith(<SubscriptionPlansSection />);
    const section = await screen.findByRole('region', { name: 'Flower subscriptions' });
    expect(within(section).getByText('Flowers every morning')).toBeInTheDocument();
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Daily pooja basket', 'Weekly home bouquet']);
    expect(within(section).getByRole('link', { name: /All plans/ })).toHaveAttribute('href', '/subscribe');
  });

  it('lists the plans in the shop with the price of a delivery, from the page the server drew', () => {
    mockApi({});
    renderWith(<SubscriptionPlanLinks />, { '/api/subscription-plans': PLANS });
    const links = within(screen.getByRole('complementary', { name: 'Flowers every morning' }));
    expect(links.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Daily pooja basket ₹90.00 a delivery',
      'Weekly home bouquet ₹450.00 a delivery',
      'All plans',
    ]);
    expect(links.getByRole('link', { name: 'Daily pooja basket' })).toHaveAttribute('href', '/subscribe/daily-pooja-basket');
    expect(links.getByRole('link', { name: 'All plans' })).toHaveAttribute('href', '/subscribe');
  });

  it('shows nothing in either place while there is no plan on sale, or the plans cannot be read', async () => {
    const api = mockApi({ 'GET /api/subscription-plans': () => networkFailure() });
    const both = (
      <>
        <SubscriptionPlansSection />
        <SubscriptionPlanLinks />
      </>
    );
    const none = renderWith(both, { '/api/subscription-plans': [] });
    expect(none.container).toBeEmptyDOMElement();
    none.unmount();

    const failed = renderWith(both);
    await waitFor(() => expect(api.callsTo('GET', '/api/subscription-plans')).toHaveLength(2));
    expect(failed.container).toBeEmptyDOMElement();
  });
});
