import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HERO_INTERVAL_MS, HeroSlideshow } from './hero-slideshow';

function renderHero() {
  return render(
    <MemoryRouter>
      <HeroSlideshow />
    </MemoryRouter>,
  );
}

const activeSlide = () => screen.getAllByTestId('hero-slide').findIndex((slide) => slide.classList.contains('is-active'));
const dot = (n: number) => screen.getByRole('button', { name: new RegExp(`^Show slide ${n}:`) });
const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

function preferReducedMotion(matches: boolean) {
  window.matchMedia = jest.fn().mockReturnValue({ matches, addEventListener: jest.fn(), removeEventListener: jest.fn() });
}

describe('HeroSlideshow', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    // jsdom has no matchMedia; tests that add one take it away again.
    delete (window as Partial<Window>).matchMedia;
  });

  it('has 3 slides, each with a headline, Shop Now and Learn More', () => {
    renderHero();
    const slides = screen.getAllByTestId('hero-slide');
    expect(slides).toHaveLength(3);
    for (const slide of slides) {
      expect(within(slide).getByRole('heading', { level: 2, hidden: true })).toBeInTheDocument();
      expect(within(slide).getByRole('link', { name: 'Shop Now', hidden: true })).toHaveAttribute('href', '/products');
      expect(within(slide).getByRole('link', { name: 'Learn More about Thalir Blooms', hidden: true })).toHaveAttribute('href', '/about');
    }
    expect(slides[2]).toHaveTextContent(/Australia, Singapore, Malaysia and more/);
  });

  it('shows only the current slide to assistive technology', () => {
    renderHero();
    expect(screen.getAllByRole('link', { name: 'Shop Now' })).toHaveLength(1);
    expect(screen.getAllByTestId('hero-slide')[1]).toHaveAttribute('aria-hidden', 'true');
  });

  it(`advances every ${HERO_INTERVAL_MS} ms and wraps from slide 3 to slide 1`, () => {
    renderHero();
    expect(activeSlide()).toBe(0);
    wait(HERO_INTERVAL_MS - 1);
    expect(activeSlide()).toBe(0);
    wait(1);
    expect(activeSlide()).toBe(1);
    wait(HERO_INTERVAL_MS);
    expect(activeSlide()).toBe(2);
    expect(dot(3)).toHaveAttribute('aria-current', 'true');
    wait(HERO_INTERVAL_MS);
    expect(activeSlide()).toBe(0);
    expect(dot(1)).toHaveAttribute('aria-current', 'true');
    expect(dot(3)).not.toHaveAttribute('aria-current');
  });

  it('jumps to a slide by its dot and gives it the full interval', () => {
    renderHero();
    wait(4000);
    fireEvent.click(dot(3));
    expect(activeSlide()).toBe(2);
    expect(dot(3)).toHaveAttribute('aria-current', 'true');
    wait(HERO_INTERVAL_MS - 1);
    expect(activeSlide()).toBe(2);
    wait(1);
    expect(activeSlide()).toBe(0);
    fireEvent.click(dot(2));
    expect(activeSlide()).toBe(1);
  });

  it('keeps a tap on a dot or on pause made before the app took the page over, to replay it then', () => {
    renderHero();
    for (const control of [dot(1), dot(2), dot(3), screen.getByRole('button', { name: 'Pause slideshow' })]) expect(control).toHaveAttribute('data-replay', '');
  });

  it('stops when paused and goes on when played again', () => {
    renderHero();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    wait(HERO_INTERVAL_MS * 3);
    expect(activeSlide()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    wait(HERO_INTERVAL_MS);
    expect(activeSlide()).toBe(1);
  });

  it('holds still while keyboard focus is inside the slide', () => {
    renderHero();
    act(() => screen.getByRole('link', { name: 'Shop Now' }).focus());
    wait(HERO_INTERVAL_MS * 2);
    expect(activeSlide()).toBe(0);
    act(() => screen.getByRole('link', { name: 'Shop Now' }).blur());
    wait(HERO_INTERVAL_MS);
    expect(activeSlide()).toBe(1);
  });

  it('does not auto-advance for prefers-reduced-motion, but the dots still work', () => {
    preferReducedMotion(true);
    renderHero();
    wait(HERO_INTERVAL_MS * 3);
    expect(activeSlide()).toBe(0);
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).not.toBeInTheDocument();
    fireEvent.click(dot(2));
    expect(activeSlide()).toBe(1);
  });

  it('auto-advances when the visitor has no motion preference', () => {
    preferReducedMotion(false);
    renderHero();
    wait(HERO_INTERVAL_MS);
    expect(activeSlide()).toBe(1);
  });
});
