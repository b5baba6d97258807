import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { SubscriptionPlansSection } from '../../subscription-plans';
import { FeaturedProducts } from './featured-products';
import { useNearViewport } from '../hooks/use-near-viewport';
import { FeaturePreview } from './features';
import { HeroSlideshow } from './hero-slideshow';
import { LazyBoundary } from './lazy-boundary';
import '../../../styles/storefront.css';
import './home.css';

// swiper and its CSS arrive in their own chunk, only when the visitor scrolls towards the carousel:
// the first screen (the hero) never waits for them.
const FeatureCarousel = lazy(() => import('./feature-carousel'));

// The sections after the featured flowers (two thirds of the page's elements, drawn in the browser
// only) come the same way, with their messages, a screen before the visitor scrolls to them: neither
// their code, their text nor building them competes with the page's start and a first tap.
const HomeBelowTheFold = lazy(() =>
  import(/* webpackChunkName: "home-below-the-fold" */ '../../home-below-the-fold').then((sections) => sections.loadWithMessages()),
);
const ONE_SCREEN_AHEAD = '100%';

/** An address that names a place on the page (/#process): the sections holding it are wanted at once. Always false on the server and in the first render. */
function useAddressedPlace(): boolean {
  const [addressed, setAddressed] = useState(false);
  useEffect(() => setAddressed(window.location.hash !== ''), []);
  return addressed;
}

export default function HomePage() {
  const { t } = useLingui();
  const carouselSlot = useRef<HTMLDivElement>(null);
  const carouselNear = useNearViewport(carouselSlot);
  const belowTheFoldSlot = useRef<HTMLDivElement>(null);
  const addressedPlace = useAddressedPlace();
  const belowTheFoldWanted = useNearViewport(belowTheFoldSlot, ONE_SCREEN_AHEAD) || addressedPlace;
  return (
    <div className="home">
      <title>{t`Thalir Blooms · Fresh flowers from Hosur`}</title>
      <HeroSlideshow />

      <section className="section why" aria-labelledby="why-heading">
        <div className="container">
          <div className="section-heading">
            <p className="eyebrow">
              <Trans>Grown with care</Trans>
            </p>
            <h2 id="why-heading">
              <Trans>Why Choose Thalir Blooms</Trans>
            </h2>
            <p>
              <Trans>Growing, grading and shipping flowers since 1998, in six promises.</Trans>
            </p>
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
              <p className="eyebrow">
                <Trans>Fresh this week</Trans>
              </p>
              <h2 id="featured-heading">
                <Trans>Featured flowers</Trans>
              </h2>
            </div>
            <Link to="/products" className="text-link">
              <Trans>
                Shop all flowers <span aria-hidden="true">→</span>
              </Trans>
            </Link>
          </div>
          <FeaturedProducts />
        </div>
      </section>

      <SubscriptionPlansSection />

      <div ref={belowTheFoldSlot}>
        {belowTheFoldWanted && (
          <LazyBoundary fallback={null}>
            <Suspense fallback={null}>
              <HomeBelowTheFold />
            </Suspense>
          </LazyBoundary>
        )}
      </div>
    </div>
  );
}
