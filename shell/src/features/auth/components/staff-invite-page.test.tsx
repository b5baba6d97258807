import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inSequence, jsonAnswer, mockApi, networkFailure, type ApiAnswer } from '@thalir/api-client/testing';
import type { AuthResponse, StaffInvitePreview } from '@thalir/contracts';
import { renderRoute } from '../../../testing/test-utils';
import StaffInvitePage from './staff-invite-page';

const INVITE_URL = '/api/auth/staff-invites/inv_tok-1';

const preview: StaffInvitePreview = { email: 'meena@example.com', name: 'Meena K', role: 'orders', expiresAt: '2026-11-26T12:00:00.000Z' };

const signedIn: AuthResponse = {
  token: 'jwt-staff',
  user: { _id: 's1', name: 'Meena Krishnan', email: 'meena@example.com', address: '', role: 'orders', permissions: ['orders.read', 'orders.manage'] },
};

const renderInvite = () => renderRoute(<StaffInvitePage />, { path: '/staff-invite/inv_tok-1', pattern: '/staff-invite/:token' });

async function fill(values: { name?: string; password?: string; confirmPassword?: string }, user = userEvent.setup()) {
  if (values.name !== undefined) {
    await user.clear(screen.getByLabelText('Name'));
    if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  }
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirmPassword) await user.type(screen.getByLabelText('Confirm password'), values.confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Join the back office' }));
}

describe('StaffInvitePage', () => {
  it('shows who is invited, as what, with the email read-only and the name ready to correct', async () => {
    const api = mockApi({ [`GET ${INVITE_URL}`]: () => jsonAnswer(preview) });
    renderInvite();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your invitation…');

    expect(await screen.findByText(/You have been invited to/)).toHaveTextContent("You have been invited to Thalir Blooms' back office as Orders.");
    expect(screen.getByRole('heading', { level: 1, name: 'Join the back office' })).toBeInTheDocument();
    expect(document.title).toBe('Join the back office · Thalir Blooms');
    expect(screen.getByLabelText('Email')).toHaveValue('meena@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Name')).toHaveValue('Meena K');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters.');
    expect(screen.getByLabelText('Confirm password')).toHaveValue('');
    expect(api.calls).toMatchObject([{ method: 'GET', url: INVITE_URL }]);
  });

  it.each([
    ['different passwords', { password: 'Petals#2026', confirmPassword: 'Petals#2027' }, 'Passwords do not match'],
    ['a missing confirmation', { password: 'Petals#2026' }, 'Passwords do not match'],
    ['a short password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['a missing password', {}, 'Please fill in your name and password.'],
    ['a cleared name', { name: '', password: 'Petals#2026', confirmPassword: 'Petals#2026' }, 'Please fill in your name and password.'],
  ])('refuses %s without calling the server', async (_case, values, message) => {
    const api = mockApi({ [`GET ${INVITE_URL}`]: () => jsonAnswer(preview) });
    renderInvite();
    await screen.findByLabelText('Email');
    await fill(values);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.callsTo('POST', INVITE_URL)).toEqual([]);
  });

  it('sets the password and name, signs the new staff member in and opens the back office', async () => {
    let answer: (value: ApiAnswer) => void = () => undefined;
    const api = mockApi({
      [`GET ${INVITE_URL}`]: () => jsonAnswer(preview),
      [`POST ${INVITE_URL}`]: () => new Promise<ApiAnswer>((resolve) => (answer = resolve)),
    });
    renderInvite();
    await screen.findByLabelText('Email');
    await fill({ name: 'Meena Krishnan ', password: 'Petals#2026', confirmPassword: 'Petals#2026' });

    // One request at a time: the button waits for the answer.
    expect(await screen.findByRole('button', { name: 'Joining…' })).toBeDisabled();
    answer(jsonAnswer(signedIn, 201));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(api.callsTo('POST', INVITE_URL)).toMatchObject([{ body: { password: 'Petals#2026', name: 'Meena Krishnan' } }]);
    expect(localStorage.getItem('token')).toBe('jwt-staff');
    expect(localStorage.getItem('role')).toBe('orders');
  });

  it("shows the server's message on a refused submit and keeps what was typed", async () => {
    mockApi({
      [`GET ${INVITE_URL}`]: () => jsonAnswer(preview),
      [`POST ${INVITE_URL}`]: inSequence(() => jsonAnswer({ success: false, message: 'This invitation has been revoked.' }, 404), networkFailure),
    });
    const user = userEvent.setup();
    renderInvite();
    await screen.findByLabelText('Email');
    await fill({ name: 'Meena Krishnan', password: 'Petals#2026', confirmPassword: 'Petals#2026' }, user);

    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has been revoked.');
    expect(screen.getByLabelText('Name')).toHaveValue('Meena Krishnan');
    expect(screen.getByLabelText('Password')).toHaveValue('Petals#2026');
    expect(screen.getByLabelText('Confirm password')).toHaveValue('Petals#2026');
    expect(screen.getByRole('button', { name: 'Join the back office' })).toBeEnabled();
    expect(localStorage.getItem('token')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Join the back office' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not set up your account\.$/);
  });

  it("shows the server's message and a way to sign in when the link is dead", async () => {
    mockApi({
      [`GET ${INVITE_URL}`]: () => jsonAnswer({ success: false, message: 'This invitation has expired. Ask the owner for a new one.' }, 404),
    });
    renderInvite();
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired. Ask the owner for a new one.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('falls back to its own message when the invitation cannot be read', async () => {
    mockApi({ [`GET ${INVITE_URL}`]: () => jsonAnswer(undefined, 500) });
    renderInvite();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your invitation.');
  });
});
