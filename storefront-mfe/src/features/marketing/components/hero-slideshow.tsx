import { startTransition, useEffect, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { EARLY_TAP_MARK } from '@thalir/contracts';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { HeroArt, type HeroScene } from './hero-art';

/** The spec's hero timing: a new slide every 6 seconds, wrapping from the last to the first. */
export const HERO_INTERVAL_MS = 6000;

interface Slide {
  scene: HeroScene;
  eyebrow: MessageDescriptor;
  headline: MessageDescriptor;
  text: MessageDescriptor;
}

export const HERO_SLIDES: Slide[] = [
  {
    scene: 'export',
    eyebrow: msg`Flower exporters since 1998`,
    headline: msg`Fresh from Hosur’s greenhouses to flower markets worldwide`,
    text: msg`Roses, carnations, gerberas and cut greens, harvested at dawn and moved through an unbroken cold chain the same day.`,
  },
  {
    scene: 'quality',
    eyebrow: msg`Hand-picked quality`,
    headline: msg`Every stem hand-picked at its peak`,
    text: msg`Our growers cut, grade and bunch each flower by hand, so only blooms worth sending leave the packhouse.`,
  },
  {
    scene: 'reach',
    eyebrow: msg`Global reach`,
    headline: msg`Exporting to Australia, Singapore, Malaysia and more`,
    text: msg`Trusted by over 40 retailers in 12+ countries, and delivering the same fresh stems to homes here in India.`,
  },
];

/**
 * The home page's full-height slideshow. It is plain markup and inline art with no data to wait for,
 * so it paints with the page. It pauses for reduced motion, on request, and while keyboard focus is
 * inside a slide (so a focused link never slides away).
 */
export function HeroSlideshow() {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const reducedMotion = useReducedMotion();
  const { i18n, t } = useLingui();
  const slideCount = HERO_SLIDES.length;
  const playing = !reducedMotion && !paused && !focusInside;
  // The first render draws the art of the slide on show only; the others' follows in a task of its
  // own, well before their turn, so the page's first render stays short.
  const [allArt, setAllArt] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => startTransition(() => setAllArt(true)), 0);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!playing) return;
    // Restarted on every change of slide, so a jump by dot also gets its full 6 seconds.
    const timer = window.setTimeout(() => setActive((current) => (current + 1) % HERO_SLIDES.length), HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [active, playing]);

  return (
    <section className="hero" aria-roledescription={t`carousel`} aria-label={t`Thalir Blooms highlights`}>
      <h1 className="visually-hidden">
        <Trans>Thalir Blooms: fresh flowers and green leaves from Hosur, exported worldwide</Trans>
      </h1>
      <div
        className="hero__slides"
        aria-live={playing ? 'off' : 'polite'}
        onFocus={() => setFocusInside(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
        }}
      >
        {HERO_SLIDES.map((slide, index) => {
          const current = index === active;
          const number = index + 1;
          return (
            <div
              key={slide.scene}
              className={`hero__slide hero__slide--${slide.scene}${current ? ' is-active' : ''}`}
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`${number} of ${slideCount}`}
              aria-hidden={!current}
              inert={!current}
              data-testid="hero-slide"
            >
              {(current || allArt) && <HeroArt scene={slide.scene} />}
              <div className="container hero__content">
                <p className="hero__eyebrow">{i18n._(slide.eyebrow)}</p>
                <h2 className="hero__headline">{i18n._(slide.headline)}</h2>
                <p className="hero__text">{i18n._(slide.text)}</p>
                <div className="btn-row">
                  <Link to="/products" className="btn btn--lg hero__cta hero__cta--primary">
                    <Trans>Shop Now</Trans>
                  </Link>
                  {/* Says where it goes to search engines and screen readers too, not just "Learn More". */}
                  <Link to="/about" className="btn btn--lg hero__cta hero__cta--secondary">
                    <Trans>
                      Learn More<span className="visually-hidden"> about Thalir Blooms</span>
                    </Trans>
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      <div className="container hero__controls">
        <div className="hero__dots" role="group" aria-label={t`Choose a slide`}>
          {HERO_SLIDES.map((slide, index) => {
            const number = index + 1;
            const eyebrow = i18n._(slide.eyebrow);
            return (
              <button
                key={slide.scene}
                type="button"
                className="hero__dot"
                aria-label={t`Show slide ${number}: ${eyebrow}`}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => setActive(index)}
                // A tap before the app has taken the page over is kept and replayed then (PageTakeover).
                {...EARLY_TAP_MARK}
              />
            );
          })}
        </div>
        {!reducedMotion && (
          <button
            type="button"
            className="hero__pause"
            onClick={() => setPaused((value) => !value)}
            aria-label={paused ? t`Play slideshow` : t`Pause slideshow`}
            {...EARLY_TAP_MARK}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              {paused ? <path d="M4 2l10 6-10 6z" fill="currentColor" /> : <path d="M3 2h3.5v12H3zM9.5 2H13v12H9.5z" fill="currentColor" />}
            </svg>
          </button>
        )}
      </div>
    </section>
  );
}
