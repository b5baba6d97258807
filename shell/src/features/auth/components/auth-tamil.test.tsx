import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { i18nFor, LanguageProvider } from '@thalir/ui';
import LoginPage from './login-page';
import RegisterPage from './register-page';

beforeAll(async () => {
  i18nFor('ta').load('ta', (await import('../locales/ta.po')).messages);
});

/** Draws in Tamil, inside the English provider the test render gives every screen. */
const inTamil = { wrapper: ({ children }: { children: ReactNode }) => <LanguageProvider language="ta">{children}</LanguageProvider> };

/** A screen on a Tamil page (its router's links carry /ta as the app's basename does), with home beside it. */
function renderInTamil(screenElement: ReactElement, path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={screenElement} />
        <Route path="/" element={<output data-testid="home" />} />
      </Routes>
    </MemoryRouter>,
    inTamil,
  );
}

describe('signing in and registering in Tamil', () => {
  it('shows the login form in Tamil and says what is missing in Tamil', async () => {
    mockApi({});
    renderInTamil(<LoginPage />, '/login');
    expect(screen.getByRole('heading', { level: 1, name: 'உள்நுழைக' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'உள்நுழைக' }));
    expect(screen.getByRole('alert')).toHaveTextContent('உங்கள் மின்னஞ்சலையும் கடவுச்சொல்லையும் உள்ளிடுங்கள்.');
  });

  it('registers a customer on a Tamil page with Tamil as the account’s language', async () => {
    const api = mockApi({
      'POST /api/auth/register': () =>
        jsonAnswer({ token: 'jwt-ta', user: { _id: 'u3', name: 'கவிதா', email: 'kavitha@example.com', address: '', role: 'customer', language: 'ta' } }, 201),
    });
    const user = userEvent.setup();
    renderInTamil(<RegisterPage />, '/register');
    expect(screen.getByRole('heading', { level: 1, name: 'உங்கள் கணக்கை உருவாக்குங்கள்' })).toBeInTheDocument();
    expect(screen.getByLabelText('கடவுச்சொல்')).toHaveAccessibleDescription('குறைந்தது 8 எழுத்துகள்.');
    await user.type(screen.getByLabelText('பெயர்'), 'கவிதா');
    await user.type(screen.getByLabelText('மின்னஞ்சல்'), 'kavitha@example.com');
    await user.type(screen.getByLabelText('கடவுச்சொல்'), 'Malli#2026');
    await user.type(screen.getByLabelText('கடவுச்சொல்லை உறுதிசெய்யுங்கள்'), 'Malli#2027');
    await user.click(screen.getByRole('button', { name: 'பதிவுசெய்க' }));
    expect(screen.getByRole('alert')).toHaveTextContent('கடவுச்சொற்கள் பொருந்தவில்லை');

    await user.clear(screen.getByLabelText('கடவுச்சொல்லை உறுதிசெய்யுங்கள்'));
    await user.type(screen.getByLabelText('கடவுச்சொல்லை உறுதிசெய்யுங்கள்'), 'Malli#2026');
    await user.click(screen.getByRole('button', { name: 'பதிவுசெய்க' }));
    await waitFor(() => expect(screen.getByTestId('home')).toBeInTheDocument());
    expect(api.calls).toMatchObject([
      { method: 'POST', url: '/api/auth/register', body: { name: 'கவிதா', email: 'kavitha@example.com', password: 'Malli#2026', language: 'ta' } },
    ]);
  });

  it('registers with English as the account’s language on an English page', async () => {
    const api = mockApi({
      'POST /api/auth/register': () =>
        jsonAnswer({ token: 'jwt-en', user: { _id: 'u4', name: 'Asha', email: 'asha@example.com', address: '', role: 'customer' } }, 201),
    });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/register']}>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/" element={<output data-testid="home" />} />
        </Routes>
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'Petals#2026');
    await user.type(screen.getByLabelText('Confirm password'), 'Petals#2026');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByTestId('home')).toBeInTheDocument());
    expect(api.calls[0].body).toMatchObject({ language: 'en' });
  });
});
