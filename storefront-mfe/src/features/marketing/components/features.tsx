import type { ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { EcoPackagingIcon, FreshnessIcon, MobileFirstIcon, SameDayDeliveryIcon, SmartSuggestionsIcon, SustainablyGrownIcon } from './feature-icons';

interface Feature {
  key: string;
  title: MessageDescriptor;
  text: MessageDescriptor;
  Icon: ComponentType;
}

export const FEATURES: Feature[] = [
  {
    key: 'sustainable',
    title: msg`Sustainably Grown`,
    text: msg`Drip irrigation and harvested rain-water feed our Hosur greenhouses, season after season.`,
    Icon: SustainablyGrownIcon,
  },
  {
    key: 'same-day',
    title: msg`Same-Day Delivery`,
    text: msg`Cut in the morning and cooled within hours: our cold chain keeps blooms moving the day they are picked.`,
    Icon: SameDayDeliveryIcon,
  },
  {
    key: 'packaging',
    title: msg`Eco-Conscious Packaging`,
    text: msg`Recyclable sleeves and boxes that protect the petals on the journey, and not the landfill after it.`,
    Icon: EcoPackagingIcon,
  },
  {
    key: 'suggestions',
    title: msg`AI-Powered Suggestions`,
    text: msg`Smart pairings of blooms and greens for each occasion, learned from what florists put together.`,
    Icon: SmartSuggestionsIcon,
  },
  {
    key: 'freshness',
    title: msg`Freshness Guarantee`,
    text: msg`Every box is graded twice before it leaves the packhouse. If a stem arrives tired, tell us and we will put it right.`,
    Icon: FreshnessIcon,
  },
  {
    key: 'mobile',
    title: msg`Mobile-First Experience`,
    text: msg`Browse, order and follow your flowers from your phone: the shop is built for small screens first.`,
    Icon: MobileFirstIcon,
  },
];

/** One card's content; the carousel wraps it in a slide, the static preview in a list item. */
export function FeatureCard({ feature: { title, text, Icon } }: { feature: Feature }) {
  const { i18n } = useLingui();
  return (
    <>
      <div className="feature-card__badge">
        <Icon />
      </div>
      <h3 className="feature-card__title">{i18n._(title)}</h3>
      <p className="feature-card__text">{i18n._(text)}</p>
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
        <li key={feature.key} className="feature-card">
          <FeatureCard feature={feature} />
        </li>
      ))}
    </ul>
  );
}
