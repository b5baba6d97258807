import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import type { Product } from '@thalir/contracts';
import HomePage from './home-page';

// The plans' links fetch plans of their own; their tests are the subscription-plans feature's.
jest.mock('../../subscription-plans', () => ({ SubscriptionPlansSection: () => null }));

jest.mock('swiper/react', () => ({
  Swiper: ({ children }: { children: ReactNode }) => <div data-testid="swiper">{children}</div>,
  SwiperSlide: ({ children }: { children: ReactNode }) => <div>{children}</div>,
}));
// swiper ships .mjs files, which this jest setup does not transform; the carousel's own test covers its options.
jest.mock('swiper/modules', () => ({}));
jest.mock('swiper/css', () => ({}));
jest.mock('swiper/css/effect-coverflow', () => ({}));
jest.mock('swiper/css/pagination', () => ({}));

function product(n: number): Product {
  return {
    _id: `p${n}`,
    name: `Bloom ${n}`,
    price: 99,
    stock: 5,
    type: 'flower',
    description: '',
    image: `/uploads/p${n}-detail.webp`,
    imageCard: `/uploads/p${n}-card.webp`,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

/** Stands in for IntersectionObserver: the test says when an observed element nears the viewport. */
function mockIntersections() {
  const observed = new Map<Element, IntersectionObserverCallback>();
  const disconnect = jest.fn();
  window.IntersectionObserver = jest.fn((callback: IntersectionObserverCallback) => ({
    observe: (element: Element) => observed.set(element, callback),
    disconnect,
  })) as unknown as typeof IntersectionObserver;
  return {
    disconnect,
    /** The one observed element inside `region` (or `region` itself). */
    observedWithin(region: Element): Element {
      const inside = [...observed.keys()].filter((element) => region.contains(element));
      expect(inside).toHaveLength(1);
      return inside[0];
    },
    report(element: Element, isIntersecting: boolean) {
      act(() => observed.get(element)!([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver));
    },
  };
}

function renderHome() {
  return render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

describe('HomePage', () => {
  it('shows the first 6 products of the catalogue as featured', async () => {
    const { calls } = mockApi({
      'GET /api/products': () => jsonAnswer({ success: true, data: Array.from({ length: 8 }, (_, i) => product(i + 1)), total: 8, page: 1, limit: 6 }),
    });
    renderHome();
    const featured = screen.getByRole('region', { name: 'Featured flowers' });
    expect(await within(featured).findByText('Bloom 1')).toBeInTheDocument();
    expect(within(featured).getAllByRole('link', { name: /Bloom/ })).toHaveLength(6);
    expect(within(featured).queryByText('Bloom 7')).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/products?limit=6&page=1']);
  });

  it("says 'Failed to load featured products' when the catalogue cannot be read", async () => {
    mockApi({ 'GET /api/products': () => jsonAnswer({ success: false, message: 'Down' }, 500) });
    renderHome();
    expect(await screen.findByText('Failed to load featured products')).toBeInTheDocument();
  });

  it('renders the hero at once, then the lazily loaded feature carousel', async () => {
    mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [] }) });
    renderHome();
    expect(screen.getByRole('region', { name: 'Thalir Blooms highlights' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Why Choose Thalir Blooms' })).toBeInTheDocument();
    expect(await screen.findByTestId('swiper')).toBeInTheDocument();
  });

  it('loads the carousel only when it nears the viewport, showing the static cards until then', async () => {
    mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [] }) });
    const intersections = mockIntersections();
    try {
      renderHome();
      const why = screen.getByRole('region', { name: 'Why Choose Thalir Blooms' });
      expect(within(why).getByText('Sustainably Grown')).toBeInTheDocument();
      const carouselSlot = intersections.observedWithin(why);
      intersections.report(carouselSlot, false);
      expect(screen.queryByTestId('swiper')).not.toBeInTheDocument();
      intersections.report(carouselSlot, true);
      expect(await screen.findByTestId('swiper')).toBeInTheDocument();
      expect(intersections.disconnect).toHaveBeenCalled();
    } finally {
      delete (window as Partial<typeof window>).IntersectionObserver;
    }
  });

  it('builds the sections after the featured flowers only as they near the viewport', async () => {
    mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [] }) });
    const intersections = mockIntersections();
    try {
      const { container } = renderHome();
      const belowTheFoldSlot = intersections.observedWithin(container.querySelector('.home')!.lastElementChild!);
      intersections.report(belowTheFoldSlot, false);
      expect(screen.queryByRole('region', { name: 'What our customers say' })).not.toBeInTheDocument();
      intersections.report(belowTheFoldSlot, true);
      expect(await screen.findByRole('region', { name: 'What our customers say' })).toBeInTheDocument();
    } finally {
      delete (window as Partial<typeof window>).IntersectionObserver;
    }
  });

  it('builds them at once for an address naming a place in them', async () => {
    mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [] }) });
    mockIntersections();
    window.location.hash = '#process';
    try {
      renderHome();
      expect(await screen.findByRole('heading', { name: 'From greenhouse to airport in hours' })).toBeInTheDocument();
    } finally {
      window.location.hash = '';
      delete (window as Partial<typeof window>).IntersectionObserver;
    }
  });

  it('has testimonials, the export anchors and two newsletter forms', async () => {
    mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [] }) });
    renderHome();
    const testimonials = await screen.findByRole('region', { name: 'What our customers say' });
    expect(within(testimonials).getAllByRole('figure').length).toBeGreaterThanOrEqual(3);
    for (const anchor of ['home', 'flowers', 'process', 'sustainability']) {
      expect(document.getElementById(anchor)).not.toBeNull();
    }
    expect(screen.getByText('45+')).toBeInTheDocument();
    expect(screen.getByText('120+')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Email address')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Subscribe' })).toHaveLength(2);
    await screen.findByTestId('swiper');
  });
});
