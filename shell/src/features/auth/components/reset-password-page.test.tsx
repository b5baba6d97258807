import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inSequence, jsonAnswer, mockApi, networkFailure } from '@thalir/api-client/testing';
import { renderRoute } from '../../../testing/test-utils';
import ResetPasswordPage from './reset-password-page';

const renderReset = () => renderRoute(<ResetPasswordPage />, { path: '/reset-password/tok_en-1', pattern: '/reset-password/:resetToken' });

async function submit(password: string, confirmPassword: string, user = userEvent.setup()) {
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirmPassword) await user.type(screen.getByLabelText('Confirm new password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('ResetPasswordPage', () => {
  afterEach(() => jest.useRealTimers());

  it.each([
    ['different passwords', 'Petals#2026', 'Petals#2027', 'Passwords do not match'],
    ['a missing confirmation', 'Petals#2026', '', 'Please enter your new password twice.'],
    ['a short password', 'short', 'short', 'Password must be at least 8 characters'],
  ])('refuses %s without calling the server', async (_case, password, confirmPassword, message) => {
    const api = mockApi({});
    renderReset();
    await submit(password, confirmPassword);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.calls).toEqual([]);
  });

  it("sends the route's token, says 'Password updated successfully!' and goes to /login after 2 seconds", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = mockApi({ 'POST /api/auth/reset-password/tok_en-1': () => jsonAnswer({ message: 'Your password has been updated.' }) });
    renderReset();
    await submit('Fresh#Petals9', 'Fresh#Petals9', user);

    expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
    expect(api.calls).toMatchObject([{ method: 'POST', url: '/api/auth/reset-password/tok_en-1', body: { password: 'Fresh#Petals9' } }]);
    expect(screen.getByRole('button', { name: 'Update password' })).toBeDisabled();

    act(() => jest.advanceTimersByTime(1999));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("shows the server's message for a dead link, else 'Failed to reset password.'", async () => {
    mockApi({
      'POST /api/auth/reset-password/tok_en-1': inSequence(
        () => jsonAnswer({ success: false, message: 'This reset link is invalid or has expired. Please ask for a new one.' }, 400),
        networkFailure,
      ),
    });
    const user = userEvent.setup();
    renderReset();
    await submit('Fresh#Petals9', 'Fresh#Petals9', user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired. Please ask for a new one.');
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute('href', '/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Failed to reset password.')).toBeInTheDocument();
  });
});
