import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffInvite, StaffMember, StaffOverview } from '@thalir/contracts';
import { jsonAnswer, mockApi, type ApiAnswer } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

function member(id: string, extra: Partial<StaffMember> = {}): StaffMember {
  return {
    _id: id,
    name: 'Priya S',
    email: 'priya@example.com',
    role: 'orders',
    active: true,
    createdAt: '2026-01-05T10:00:00.000Z',
    lastSignInAt: '2026-02-03T10:00:00.000Z',
    ...extra,
  };
}

// The signed-in owner: renderAdmin's profile answers `user-admin` for an admin.
const owner = member('user-admin', { name: 'Lakshmi (owner)', email: 'owner@example.com', role: 'admin' });
const priya = member('staff-priya');
const ravi = member('staff-ravi', { name: 'Ravi K', email: 'ravi@example.com', role: 'delivery', active: false, lastSignInAt: null });

const pendingInvite: StaffInvite = {
  _id: 'invite-1',
  email: 'anu@example.com',
  name: 'Anu',
  role: 'catalog',
  status: 'pending',
  invitedAt: '2026-02-01T10:00:00.000Z',
  expiresAt: '2026-02-04T10:00:00.000Z',
};
const usedInvite: StaffInvite = { ...pendingInvite, _id: 'invite-0', email: 'priya@example.com', name: 'Priya S', role: 'orders', status: 'accepted' };

const overview = (): StaffOverview => ({ staff: [owner, priya, ravi], invites: [pendingInvite, usedInvite] });

/** The row of a person in the staff table (a name may also be on an invitation). */
const rowOf = (name: string) =>
  within(screen.getByRole('table', { name: 'Staff' }))
    .getByText(name)
    .closest('tr')!;
const inviteRowOf = (email: string) =>
  within(screen.getByRole('table', { name: 'Invitations, newest first' }))
    .getByText(email)
    .closest('tr')!;

/** An answer the test hands over when it chooses. */
function deferred() {
  let answer!: (value: ApiAnswer) => void;
  const promise = new Promise<ApiAnswer>((resolve) => (answer = resolve));
  return { responder: () => promise, answer };
}

beforeEach(() => signInAs('admin'));

