import { useState } from 'react';
import { errorMessage } from '@thalir/api-client';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffMember, type StaffRole } from '@thalir/contracts';
import { Button, formatDateTime, Notice } from '@thalir/ui';
import { changeStaffRole, deactivateStaff, reactivateStaff } from '../api/staff';
import type { Message } from './staff-text';

function asRole(value: string): StaffRole | null {
  return (STAFF_ROLES as readonly string[]).includes(value) ? (value as StaffRole) : null;
}

/** The request running on a row: its select shows the role being saved, and every control waits for the answer. */
type Pending = { id: string; role?: StaffRole };

export interface StaffTableProps {
  members: StaffMember[];
  /** The signed-in person: their own role and account are not theirs to change here. */
  selfId: string;
  onUpdated: (member: StaffMember) => void;
}

/** The staff, each with a role to change and an account to deactivate (after a confirm step) or reactivate. */
export function StaffTable({ members, selfId, onUpdated }: StaffTableProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  // The outcome of the last request on each row, shown in that row.
  const [notes, setNotes] = useState<Record<string, Message>>({});

  const note = (id: string, message: Message | null) => setNotes(({ [id]: _previous, ...others }) => (message ? { ...others, [id]: message } : others));

  /** One request at a time: the server's answer replaces the row, a refusal shows its message there. */
  const run = async (member: StaffMember, request: () => Promise<StaffMember>, done: (saved: StaffMember) => string, failed: string, role?: StaffRole) => {
    setPending({ id: member._id, role });
    note(member._id, null);
    try {
      const saved = await request();
      onUpdated(saved);
      note(member._id, { tone: 'success', text: done(saved) });
    } catch (failure) {
      const reason = errorMessage(failure, '');
      note(member._id, { tone: 'error', text: reason ? `${failed}: ${reason}` : failed });
    } finally {
      setPending(null);
    }
  };

  const changeRole = (member: StaffMember, role: StaffRole) =>
    run(
      member,
      () => changeStaffRole(member._id, role),
      (saved) => `${saved.name} is now ${STAFF_ROLE_LABELS[saved.role]}.`,
      'Could not change the role',
      role,
    );

  const deactivate = (member: StaffMember) => {
    setConfirmingId(null);
    return run(
      member,
      () => deactivateStaff(member._id),
      (saved) => `${saved.name} is deactivated: signed out everywhere, and cannot sign in.`,
      'Could not deactivate',
    );
  };

  const reactivate = (member: StaffMember) =>
    run(
      member,
      () => reactivateStaff(member._id),
      (saved) => `${saved.name} can sign in again.`,
      'Could not reactivate',
    );

  if (members.length === 0) return <p className="admin-empty">No staff yet. Invite the first person below.</p>;

  return (
    <div className="table-wrap card">
      <table className="table staff-table">
        <caption className="visually-hidden">Staff</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Account</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const self = member._id === selfId;
            const busy = pending !== null;
            const saving = pending?.id === member._id;
            const rowNote = notes[member._id];
            return (
              <tr key={member._id} className={member.active ? undefined : 'staff-table__inactive'}>
                <th scope="row">
                  <span className="staff-table__name">{member.name}</span>
                  {self && <span className="staff-table__note">You</span>}
                </th>
                <td className="staff-table__email">{member.email}</td>
                <td>
                  <label className="visually-hidden" htmlFor={`staff-role-${member._id}`}>
                    Role of {member.name}
                  </label>
                  <select
                    id={`staff-role-${member._id}`}
                    className="staff-table__select"
                    value={saving && pending.role ? pending.role : member.role}
                    disabled={busy || self}
                    aria-busy={saving || undefined}
                    title={self ? 'Your own role is changed by another owner' : undefined}
                    onChange={(event) => {
                      const role = asRole(event.target.value);
                      if (role && role !== member.role) void changeRole(member, role);
                    }}
                  >
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {STAFF_ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <span className={`badge badge--${member.active ? 'green' : 'red'}`}>{member.active ? 'Active' : 'Deactivated'}</span>
                </td>
                <td className="staff-table__date">{member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'Never'}</td>
                <td>
                  <div className="staff-table__actions">
                    {member.active && !self && confirmingId !== member._id && (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={busy}
                        onClick={() => setConfirmingId(member._id)}
                        aria-label={`Deactivate ${member.name}`}
                      >
                        Deactivate
                      </Button>
                    )}
                    {member.active && confirmingId === member._id && (
                      <div className="staff-table__confirm" role="group" aria-label={`Confirm deactivating ${member.name}`}>
                        <span>Deactivate {member.name}? They are signed out everywhere at once and cannot sign in.</span>
                        <Button variant="danger" size="sm" disabled={busy} onClick={() => void deactivate(member)}>
                          Yes, deactivate
                        </Button>
                        <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirmingId(null)}>
                          Cancel
                        </Button>
                      </div>
                    )}
                    {!member.active && (
                      <Button variant="secondary" size="sm" disabled={busy} onClick={() => void reactivate(member)} aria-label={`Reactivate ${member.name}`}>
                        Reactivate
                      </Button>
                    )}
                  </div>
                  {rowNote && <Notice tone={rowNote.tone}>{rowNote.text}</Notice>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
