import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LanguageSuggestion } from './language-suggestion';
import { LanguageSwitch } from './language-switch';

function setBrowserLanguages(languages: string[]) {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
}

afterEach(() => {
  document.cookie = 'thalir_lang=; path=/; max-age=0';
});

describe('the language switch', () => {
  it('links an English page to the same page in Tamil, and remembers the choice', async () => {
    render(
      <MemoryRouter initialEntries={['/products?type=flower']}>
        <LanguageSwitch />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'தமிழ்' });
    expect(link).toHaveAttribute('href', '/ta/products?type=flower');
    expect(link).toHaveAttribute('lang', 'ta');
    expect(link).toHaveAttribute('hreflang', 'ta-IN');
    link.addEventListener('click', (event) => event.preventDefault());
    await act(async () => link.click());
    expect(document.cookie).toContain('thalir_lang=ta');
  });

  it('links a Tamil page to the same page in English', () => {
    // The router of a Tamil page sees the path without /ta, as its basename strips it.
    render(
      <MemoryRouter initialEntries={['/product/abc']}>
        <LanguageSwitch />
      </MemoryRouter>,
      { language: 'ta' },
    );
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/product/abc');
  });
});

describe('the suggestion to read in Tamil', () => {
  const suggestion = (language: 'en' | 'ta' = 'en') =>
    render(
      <MemoryRouter initialEntries={['/about']}>
        <LanguageSuggestion />
      </MemoryRouter>,
      { language },
    );

  it('is offered on an English page to a browser asking for Tamil first, until a choice is made', async () => {
    setBrowserLanguages(['ta-IN', 'en-IN']);
    suggestion();
    expect(await screen.findByRole('link', { name: 'தமிழில் படிக்க' })).toHaveAttribute('href', '/ta/about');
    await act(async () => screen.getByRole('button', { name: 'English' }).click());
    expect(screen.queryByRole('link', { name: 'தமிழில் படிக்க' })).toBeNull();
    expect(document.cookie).toContain('thalir_lang=en');
  });

  it('is not offered to a browser asking for English first, nor on a Tamil page', () => {
    setBrowserLanguages(['en-IN', 'ta']);
    suggestion();
    expect(screen.queryByRole('complementary')).toBeNull();
    setBrowserLanguages(['ta']);
    suggestion('ta');
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
