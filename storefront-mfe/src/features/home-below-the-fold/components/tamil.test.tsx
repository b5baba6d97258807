import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18nFor } from '@thalir/ui';
import HomeBelowTheFold from './home-below-the-fold';

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
  i18nFor('ta').load('ta', (await import('../../../locales/ta.po')).messages);
});

/** The page's words in Latin letters, but for the brand: none are left on a Tamil page. */
function englishWords(container: HTMLElement): string[] {
  const texts = [container.textContent ?? '', ...[...container.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label') ?? '')];
  return texts.flatMap((text) => text.replace(/Thalir Blooms/g, '').match(/[A-Za-z]{2,}/g) ?? []);
}

describe('the home page’s sections after the featured flowers, in Tamil', () => {
  it('write the testimonials, the export story and the newsletter in Tamil, with links to the Tamil pages', () => {
    const { container } = render(
      <MemoryRouter basename="/ta" initialEntries={['/ta/']}>
        <HomeBelowTheFold />
      </MemoryRouter>,
      { language: 'ta' },
    );
    expect(screen.getByRole('heading', { name: 'எங்கள் வாடிக்கையாளர்கள் சொல்வது' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'விடியற்காலையில் அறுவடை' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'பதிவு செய்க' })).toHaveLength(2);
    expect(screen.getAllByLabelText('மின்னஞ்சல் முகவரி')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'மொத்த விற்பனை, ஏற்றுமதி விலைப்புள்ளிகள்' })).toHaveAttribute('href', '/ta/export');
    expect(englishWords(container)).toEqual([]);
  });
});
