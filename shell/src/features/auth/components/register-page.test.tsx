import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi, networkFailure } from '@thalir/api-client/testing';
import { renderRoute } from '../../../testing/test-utils';
import RegisterPage from './register-page';

const renderRegister = () => renderRoute(<RegisterPage />, { path: '/register' });

async function fill(values: { name?: string; email?: string; password?: string; confirmPassword?: string }) {
  const user = userEvent.setup();
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirmPassword) await user.type(screen.getByLabelText('Confirm password'), values.confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

const complete = { name: 'Asha Rao', email: 'asha@example.com', password: 'Petals#2026', confirmPassword: 'Petals#2026' };

describe('RegisterPage', () => {
  it('has name, email, password and confirmation fields and a link to login', () => {
    renderRegister();
    for (const label of ['Name', 'Email', 'Password', 'Confirm password']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters.');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['a missing name', { ...complete, name: '' }, 'Please fill in your name, email and password.'],
    ['a missing email', { ...complete, email: '' }, 'Please fill in your name, email and password.'],
    ['different passwords', { ...complete, confirmPassword: 'Petals#2027' }, 'Passwords do not match'],
    ['a short password', { ...complete, password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
  ])('refuses %s without calling the server', async (_case, values, message) => {
    const api = mockApi({});
    renderRegister();
    await fill(values);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.calls).toEqual([]);
  });

  it('creates the account, stores token and role, and goes home', async () => {
    const api = mockApi({
      'POST /api/auth/register': () =>
        jsonAnswer({ token: 'jwt-2', user: { _id: 'u2', name: 'Asha Rao', email: 'asha@example.com', address: '', role: 'customer' } }, 201),
    });
    renderRegister();
    await fill(complete);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.calls).toMatchObject([
      { method: 'POST', url: '/api/auth/register', body: { name: 'Asha Rao', email: 'asha@example.com', password: 'Petals#2026' } },
    ]);
    expect(localStorage.getItem('token')).toBe('jwt-2');
    expect(localStorage.getItem('role')).toBe('customer');
  });

  it("shows the server's message, e.g. for a taken email", async () => {
    mockApi({ 'POST /api/auth/register': () => jsonAnswer({ success: false, message: 'An account with this email already exists' }, 409) });
    renderRegister();
    await fill(complete);
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("falls back to 'Registration failed'", async () => {
    mockApi({ 'POST /api/auth/register': networkFailure });
    renderRegister();
    await fill(complete);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed$/);
  });
});
