import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import FeatureCarousel from './feature-carousel';

const mockSwiper = jest.fn();

jest.mock('swiper/react', () => ({
  Swiper: (props: { children: ReactNode }) => {
    mockSwiper(props);
    return <div data-testid="swiper">{props.children}</div>;
  },
  SwiperSlide: ({ children }: { children: ReactNode }) => <div data-testid="swiper-slide">{children}</div>,
}));

// swiper's stylesheets are named without a .css ending, so the shared CSS stub does not catch them.
jest.mock('swiper/css', () => ({}));
jest.mock('swiper/css/effect-coverflow', () => ({}));
jest.mock('swiper/css/pagination', () => ({}));
jest.mock('swiper/modules', () => ({ EffectCoverflow: 'EffectCoverflow', Autoplay: 'Autoplay', Pagination: 'Pagination', A11y: 'A11y' }));

const swiperProps = () => mockSwiper.mock.calls.at(-1)![0];

describe('FeatureCarousel', () => {
  afterEach(() => {
    mockSwiper.mockClear();
    delete (window as Partial<Window>).matchMedia;
  });

  it('loops in coverflow style with a 4-second autoplay', () => {
    render(<FeatureCarousel />);
    const props = swiperProps();
    expect(props.effect).toBe('coverflow');
    expect(props.loop).toBe(true);
    expect(props.autoplay).toMatchObject({ delay: 4000 });
    expect(props.modules).toEqual(expect.arrayContaining(['EffectCoverflow', 'Autoplay', 'Pagination']));
  });

  it('shows 1 card below 768 px and 3 from 768 px', () => {
    render(<FeatureCarousel />);
    const props = swiperProps();
    expect(props.slidesPerView).toBe(1);
    expect(props.breakpoints).toEqual({ 768: { slidesPerView: 3 } });
  });

  it('has the six cards from the spec, each with text and an icon', () => {
    render(<FeatureCarousel />);
    const slides = screen.getAllByTestId('swiper-slide');
    expect(slides).toHaveLength(6);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Sustainably Grown',
      'Same-Day Delivery',
      'Eco-Conscious Packaging',
      'AI-Powered Suggestions',
      'Freshness Guarantee',
      'Mobile-First Experience',
    ]);
    for (const slide of slides) {
      expect(slide.querySelector('svg')).not.toBeNull();
      expect(slide.querySelector('p')?.textContent?.length).toBeGreaterThan(20);
    }
  });

  it('does not autoplay for prefers-reduced-motion', () => {
    window.matchMedia = jest.fn().mockReturnValue({ matches: true, addEventListener: jest.fn(), removeEventListener: jest.fn() });
    render(<FeatureCarousel />);
    expect(swiperProps().autoplay).toBe(false);
  });
});
