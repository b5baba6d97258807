import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { i18nFor, LanguageProvider } from '@thalir/ui';
import ContactPage from './contact-page';

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
});

/** Draws in Tamil, inside the English provider the test render gives every screen. */
const inTamil = { wrapper: ({ children }: { children: ReactNode }) => <LanguageProvider language="ta">{children}</LanguageProvider> };

describe('the contact page in Tamil', () => {
  it('has its headings, labels and notices in Tamil', async () => {
    mockApi({ 'POST /api/contact': () => jsonAnswer({ success: true, message: 'Message sent' }, 201) });
    render(<ContactPage />, inTamil);
    expect(screen.getByRole('heading', { level: 1, name: 'எங்கள் பூ விவசாயிகளிடம் பேசுங்கள்' })).toBeInTheDocument();
    expect(screen.getByText('திங்கள்–சனி காலை 9:00 – மாலை 6:30')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('பெயர்'), 'மீனா');
    await user.type(screen.getByLabelText('மின்னஞ்சல்'), 'meena@example.com');
    await user.type(screen.getByLabelText('செய்தி'), 'பெர்த்துக்கு ஜெர்பரா அனுப்புவீர்களா?');
    await user.click(screen.getByRole('button', { name: 'செய்தியை அனுப்பு' }));
    expect(await screen.findByText('செய்தி வெற்றிகரமாக அனுப்பப்பட்டது!')).toBeInTheDocument();
  });
});
