import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@thalir/api-client';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffInvite, type StaffRole } from '@thalir/contracts';
import { Button, Notice } from '@thalir/ui';
import { inviteStaff } from '../api/staff';
import type { Message } from './staff-text';

interface Values {
  email: string;
  name: string;
  role: StaffRole | '';
}

const EMPTY: Values = { email: '', name: '', role: '' };

/** What the form can tell before asking; the server checks the rest (an account or a pending invitation for that email) and says why. */
function validate({ email, name, role }: Values): string | null {
  if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) return 'Please enter the person’s email address.';
  if (!name.trim()) return 'Please enter the person’s name.';
  if (!role) return 'Please choose a role.';
  return null;
}

/** Invites someone to the staff: the API mails them a link to set their password. The typed values stay when it fails. */
export function InviteForm({ onInvited }: { onInvited: (invite: StaffInvite) => void }) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const field = (name: string) => `${id}-${name}`;

  const set = (name: keyof Values) => (event: { target: { value: string } }) => setValues((previous) => ({ ...previous, [name]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = validate(values);
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const invite = await inviteStaff({ email: values.email.trim(), name: values.name.trim(), role: values.role as StaffRole });
      setValues(EMPTY);
      setMessage({
        tone: 'success',
        text: `Invitation sent: ${invite.name} gets a mail at ${invite.email} with a 72-hour link to set a password. The link works once.`,
      });
      onInvited(invite);
    } catch (failure) {
      const reason = errorMessage(failure, '');
      setMessage({ tone: 'error', text: reason ? `Could not send the invitation: ${reason}` : 'Could not send the invitation' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card staff-invite" aria-labelledby={field('title')}>
      <h2 id={field('title')}>Invite someone</h2>
      <form onSubmit={submit} noValidate aria-labelledby={field('title')}>
        <div className="staff-invite__fields">
          <div className="field">
            <label htmlFor={field('email')}>Email</label>
            <input id={field('email')} type="email" autoComplete="off" value={values.email} onChange={set('email')} required maxLength={254} />
          </div>
          <div className="field">
            <label htmlFor={field('name')}>Name</label>
            <input id={field('name')} autoComplete="off" value={values.name} onChange={set('name')} required maxLength={120} />
          </div>
          <div className="field">
            <label htmlFor={field('role')}>Role</label>
            <select id={field('role')} value={values.role} onChange={set('role')} required>
              <option value="" disabled>
                Choose a role
              </option>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {STAFF_ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            Send invitation
          </Button>
        </div>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
      </form>
    </section>
  );
}
