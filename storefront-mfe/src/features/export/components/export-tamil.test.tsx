import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { i18nFor, LanguageProvider } from '@thalir/ui';
import ExportPage from './export-page';

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
});

/** Draws in Tamil, inside the English provider the test render gives every screen. */
const inTamil = { wrapper: ({ children }: { children: ReactNode }) => <LanguageProvider language="ta">{children}</LanguageProvider> };

describe('the export page in Tamil', () => {
  it('asks for the catalogue in Tamil and marks the names still in English', async () => {
    const api = mockApi({
      'GET /api/products': () =>
        jsonAnswer({
          success: true,
          count: 2,
          data: [
            { _id: 'p1', name: 'சிவப்பு ரோஜா', languages: { name: 'ta', description: 'en' } },
            { _id: 'p2', name: 'Leatherleaf Fern', languages: { name: 'en', description: 'en' } },
          ],
        }),
    });
    render(<ExportPage />, inTamil);
    expect(screen.getByRole('heading', { level: 1, name: 'ஓசூரிலிருந்து உலகெங்கும் உள்ள பூ வணிகர்களுக்குப் புதிய மலர்கள்' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'மொத்த விலைப்புள்ளி கேளுங்கள்' })).toBeInTheDocument();
    expect(screen.getByLabelText('நாடு')).toBeRequired();
    expect(await screen.findByLabelText('Leatherleaf Fern')).toBeInTheDocument();
    expect(screen.getByLabelText('Leatherleaf Fern').closest('label')).toHaveAttribute('lang', 'en');
    expect(screen.getByLabelText('சிவப்பு ரோஜா').closest('label')).not.toHaveAttribute('lang');
    expect(api.calls[0].url).toBe('/api/products?sort=name&lang=ta');
    expect(screen.getByRole('button', { name: 'விலைப்புள்ளி கேளுங்கள்' })).toBeInTheDocument();
  });
});
