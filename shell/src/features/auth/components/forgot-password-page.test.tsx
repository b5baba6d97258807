import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inSequence, jsonAnswer, mockApi, networkFailure } from '@thalir/api-client/testing';
import { renderRoute } from '../../../testing/test-utils';
import ForgotPasswordPage from './forgot-password-page';

const renderForgot = () => renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });

async function submit(email: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('ForgotPasswordPage', () => {
  it('asks for the email before calling the server', async () => {
    const api = mockApi({});
    renderForgot();
    await submit('');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address.');
    expect(api.calls).toEqual([]);
  });

  it('goes straight to the reset form when the answer carries a token', async () => {
    const api = mockApi({ 'POST /api/auth/forgot-password': () => jsonAnswer({ message: 'If an account exists…', token: 'tok_en-1' }) });
    renderForgot();
    await submit('asha@example.com');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/reset-password/tok_en-1'));
    expect(api.calls).toMatchObject([{ method: 'POST', url: '/api/auth/forgot-password', body: { email: 'asha@example.com' } }]);
  });

  it("shows the server's message when there is no token", async () => {
    mockApi({ 'POST /api/auth/forgot-password': () => jsonAnswer({ message: 'If an account exists for that email, a password reset link is on its way.' }) });
    renderForgot();
    await submit('asha@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for that email, a password reset link is on its way.');
  });

  it("says 'Reset link sent to your email.' when the answer has no message", async () => {
    mockApi({ 'POST /api/auth/forgot-password': () => jsonAnswer({ message: '' }) });
    renderForgot();
    await submit('asha@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(/^Reset link sent to your email\.$/);
  });

  it("shows the server's message on failure, else 'Failed to send reset link.'", async () => {
    mockApi({
      'POST /api/auth/forgot-password': inSequence(() => jsonAnswer({ success: false, message: 'Please enter a valid email address' }, 400), networkFailure),
    });
    renderForgot();
    await submit('asha@example');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Failed to send reset link.')).toBeInTheDocument();
  });
});
