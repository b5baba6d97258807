import { screen, within } from '@testing-library/react';
import type { SubscriptionForecastDay } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

const DATES = ['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'];
const DAY_HEADERS = ['Thu, 26 Nov', 'Fri, 27 Nov', 'Sat, 28 Nov', 'Sun, 29 Nov', 'Mon, 30 Nov', 'Tue, 1 Dec', 'Wed, 2 Dec'];

const quietWeek = (): SubscriptionForecastDay[] => DATES.map((date) => ({ date, plans: [], products: [] }));

function busyWeek(): SubscriptionForecastDay[] {
  const week = quietWeek();
  week[0] = {
    date: DATES[0],
    plans: [{ planId: 'plan-pooja', name: 'Daily pooja basket', deliveries: 3 }],
    products: [
      { productId: 'p-marigold', name: 'Marigold', quantity: 30 },
      { productId: 'p-jasmine', name: 'Jasmine string', quantity: 6 },
    ],
  };
  week[1] = {
    date: DATES[1],
    plans: [
      { planId: 'plan-pooja', name: 'Daily pooja basket', deliveries: 2 },
      { planId: 'plan-office', name: 'Office desk flowers', deliveries: 1 },
    ],
    products: [
      { productId: 'p-marigold', name: 'Marigold', quantity: 20 },
      { productId: 'p-jasmine', name: 'Jasmine string', quantity: 4 },
      { productId: 'p-gerbera', name: 'Yellow Gerbera', quantity: 5 },
    ],
  };
  week[6] = {
    date: DATES[6],
    plans: [{ planId: 'plan-office', name: 'Office desk flowers', deliveries: 2 }],
    products: [{ productId: 'p-gerbera', name: 'Yellow Gerbera', quantity: 10 }],
  };
  return week;
}

/** Each body row as its header and cells read. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent));

beforeEach(() => signInAs('accounts'));

describe('/admin/subscriptions/forecast', () => {
  it('shows, for each of the next 7 days, the stems of each product and the deliveries of each plan, with their totals', async () => {
    const { callsTo } = mockApi({ 'GET /api/admin/subscriptions/forecast': () => jsonAnswer(busyWeek()) });
    renderAdmin('/admin/subscriptions/forecast');

    const stems = await screen.findByRole('table', { name: 'Stems to buy' });
    expect(callsTo('GET', '/api/admin/subscriptions/forecast').map((call) => call.url)).toEqual(['/api/admin/subscriptions/forecast?days=7']);
    expect(
      within(stems)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Product', ...DAY_HEADERS, 'Total']);
    expect(rowsOf(stems)).toEqual([
      ['Jasmine string', '6', '4', '—', '—', '—', '—', '—', '10'],
      ['Marigold', '30', '20', '—', '—', '—', '—', '—', '50'],
      ['Yellow Gerbera', '—', '5', '—', '—', '—', '—', '10', '15'],
    ]);

    expect(rowsOf(screen.getByRole('table', { name: 'Deliveries by plan' }))).toEqual([
      ['Daily pooja basket', '3', '2', '—', '—', '—', '—', '—', '5'],
      ['Office desk flowers', '—', '1', '—', '—', '—', '—', '2', '3'],
      ['All plans', '3', '3', '—', '—', '—', '—', '2', '8'],
    ]);
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { current: 'page' })).toHaveTextContent('Forecast');
  });

  it('says so when no subscription delivers in the next 7 days, and when the forecast cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/subscriptions/forecast': () => jsonAnswer(quietWeek()) });
    const { unmount } = renderAdmin('/admin/subscriptions/forecast');
    expect(await screen.findByText('No subscription deliveries in the next 7 days: nothing to buy for them.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    mockApi({ 'GET /api/admin/subscriptions/forecast': () => jsonAnswer({ success: false, message: 'Forbidden' }, 403) });
    renderAdmin('/admin/subscriptions/forecast');
    expect(await screen.findByText('Could not load the forecast')).toBeInTheDocument();
  });
});
