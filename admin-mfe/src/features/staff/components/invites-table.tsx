import { useState } from 'react';
import { errorMessage } from '@thalir/api-client';
import { STAFF_ROLE_LABELS, type StaffInvite } from '@thalir/contracts';
import { Button, formatDateTime, Notice } from '@thalir/ui';
import { revokeInvite } from '../api/staff';
import { INVITE_STATUS_LABELS, INVITE_STATUS_TONES, type Message } from './staff-text';

/** The invitations, newest first; a pending one may be revoked (its link stops working). */
export function InvitesTable({ invites, onUpdated }: { invites: StaffInvite[]; onUpdated: (invite: StaffInvite) => void }) {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [notes, setNotes] = useState<Record<string, Message>>({});

  const revoke = async (invite: StaffInvite) => {
    setPendingId(invite._id);
    setNotes(({ [invite._id]: _previous, ...others }) => others);
    try {
      const saved = await revokeInvite(invite._id);
      onUpdated(saved);
      setNotes((others) => ({ ...others, [invite._id]: { tone: 'success', text: `The invitation for ${saved.email} is revoked: its link no longer works.` } }));
    } catch (failure) {
      const reason = errorMessage(failure, '');
      setNotes((others) => ({
        ...others,
        [invite._id]: { tone: 'error', text: reason ? `Could not revoke the invitation: ${reason}` : 'Could not revoke the invitation' },
      }));
    } finally {
      setPendingId(null);
    }
  };

  if (invites.length === 0) return <p className="admin-empty">No invitations yet.</p>;

  return (
    <div className="table-wrap card">
      <table className="table staff-table">
        <caption className="visually-hidden">Invitations, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invites.map((invite) => {
            const note = notes[invite._id];
            return (
              <tr key={invite._id}>
                <th scope="row" className="staff-table__email">
                  {invite.email}
                </th>
                <td>{invite.name}</td>
                <td>{STAFF_ROLE_LABELS[invite.role] ?? invite.role}</td>
                <td>
                  <span className={`badge badge--${INVITE_STATUS_TONES[invite.status]}`}>{INVITE_STATUS_LABELS[invite.status]}</span>
                </td>
                <td className="staff-table__date">{formatDateTime(invite.expiresAt)}</td>
                <td>
                  {invite.status === 'pending' && (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={pendingId !== null}
                      aria-busy={pendingId === invite._id || undefined}
                      onClick={() => void revoke(invite)}
                      aria-label={`Revoke the invitation for ${invite.email}`}
                    >
                      Revoke
                    </Button>
                  )}
                  {note && <Notice tone={note.tone}>{note.text}</Notice>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
