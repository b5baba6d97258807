import type { ComponentType } from 'react';
import { EcoPackagingIcon, FreshnessIcon, MobileFirstIcon, SameDayDeliveryIcon, SmartSuggestionsIcon, SustainablyGrownIcon } from './feature-icons';

interface Feature {
  title: string;
  text: string;
  Icon: ComponentType;
}

export const FEATURES: Feature[] = [
  {
    title: 'Sustainably Grown',
    text: 'Drip irrigation and harvested rain-water feed our Hosur greenhouses, season after season.',
    Icon: SustainablyGrownIcon,
  },
  {
    title: 'Same-Day Delivery',
    text: 'Cut in the morning and cooled within hours: our cold chain keeps blooms moving the day they are picked.',
    Icon: SameDayDeliveryIcon,
  },
  {
    title: 'Eco-Conscious Packaging',
    text: 'Recyclable sleeves and boxes that protect the petals on the journey, and not the landfill after it.',
    Icon: EcoPackagingIcon,
  },
  {
    title: 'AI-Powered Suggestions',
    text: 'Smart pairings of blooms and greens for each occasion, learned from what florists put together.',
    Icon: SmartSuggestionsIcon,
  },
  {
    title: 'Freshness Guarantee',
    text: 'Every box is graded twice before it leaves the packhouse. If a stem arrives tired, tell us and we will put it right.',
    Icon: FreshnessIcon,
  },
  {
    title: 'Mobile-First Experience',
    text: 'Browse, order and follow your flowers from your phone: the shop is built for small screens first.',
    Icon: MobileFirstIcon,
  },
];

/** One card's content; the carousel wraps it in a slide, the static preview in a list item. */
export function FeatureCard({ feature: { title, text, Icon } }: { feature: Feature }) {
  return (
    <>
      <div className="feature-card__badge">
        <Icon />
      </div>
      <h3 className="feature-card__title">{title}</h3>
      <p className="feature-card__text">{text}</p>
    </>
  );
}

/**
 * The first cards without swiper: shown while the carousel's code loads, and kept if it fails to,
 * so the section never collapses or jumps.
 */
export function FeaturePreview() {
  return (
    <ul className="feature-preview">
      {FEATURES.slice(0, 3).map((feature) => (
        <li key={feature.title} className="feature-card">
          <FeatureCard feature={feature} />
        </li>
      ))}
    </ul>
  );
}
