import { useLingui } from '@lingui/react/macro';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, EffectCoverflow, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/effect-coverflow';
import 'swiper/css/pagination';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { FeatureCard, FEATURES } from './features';

/** The spec's carousel timing and layout: 4-second autoplay, 1 card below 768 px and 3 from there. */
export const FEATURE_AUTOPLAY_MS = 4000;
export const FEATURE_BREAKPOINT_PX = 768;

/**
 * The 'Why Choose Thalir Blooms' cards in a looping coverflow. Loaded lazily by the home page, so
 * swiper never delays the hero.
 */
export default function FeatureCarousel() {
  const reducedMotion = useReducedMotion();
  const { t } = useLingui();
  // Swiper's own placeholders, which it fills in for each slide.
  const index = '{{index}}';
  const slidesLength = '{{slidesLength}}';
  return (
    <Swiper
      className="feature-carousel"
      modules={[EffectCoverflow, Autoplay, Pagination, A11y]}
      effect="coverflow"
      coverflowEffect={{ rotate: 24, stretch: 0, depth: 140, modifier: 1, slideShadows: false }}
      loop
      centeredSlides
      grabCursor
      spaceBetween={24}
      slidesPerView={1}
      breakpoints={{ [FEATURE_BREAKPOINT_PX]: { slidesPerView: 3 } }}
      autoplay={reducedMotion ? false : { delay: FEATURE_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true }}
      pagination={{ clickable: true }}
      a11y={{
        containerRole: 'group',
        containerRoleDescriptionMessage: t`carousel`,
        containerMessage: t`Why choose Thalir Blooms`,
        itemRoleDescriptionMessage: t`slide`,
        slideLabelMessage: t`${index} of ${slidesLength}`,
      }}
    >
      {FEATURES.map((feature) => (
        <SwiperSlide key={feature.key} className="feature-card">
          <FeatureCard feature={feature} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
