import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { i18nFor, LanguageProvider } from '@thalir/ui';
import FaqPage from './faq-page';

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
});

/** Draws in Tamil, inside the English provider the test render gives every screen. */
const inTamil = { wrapper: ({ children }: { children: ReactNode }) => <LanguageProvider language="ta">{children}</LanguageProvider> };

describe('the FAQ in Tamil', () => {
  it('has its topics, questions and answers in Tamil, with links to the site’s pages', () => {
    render(
      <MemoryRouter>
        <FaqPage />
      </MemoryRouter>,
      inTamil,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'கேள்விகளும் பதில்களும்' })).toBeInTheDocument();
    const topics = within(screen.getByRole('navigation', { name: 'கேள்வி-பதில் தலைப்புகள்' }));
    expect(topics.getByRole('link', { name: 'டெலிவரி' })).toHaveAttribute('href', '#delivery');
    expect(screen.getByText('என் பூக்கள் எவ்வளவு விரைவில் வந்து சேரும்?')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'எனது ஆர்டர்கள்' })[0]).toHaveAttribute('href', '/my-orders');
    expect(screen.getAllByRole('link', { name: 'hello@thalirblooms.example', hidden: true })).toHaveLength(2);
  });
});
