import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HeroSlideshow } from './hero-slideshow';

/** Tag, classes, attributes that matter for looks and links, and text, of every element under `root`. */
function outline(root: Element): string[] {
  return [root, ...root.querySelectorAll('*')].map((element) =>
    [element.tagName.toLowerCase(), element.className, element.getAttribute('href') ?? '', element.children.length === 0 ? element.textContent : ''].join(' | '),
  );
}

describe('the home page first paint (hero-first-paint.html)', () => {
  const firstPaint = new DOMParser().parseFromString(readFileSync(join(__dirname, 'hero-first-paint.html'), 'utf8'), 'text/html');

  it('is the hero first slide as React renders it, without the art and the slide controls', () => {
    const { container } = render(
      <MemoryRouter>
        <HeroSlideshow />
      </MemoryRouter>,
    );
    const rendered = container.querySelector('.hero__slide.is-active .hero__content')!;
    const painted = firstPaint.querySelector('.hero__slide.is-active .hero__content')!;
    expect(outline(painted)).toEqual(outline(rendered));
    expect(firstPaint.querySelector('.hero > h1')!.textContent).toBe(container.querySelector('.hero > h1')!.textContent);
    expect(firstPaint.querySelector('.hero__slide')!.className).toBe(container.querySelector('.hero__slide')!.className);
  });

  it('sits where the shell puts the page: under its header, in its main landmark', () => {
    expect(firstPaint.querySelector('body > header.site-header + main.site-main > .home > .hero')).not.toBeNull();
  });
});
