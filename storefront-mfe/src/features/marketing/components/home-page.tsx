import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ExportSection } from './export-section';
import { FeaturedProducts } from './featured-products';
import { useNearViewport } from '../hooks/use-near-viewport';
import { FeaturePreview } from './features';
import { HeroSlideshow } from './hero-slideshow';
import { LazyBoundary } from './lazy-boundary';
import { NewsletterForm } from './newsletter-form';
import { Testimonials } from './testimonials';
import '../../../styles/storefront.css';
import './home.css';

// swiper and its CSS arrive in their own chunk, only when the visitor scrolls towards the carousel:
// the first screen (the hero) never waits for them.
const FeatureCarousel = lazy(() => import('./feature-carousel'));

/**
 * False for the page's first render, then true: the sections far below the first screen (two thirds
 * of the page's elements) are built in a second render of their own, so the first stays short.
 */
function useSecondRender(): boolean {
  const [second, setSecond] = useState(false);
  useEffect(() => startTransition(() => setSecond(true)), []);
  return second;
}

export default function HomePage() {
  const carouselSlot = useRef<HTMLDivElement>(null);
  const carouselNear = useNearViewport(carouselSlot);
  const belowFeatured = useSecondRender();
  return (
    <div className="home">
      <title>Thalir Blooms · Fresh flowers from Hosur</title>
      <HeroSlideshow />

      <section className="section why" aria-labelledby="why-heading">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">Grown with care</p>
            <h2 id="why-heading">Why Choose Thalir Blooms</h2>
            <p>Growing, grading and shipping flowers since 1998, in six promises.</p>
          </div>
          <div ref={carouselSlot}>
            {carouselNear ? (
              <LazyBoundary fallback={<FeaturePreview />}>
                <Suspense fallback={<FeaturePreview />}>
                  <FeatureCarousel />
                </Suspense>
              </LazyBoundary>
            ) : (
              <FeaturePreview />
            )}
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="featured-heading">
        <div className="container">
          <div className="featured__header">
            <div>
              <p className="eyebrow">Fresh this week</p>
              <h2 id="featured-heading">Featured flowers</h2>
            </div>
            <Link to="/products" className="text-link">
              Shop all flowers <span aria-hidden="true">→</span>
            </Link>
          </div>
          <FeaturedProducts />
        </div>
      </section>

      {belowFeatured && (
        <>
          <section className="section" aria-labelledby="testimonials-heading">
            <div className="container">
              <div className="section-heading">
                <p className="eyebrow">Kind words</p>
                <h2 id="testimonials-heading">What our customers say</h2>
              </div>
              <Testimonials />
            </div>
          </section>

          <ExportSection />

          <section className="newsletter-band" aria-label="Newsletter">
            <div className="container">
              <NewsletterForm
                tone="dark"
                title="Fresh picks in your inbox"
                description="Be the first to hear about new varieties, seasonal bunches and festival offers."
              />
            </div>
          </section>
        </>
      )}
    </div>
  );
}
