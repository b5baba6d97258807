/**
 * Customer quotes for the home page. The brand itself is invented for this project (see brand.md), and
 * so are these voices; swap them for real reviews before the shop goes live.
 */
const TESTIMONIALS = [
  {
    quote: 'The roses for my daughter’s wedding opened on the morning of the ceremony and were still lovely a week later.',
    name: 'Lakshmi',
    place: 'Chennai',
  },
  {
    quote: 'I order eucalyptus and ruscus for my studio every fortnight. The greens arrive crisp and the bunches are generous.',
    name: 'Arjun',
    place: 'Bengaluru',
  },
  {
    quote: 'We have brought in their carnations for three seasons now. The grading is the same box after box.',
    name: 'Wei Ling',
    place: 'Singapore',
  },
  {
    quote: 'Ordered a birthday bouquet from my phone late at night, and it was at my mother’s door the next afternoon.',
    name: 'Farhan',
    place: 'Kochi',
  },
];

export function Testimonials() {
  return (
    <ul className="testimonials">
      {TESTIMONIALS.map((testimonial) => (
        <li key={testimonial.name}>
          <figure className="testimonial">
            <svg className="testimonial__mark" viewBox="0 0 40 32" width="40" height="32" aria-hidden="true" focusable="false">
              <path d="M0 32V18C0 8 6 2 16 0l2 5c-6 2-9 6-9 11h8v16zm22 0V18C22 8 28 2 38 0l2 5c-6 2-9 6-9 11h8v16z" fill="currentColor" />
            </svg>
            <blockquote>
              <p>{testimonial.quote}</p>
            </blockquote>
            <figcaption>
              <span className="testimonial__name">{testimonial.name}</span>, {testimonial.place}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
