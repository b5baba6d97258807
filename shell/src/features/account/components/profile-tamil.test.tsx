import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import type { Language } from '@thalir/pages';
import { i18nFor, LanguageProvider } from '@thalir/ui';
import ProfilePage from './profile-page';

const profile = { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com', address: '12 Temple Street, Hosur', role: 'customer' };

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
});

/** Draws in `language`, inside the English provider the test render gives every screen. */
const inLanguage = (language: Language) => ({
  wrapper: ({ children }: { children: ReactNode }) => <LanguageProvider language={language}>{children}</LanguageProvider>,
});

beforeEach(() => {
  localStorage.setItem('token', 'jwt-1');
  localStorage.setItem('role', 'customer');
});

function renderProfile(language: Language) {
  render(
    <MemoryRouter initialEntries={['/profile']}>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
      </Routes>
    </MemoryRouter>,
    inLanguage(language),
  );
}

describe('the profile’s language', () => {
  it('shows the profile in Tamil and saves Tamil as the language for mails and invoices', async () => {
    const api = mockApi({
      'GET /api/users/profile': () => jsonAnswer({ ...profile, language: 'en' }),
      'PUT /api/users/profile': ({ body }) => jsonAnswer({ message: 'ok', user: { ...profile, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderProfile('ta');
    expect(screen.getByRole('heading', { level: 1, name: 'என் சுயவிவரம்' })).toBeInTheDocument();
    const choice = await screen.findByLabelText('மின்னஞ்சல்களுக்கும் விலைப்பட்டியல்களுக்குமான மொழி');
    expect(choice).toHaveValue('en');
    expect(screen.getByRole('option', { name: 'தமிழ்' })).toHaveAttribute('lang', 'ta');
    await user.selectOptions(choice, 'ta');
    await user.click(screen.getByRole('button', { name: 'மாற்றங்களைச் சேமி' }));
    expect(await screen.findByText('சுயவிவரம் வெற்றிகரமாகப் புதுப்பிக்கப்பட்டது!')).toBeInTheDocument();
    expect(api.calls[1].body).toEqual({ name: 'Asha Rao', address: '12 Temple Street, Hosur', language: 'ta' });
    expect(screen.getByLabelText('மின்னஞ்சல்களுக்கும் விலைப்பட்டியல்களுக்குமான மொழி')).toHaveValue('ta');
  });

  it('shows the language saved and sends it back to English when chosen', async () => {
    const api = mockApi({
      'GET /api/users/profile': () => jsonAnswer({ ...profile, language: 'ta' }),
      'PUT /api/users/profile': ({ body }) => jsonAnswer({ message: 'ok', user: { ...profile, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderProfile('en');
    const choice = await screen.findByLabelText('Language for e-mails and invoices');
    expect(choice).toHaveValue('ta');
    await user.selectOptions(choice, 'en');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(api.calls[1].body).toEqual({ name: 'Asha Rao', address: '12 Temple Street, Hosur', language: 'en' });
  });
});
