import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi, networkFailure } from '@thalir/api-client/testing';
import { renderRoute } from '../../../testing/test-utils';
import ProfilePage from './profile-page';

const profile = { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com', address: '12 Temple Street, Hosur', role: 'customer' };
const loadsProfile = { 'GET /api/users/profile': () => jsonAnswer(profile) };
const DELETED = 'Your account is deleted and your personal data erased. GST law has us keep the invoices of your 2 orders. A last email confirms it.';

const renderProfile = () => renderRoute(<ProfilePage />, { path: '/profile' });

function signIn() {
  localStorage.setItem('token', 'jwt-1');
  localStorage.setItem('role', 'customer');
}

/** Opens the delete form and types the password; answers the user-event session. */
async function startDeleting(password: string) {
  const user = userEvent.setup();
  renderProfile();
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  if (password) await user.type(screen.getByLabelText('Your password'), password);
  return user;
}

afterEach(() => jest.restoreAllMocks());

describe('the profile: my data', () => {
  it('downloads the data with the bearer token and saves it as thalir-blooms-my-data.json', async () => {
    signIn();
    const file = new Blob(['{"profile":{}}'], { type: 'application/json' });
    const api = mockApi({ ...loadsProfile, 'GET /api/users/me/export': () => ({ body: file }) });
    const createObjectURL = jest.fn(() => 'blob:my-data');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Download my data' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toBe('thalir-blooms-my-data.json');
    expect(clicked[0].getAttribute('href')).toBe('blob:my-data');
    expect(createObjectURL).toHaveBeenCalledWith(file);
    expect(api.callsTo('GET', '/api/users/me/export')[0].authorization).toBe('Bearer jwt-1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says when the download fails, with the server's word when it has one", async () => {
    signIn();
    const api = mockApi({ ...loadsProfile, 'GET /api/users/me/export': () => jsonAnswer({ success: false, message: 'Please sign in to continue' }, 401) });
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in to continue');

    api.answer({ 'GET /api/users/me/export': networkFailure });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Could not download your data. Please try again.'));
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('explains what is erased and what the invoices keep before anything is deleted', async () => {
    signIn();
    const api = mockApi(loadsProfile);
    renderProfile();
    expect(await screen.findByText(/We erase your name, email address and password/)).toHaveTextContent(
      'on invoices of ₹50,000.00 or more (before tax), your name and the delivery address too',
    );
    expect(screen.getByText(/keep your orders’ invoices for 72 months/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users/me')).toEqual([]);
  });

  it('asks for the password without calling the server, and "Keep my account" closes the form', async () => {
    signIn();
    const api = mockApi(loadsProfile);
    const user = await startDeleting('');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your password to delete your account');
    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users/me')).toEqual([]);
  });

  it.each([
    ['a wrong password', 403, 'Current password is incorrect'],
    ['an open order', 409, 'You have 1 order still open (00ABC1). You can delete your account once it is delivered or cancelled.'],
  ])("shows the server's refusal for %s and stays signed in", async (_case, status, message) => {
    signIn();
    const api = mockApi({ ...loadsProfile, 'DELETE /api/users/me': () => jsonAnswer({ success: false, message }, status) });
    const user = await startDeleting('Old#Petals1');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.callsTo('DELETE', '/api/users/me')[0]).toMatchObject({ body: { password: 'Old#Petals1' }, authorization: 'Bearer jwt-1' });
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(screen.getByRole('button', { name: 'Delete my account for good' })).toBeEnabled();
  });

  it("deletes the account with the password, signs out and shows the server's goodbye", async () => {
    signIn();
    const api = mockApi({ ...loadsProfile, 'DELETE /api/users/me': () => jsonAnswer({ message: DELETED }) });
    const user = await startDeleting('Old#Petals1');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));

    expect(await screen.findByRole('heading', { name: 'Your account is deleted' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(DELETED);
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(api.callsTo('DELETE', '/api/users/me')).toHaveLength(1);
  });
});
