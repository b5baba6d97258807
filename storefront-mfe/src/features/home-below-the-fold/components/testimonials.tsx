import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/**
 * Customer quotes for the home page. The brand itself is invented for this project (see brand.md), and
 * so are these voices; swap them for real reviews before the shop goes live.
 */
const TESTIMONIALS: { key: string; quote: MessageDescriptor; name: MessageDescriptor; place: MessageDescriptor }[] = [
  {
    key: 'lakshmi',
    quote: msg`The roses for my daughter’s wedding opened on the morning of the ceremony and were still lovely a week later.`,
    name: msg`Lakshmi`,
    place: msg`Chennai`,
  },
  {
    key: 'arjun',
    quote: msg`I order eucalyptus and ruscus for my studio every fortnight. The greens arrive crisp and the bunches are generous.`,
    name: msg`Arjun`,
    place: msg`Bengaluru`,
  },
  {
    key: 'wei-ling',
    quote: msg`We have brought in their carnations for three seasons now. The grading is the same box after box.`,
    name: msg`Wei Ling`,
    place: msg`Singapore`,
  },
  {
    key: 'farhan',
    quote: msg`Ordered a birthday bouquet from my phone late at night, and it was at my mother’s door the next afternoon.`,
    name: msg`Farhan`,
    place: msg`Kochi`,
  },
];

export function Testimonials() {
  const { i18n } = useLingui();
  return (
    <ul className="testimonials">
      {TESTIMONIALS.map((testimonial) => (
        <li key={testimonial.key}>
          <figure className="testimonial">
            <svg className="testimonial__mark" viewBox="0 0 40 32" width="40" height="32" aria-hidden="true" focusable="false">
              <path d="M0 32V18C0 8 6 2 16 0l2 5c-6 2-9 6-9 11h8v16zm22 0V18C22 8 28 2 38 0l2 5c-6 2-9 6-9 11h8v16z" fill="currentColor" />
            </svg>
            <blockquote>
              <p>{i18n._(testimonial.quote)}</p>
            </blockquote>
            <figcaption>
              <span className="testimonial__name">{i18n._(testimonial.name)}</span>, {i18n._(testimonial.place)}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
