import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inSequence, jsonAnswer, mockApi, networkFailure } from '@thalir/api-client/testing';
import { renderRoute } from '../../../testing/test-utils';
import ProfilePage from './profile-page';

const profile = { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com', address: '12 Temple Street, Hosur', role: 'customer' };
const loadsProfile = { 'GET /api/users/profile': () => jsonAnswer(profile) };

const renderProfile = () => renderRoute(<ProfilePage />, { path: '/profile' });

function signIn() {
  localStorage.setItem('token', 'jwt-1');
  localStorage.setItem('role', 'customer');
}

describe('ProfilePage', () => {
  it('sends signed-out visitors to /login without calling the server', () => {
    const api = mockApi({});
    renderProfile();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(api.calls).toEqual([]);
  });

  it('shows name, a read-only email, address and an empty optional password', async () => {
    signIn();
    const api = mockApi(loadsProfile);
    renderProfile();
    expect(await screen.findByLabelText('Name')).toHaveValue('Asha Rao');
    expect(api.calls[0]).toMatchObject({ url: '/api/users/profile', authorization: 'Bearer jwt-1' });
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Delivery address')).toHaveValue('12 Temple Street, Hosur');
    expect(screen.getByLabelText('New password (optional)')).toHaveValue('');
  });

  it("saves name and address without a password when it is left empty, then says 'Profile updated successfully!'", async () => {
    signIn();
    const updated = { ...profile, name: 'Asha R.', address: '14 Rayakottai Road' };
    const api = mockApi({ ...loadsProfile, 'PUT /api/users/profile': () => jsonAnswer({ message: 'Profile updated successfully', user: updated }) });
    const user = userEvent.setup();
    renderProfile();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Asha R.');
    await user.clear(screen.getByLabelText('Delivery address'));
    await user.type(screen.getByLabelText('Delivery address'), '14 Rayakottai Road');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(api.calls[1]).toMatchObject({ method: 'PUT', url: '/api/users/profile' });
    expect(api.calls[1].body).toEqual({ name: 'Asha R.', address: '14 Rayakottai Road' });
  });

  it('asks for the current password with a new one, sends both, and keeps the session with the fresh token', async () => {
    signIn();
    const api = mockApi({ ...loadsProfile, 'PUT /api/users/profile': () => jsonAnswer({ message: 'ok', user: profile, token: 'jwt-2' }) });
    const user = userEvent.setup();
    renderProfile();
    expect(await screen.findByLabelText('Name')).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New password (optional)'), 'Garden#Path42');
    await user.type(screen.getByLabelText('Current password'), 'Old#Petals1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(screen.getByText(/any other device signed in to your account has been signed out/)).toBeInTheDocument();
    expect(api.calls[1].body).toEqual({ name: 'Asha Rao', address: '12 Temple Street, Hosur', password: 'Garden#Path42', currentPassword: 'Old#Petals1' });
    expect(localStorage.getItem('token')).toBe('jwt-2');
    expect(localStorage.getItem('role')).toBe('customer');
    expect(screen.getByLabelText('New password (optional)')).toHaveValue('');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('works the same for staff, whose role the fresh token keeps', async () => {
    localStorage.setItem('token', 'jwt-staff');
    localStorage.setItem('role', 'delivery');
    const courier = { ...profile, _id: 's1', name: 'Ravi', email: 'ravi@example.com', address: '', role: 'delivery', permissions: ['stops'] };
    const api = mockApi({
      'GET /api/users/profile': () => jsonAnswer(courier),
      'PUT /api/users/profile': () => jsonAnswer({ message: 'ok', user: courier, token: 'jwt-staff-2' }),
    });
    const user = userEvent.setup();
    renderProfile();
    expect(await screen.findByLabelText('Name')).toHaveValue('Ravi');
    expect(api.calls[0]).toMatchObject({ url: '/api/users/profile', authorization: 'Bearer jwt-staff' });
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password (optional)'), 'Garden#Path42');
    await user.type(screen.getByLabelText('Current password'), 'Old#Petals1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('jwt-staff-2');
    expect(localStorage.getItem('role')).toBe('delivery');
  });

  it("shows the server's word for a wrong current password", async () => {
    signIn();
    mockApi({ ...loadsProfile, 'PUT /api/users/profile': () => jsonAnswer({ success: false, message: 'Current password is incorrect' }, 400) });
    const user = userEvent.setup();
    renderProfile();
    await user.type(await screen.findByLabelText('New password (optional)'), 'Garden#Path42');
    await user.type(screen.getByLabelText('Current password'), 'a guess');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('jwt-1');
  });

  it.each<[string, { name?: string; password?: string }, string]>([
    ['an empty name', { name: '' }, 'Name is required'],
    ['a short new password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['a new password without the current one', { password: 'Garden#Path42' }, 'Enter your current password to choose a new one'],
  ])("refuses %s with 'Update failed' and says why, without calling the server", async (_case, change, reason) => {
    signIn();
    const api = mockApi(loadsProfile);
    const user = userEvent.setup();
    renderProfile();
    const name = await screen.findByLabelText('Name');
    if (change.name !== undefined) await user.clear(name);
    if (change.password) await user.type(screen.getByLabelText('New password (optional)'), change.password);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Update failed');
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });

  it("says 'Update failed' when the server refuses, with its reason", async () => {
    signIn();
    mockApi({
      ...loadsProfile,
      'PUT /api/users/profile': inSequence(() => jsonAnswer({ success: false, message: 'Address must be at most 500 characters' }, 400), networkFailure),
    });
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('Address must be at most 500 characters')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Update failed$/);
  });

  it('offers to log in again when the session has expired', async () => {
    signIn();
    mockApi({ 'GET /api/users/profile': () => jsonAnswer({ success: false, message: 'Your session has expired. Please sign in again' }, 401) });
    renderProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has expired. Please sign in again');
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });
});