describe('/admin/staff', () => {
  it('lists the staff with their role, account and last sign-in, and the invitations', async () => {
    const { calls } = mockApi({ 'GET /api/admin/staff': () => jsonAnswer(overview()) });
    renderAdmin('/admin/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    const people = await screen.findByRole('table', { name: 'Staff' });
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/staff']);

    expect(
      within(people)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Account', 'Last sign-in', 'Actions']);
    const priyaRow = rowOf('Priya S');
    expect(within(priyaRow).getByText('priya@example.com')).toBeInTheDocument();
    expect(within(priyaRow).getByLabelText('Role of Priya S')).toHaveValue('orders');
    expect(within(priyaRow).getByText('Active')).toHaveClass('badge--green');
    expect(within(priyaRow).getByText('3 Feb 2026', { exact: false })).toBeInTheDocument();
    expect(within(priyaRow).getByRole('button', { name: 'Deactivate Priya S' })).toBeEnabled();
    expect(
      within(within(priyaRow).getByLabelText('Role of Priya S'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Owner (everything)', 'Catalogue', 'Orders', 'Delivery', 'Accounts']);

    const raviRow = rowOf('Ravi K');
    expect(within(raviRow).getByText('Deactivated')).toHaveClass('badge--red');
    expect(within(raviRow).getByText('Never')).toBeInTheDocument();
    expect(within(raviRow).getByRole('button', { name: 'Reactivate Ravi K' })).toBeInTheDocument();

    // One's own role and account are not changed here.
    const ownRow = rowOf('Lakshmi (owner)');
    expect(within(ownRow).getByText('You')).toBeInTheDocument();
    expect(within(ownRow).getByLabelText('Role of Lakshmi (owner)')).toBeDisabled();
    expect(within(ownRow).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();

    const invites = screen.getByRole('table', { name: 'Invitations, newest first' });
    const anuRow = within(invites).getByText('anu@example.com').closest('tr')!;
    expect(within(anuRow).getByText('Anu')).toBeInTheDocument();
    expect(within(anuRow).getByText('Catalogue')).toBeInTheDocument();
    expect(within(anuRow).getByText('Pending')).toHaveClass('badge--yellow');
    expect(within(anuRow).getByText('4 Feb 2026', { exact: false })).toBeInTheDocument();
    expect(within(anuRow).getByRole('button', { name: 'Revoke the invitation for anu@example.com' })).toBeInTheDocument();
    const usedRow = within(invites).getByText('priya@example.com').closest('tr')!;
    expect(within(usedRow).getByText('Accepted')).toBeInTheDocument();
    expect(within(usedRow).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it("shows 'Could not load the staff' when the list fails", async () => {
    mockApi({ 'GET /api/admin/staff': () => jsonAnswer({ message: 'Forbidden' }, 403) });
    renderAdmin('/admin/staff');
    expect(await screen.findByText('Could not load the staff')).toBeInTheDocument();
  });

  it('invites someone: the form is locked while it sends, then says a 72-hour link was mailed and lists the invitation', async () => {
    const sent: StaffInvite = { ...pendingInvite, _id: 'invite-2', email: 'kumar@example.com', name: 'Kumar', role: 'delivery' };
    const invite = deferred();
    const { callsTo } = mockApi({ 'GET /api/admin/staff': () => jsonAnswer(overview()), 'POST /api/admin/staff/invites': invite.responder });
    const user = userEvent.setup();
    renderAdmin('/admin/staff');
    await user.type(await screen.findByLabelText('Email'), 'kumar@example.com');
    await user.type(screen.getByLabelText('Name'), 'Kumar');
    await user.selectOptions(screen.getByLabelText('Role'), 'Delivery');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
    expect(callsTo('POST', '/api/admin/staff/invites')[0].body).toEqual({ email: 'kumar@example.com', name: 'Kumar', role: 'delivery' });
    invite.answer(jsonAnswer(sent, 201));

    expect(
      await screen.findByText('Invitation sent: Kumar gets a mail at kumar@example.com with a 72-hour link to set a password. The link works once.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    const invites = screen.getByRole('table', { name: 'Invitations, newest first' });
    const [, first] = within(invites).getAllByRole('row');
    expect(within(first).getByText('kumar@example.com')).toBeInTheDocument();
    expect(within(first).getByText('Delivery')).toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/staff')).toHaveLength(1);
  });

  it("shows the server's reason when the email already has an account, and keeps what was typed", async () => {
    mockApi({
      'GET /api/admin/staff': () => jsonAnswer(overview()),
      'POST /api/admin/staff/invites': () => jsonAnswer({ success: false, message: 'priya@example.com already has an account' }, 409),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/staff');
    await user.type(await screen.findByLabelText('Email'), 'priya@example.com');
    await user.type(screen.getByLabelText('Name'), 'Priya again');
    await user.selectOptions(screen.getByLabelText('Role'), 'Accounts');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    const form = screen.getByRole('form', { name: 'Invite someone' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Could not send the invitation: priya@example.com already has an account');
    expect(screen.getByLabelText('Email')).toHaveValue('priya@example.com');
    expect(screen.getByLabelText('Name')).toHaveValue('Priya again');
    expect(screen.getByLabelText('Role')).toHaveValue('accounts');
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeEnabled();
  });

  it('asks for what is missing before sending', async () => {
    const { callsTo } = mockApi({ 'GET /api/admin/staff': () => jsonAnswer(overview()) });
    const user = userEvent.setup();
    renderAdmin('/admin/staff');
    await user.type(await screen.findByLabelText('Email'), 'kumar@example.com');
    await user.type(screen.getByLabelText('Name'), 'Kumar');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please choose a role.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/staff/invites')).toEqual([]);
  });

  it("changes a role with PUT, the row showing the server's answer", async () => {
    const saving = deferred();
    const { callsTo } = mockApi({ 'GET /api/admin/staff': () => jsonAnswer(overview()), [`PUT /api/admin/staff/${priya._id}`]: saving.responder });
    const user = userEvent.setup();
    renderAdmin('/admin/staff');
    await user.selectOptions(await screen.findByLabelText('Role of Priya S'), 'accounts');

    expect(callsTo('PUT', `/api/admin/staff/${priya._id}`)[0].body).toEqual({ role: 'accounts' });
    expect(screen.getByLabelText('Role of Priya S')).toHaveValue('accounts');
    expect(screen.getByLabelText('Role of Priya S')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deactivate Priya S' })).toBeDisabled();
    saving.answer(jsonAnswer({ ...priya, role: 'accounts' }));

    expect(await within(rowOf('Priya S')).findByText('Priya S is now Accounts.')).toBeInTheDocument();
    expect(screen.getByLabelText('Role of Priya S')).toHaveValue('accounts');
    expect(screen.getByLabelText('Role of Priya S')).toBeEnabled();
  });

  it("shows the server's refusal of a role change in the row and keeps the role the server has", async () => {
    mockApi({
      'GET /api/admin/staff': () => jsonAnswer(overview()),
      [`PUT /api/admin/staff/${priya._id}`]: () => jsonAnswer({ success: false, message: 'The shop needs at least one active owner' }, 409),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/staff');
    await user.selectOptions(await screen.findByLabelText('Role of Priya S'), 'catalog');
    expect(await within(rowOf('Priya S')).findByRole('alert')).toHaveTextContent('Could not change the role: The shop needs at least one active owner');
    expect(screen.getByLabelText('Role of Priya S')).toHaveValue('orders');
  });

  it('deactivates after a confirm step, and reactivates', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/staff': () => jsonAnswer(overview()),
      [`POST /api/admin/staff/${priya._id}/deactivate`]: () => jsonAnswer({ ...priya, active: false }),
      [`POST /api/admin/staff/${ravi._id}/reactivate`]: () => jsonAnswer({ ...ravi, active: true }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/staff');

    await user.click(await screen.findByRole('button', { name: 'Deactivate Priya S' }));
    const confirm = screen.getByRole('group', { name: 'Confirm deactivating Priya S' });
    expect(confirm).toHaveTextContent('Deactivate Priya S? They are signed out everywhere at once and cannot sign in.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Confirm deactivating Priya S' })).not.toBeInTheDocument();
    expect(callsTo('POST', `/api/admin/staff/${priya._id}/deactivate`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Deactivate Priya S' }));
    await user.click(within(screen.getByRole('group', { name: 'Confirm deactivating Priya S' })).getByRole('button', { name: 'Yes, deactivate' }));
    const priyaRow = rowOf('Priya S');
    expect(await within(priyaRow).findByText('Priya S is deactivated: signed out everywhere, and cannot sign in.')).toBeInTheDocument();
    expect(within(priyaRow).getByText('Deactivated')).toBeInTheDocument();
    expect(within(priyaRow).getByRole('button', { name: 'Reactivate Priya S' })).toBeInTheDocument();
    expect(callsTo('POST', `/api/admin/staff/${priya._id}/deactivate`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reactivate Ravi K' }));
    expect(await within(rowOf('Ravi K')).findByText('Ravi K can sign in again.')).toBeInTheDocument();
    expect(within(rowOf('Ravi K')).getByText('Active')).toBeInTheDocument();
  });

  it("shows the server's refusal to deactivate in the row", async () => {
    mockApi({
      'GET /api/admin/staff': () => jsonAnswer(overview()),
      [`POST /api/admin/staff/${priya._id}/deactivate`]: () => jsonAnswer({ success: false, message: 'You cannot deactivate yourself' }, 409),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/staff');
    await user.click(await screen.findByRole('button', { name: 'Deactivate Priya S' }));
    await user.click(screen.getByRole('button', { name: 'Yes, deactivate' }));
    expect(await within(rowOf('Priya S')).findByRole('alert')).toHaveTextContent('Could not deactivate: You cannot deactivate yourself');
    expect(within(rowOf('Priya S')).getByText('Active')).toBeInTheDocument();
  });

  it('revokes a pending invitation', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/staff': () => jsonAnswer(overview()),
      [`DELETE /api/admin/staff/invites/${pendingInvite._id}`]: () => jsonAnswer({ ...pendingInvite, status: 'revoked' }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/staff');
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation for anu@example.com' }));
    const row = inviteRowOf('anu@example.com');
    expect(await within(row).findByText('Revoked')).toBeInTheDocument();
    expect(within(row).getByText('The invitation for anu@example.com is revoked: its link no longer works.')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo('DELETE', `/api/admin/staff/invites/${pendingInvite._id}`)).toHaveLength(1));
  });
});
