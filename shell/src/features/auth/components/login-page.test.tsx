import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi, networkFailure } from '@thalir/api-client/testing';
import { AUTH_CHANGE_EVENT } from '@thalir/contracts';
import { renderRoute } from '../../../testing/test-utils';
import LoginPage from './login-page';

const renderLogin = () => renderRoute(<LoginPage />, { path: '/login' });

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('offers email and password with links to forgot-password and register', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('asks for both fields before calling the server', async () => {
    const api = mockApi({});
    renderLogin();
    await fillAndSubmit('asha@example.com', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email and password.');
    expect(api.calls).toEqual([]);
  });

  it('stores the token and role, announces the change and goes home', async () => {
    const api = mockApi({
      'POST /api/auth/login': () => jsonAnswer({ token: 'jwt-1', user: { _id: 'u1', name: 'Asha', email: 'asha@example.com', address: '', role: 'admin' } }),
    });
    const announced = jest.fn();
    window.addEventListener(AUTH_CHANGE_EVENT, announced);
    renderLogin();
    await fillAndSubmit(' asha@example.com ', 'Petals#2026');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.calls).toMatchObject([{ method: 'POST', url: '/api/auth/login', body: { email: 'asha@example.com', password: 'Petals#2026' } }]);
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(localStorage.getItem('role')).toBe('admin');
    expect(announced).toHaveBeenCalled();
    window.removeEventListener(AUTH_CHANGE_EVENT, announced);
  });

  it("shows the server's message on bad credentials and stays signed out", async () => {
    mockApi({ 'POST /api/auth/login': () => jsonAnswer({ success: false, message: 'Invalid email or password' }, 401) });
    renderLogin();
    await fillAndSubmit('asha@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it("falls back to 'Login failed' when the server says nothing useful", async () => {
    mockApi({ 'POST /api/auth/login': networkFailure });
    renderLogin();
    await fillAndSubmit('asha@example.com', 'Petals#2026');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });
});
