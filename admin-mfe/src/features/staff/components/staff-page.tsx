import { useState } from 'react';
import type { StaffInvite, StaffMember, StaffOverview } from '@thalir/contracts';
import { Notice, Spinner } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { useAccess } from '../../access';
import { fetchStaffOverview } from '../api/staff';
import { InviteForm } from './invite-form';
import { InvitesTable } from './invites-table';
import { StaffTable } from './staff-table';
import './staff-page.css';

const replace = <T extends { _id: string }>(list: T[], saved: T) => list.map((item) => (item._id === saved._id ? saved : item));

/** /admin/staff: who works in the back office and in which role, the invitations sent, and a form to invite someone. */
export default function StaffPage() {
  const { userId } = useAccess();
  const { data, error, loading } = useFetch((signal) => fetchStaffOverview(signal), []);
  // The list as loaded, then as each answer of the server changed it (a role, an account, an invitation).
  const [changed, setChanged] = useState<StaffOverview | null>(null);
  const overview = changed ?? data;

  const update = (change: (current: StaffOverview) => StaffOverview) =>
    setChanged((current) => {
      const base = current ?? data;
      return base ? change(base) : current;
    });

  const memberUpdated = (member: StaffMember) => update((current) => ({ ...current, staff: replace(current.staff, member) }));
  const inviteUpdated = (invite: StaffInvite) => update((current) => ({ ...current, invites: replace(current.invites, invite) }));
  const invited = (invite: StaffInvite) => update((current) => ({ ...current, invites: [invite, ...current.invites] }));

  return (
    <section className="container page staff-page" aria-labelledby="staff-title">
      <div className="admin-page__header">
        <h1 id="staff-title">Staff</h1>
      </div>

      {error !== undefined && <Notice tone="error">Could not load the staff</Notice>}
      {loading && !overview && <Spinner label="Loading the staff…" />}

      {overview && (
        <>
          <h2 className="staff-page__heading">People</h2>
          <StaffTable members={overview.staff} selfId={userId} onUpdated={memberUpdated} />

          <InviteForm onInvited={invited} />

          <h2 className="staff-page__heading">Invitations</h2>
          <InvitesTable invites={overview.invites} onUpdated={inviteUpdated} />
        </>
      )}
    </section>
  );
}
