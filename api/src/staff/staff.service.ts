import { createHash, randomBytes } from 'node:crypto';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthResponse, StaffInvite, StaffInvitePreview, StaffMember, StaffOverview, StaffRole } from '@thalir/contracts';
import { recordAudit } from '../audit/audit-log';
import { type StaffAct, staffActOf } from '../audit/staff-act';
import { isUniqueViolation } from '../common/database-errors';
import { isUuid } from '../common/ids';
import { SessionCache } from '../sessions/session-cache';
import { SessionTokens } from '../sessions/session-tokens';
import { hashPassword } from '../users/password-hasher';
import { UserEntity } from '../users/user.entity';
import { toUserPublic } from '../users/users.service';
import type { StaffInviteAcceptanceDto, StaffInviteDto } from './dto/staff.dto';
import { StaffInviteMailer } from './staff-invite-mailer';

export const INVITE_VALID_HOURS = 72;
export const INVALID_INVITE = 'This invitation link is invalid, already used or expired. Please ask the shop owner for a new one.';
export const EMAIL_HAS_ACCOUNT = 'This email already has an account';
const INVITE_OPEN = 'An invitation to this email is still open; revoke it to send a new one';
const STAFF_NOT_FOUND = 'Staff member not found';

/** 32 random bytes in base64url, as the link carries them. */
const INVITE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

interface InviteRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  expired: boolean;
}

const INVITE_COLUMNS = `id, email, name, role, created_at AS "createdAt", expires_at AS "expiresAt", accepted_at AS "acceptedAt", revoked_at AS "revokedAt",
  expires_at <= now() AS expired`;

function toInvite(row: InviteRow): StaffInvite {
  const status = row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : row.expired ? 'expired' : 'pending';
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status,
    invitedAt: new Date(row.createdAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
  };
}

interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  deactivatedAt: Date | null;
  createdAt: Date;
  lastSignInAt: Date | null;
}

const MEMBER_SELECT = `SELECT u.id, u.name, u.email, u.role, u.deactivated_at AS "deactivatedAt", u.created_at AS "createdAt",
    (SELECT max(a.at) FROM audit_log a WHERE a.actor_id = u.id AND a.action = 'staff.sign-in') AS "lastSignInAt"
  FROM users u`;

function toMember(row: MemberRow): StaffMember {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    active: row.deactivatedAt === null,
    createdAt: new Date(row.createdAt).toISOString(),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
  };
}

/**
 * The shop's staff: who works in the back office with which role, and the invitations that bring
 * new people in. Every change is audited in its own transaction. The owner's changes to admins are
 * made under a lock on every active admin, so two owners cannot demote or deactivate each other at
 * once and leave the shop without one.
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionTokens,
    private readonly mailer: StaffInviteMailer,
    private readonly sessionCache: SessionCache,
  ) {}

  async overview(): Promise<StaffOverview> {
    const [members, invites] = await Promise.all([
      this.dataSource.query(`${MEMBER_SELECT} WHERE u.role <> 'customer' AND u.erased_at IS NULL ORDER BY u.role <> 'admin', lower(u.name), u.id`) as Promise<
        MemberRow[]
      >,
      this.dataSource.query(`SELECT ${INVITE_COLUMNS} FROM staff_invites ORDER BY created_at DESC, id DESC LIMIT 200`) as Promise<InviteRow[]>,
    ]);
    return { staff: members.map(toMember), invites: invites.map(toInvite) };
  }

  /** A new invitation, mailed once it is stored; 409 when the email has an account or an open invitation. */
  async invite(act: StaffAct, input: StaffInviteDto): Promise<StaffInvite> {
    const token = randomBytes(32).toString('base64url');
    let invite: StaffInvite;
    try {
      invite = await this.dataSource.transaction(async (manager) => {
        const [taken] = (await manager.query(`SELECT 1 FROM users WHERE email = $1`, [input.email])) as unknown[];
        if (taken) throw new ConflictException(EMAIL_HAS_ACCOUNT);
        // An expired invitation no longer holds the address.
        await manager.query(
          `UPDATE staff_invites SET revoked_at = now() WHERE email = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at <= now()`,
          [input.email],
        );
        const [row] = (await manager.query(
          `INSERT INTO staff_invites (email, name, role, token_hash, invited_by, expires_at)
           VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 hour') RETURNING ${INVITE_COLUMNS}`,
          [input.email, input.name, input.role, sha256(token), act.id, INVITE_VALID_HOURS],
        )) as InviteRow[];
        await recordAudit(manager, {
          actor: act,
          action: 'staff.invite',
          entity: 'staff-invite',
          entityId: row.id,
          after: { email: input.email, role: input.role },
        });
        return toInvite(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(INVITE_OPEN);
      throw error;
    }
    const [inviter] = (await this.dataSource.query(`SELECT name FROM users WHERE id = $1`, [act.id])) as { name: string }[];
    await this.mailer.deliver({
      email: input.email,
      name: input.name,
      role: input.role,
      invitedBy: inviter?.name ?? 'The shop owner',
      token,
      validHours: INVITE_VALID_HOURS,
    });
    return invite;
  }

  async revokeInvite(act: StaffAct, id: string): Promise<StaffInvite> {
    if (!isUuid(id)) throw new NotFoundException('Invitation not found');
    return this.dataSource.transaction(async (manager) => {
      const [[row]] = (await manager.query(
        `UPDATE staff_invites SET revoked_at = now() WHERE id = $1 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING ${INVITE_COLUMNS}`,
        [id],
      )) as [InviteRow[], number];
      if (!row) {
        const [exists] = (await manager.query(`SELECT 1 FROM staff_invites WHERE id = $1`, [id])) as unknown[];
        throw exists ? new ConflictException('This invitation was already used or revoked') : new NotFoundException('Invitation not found');
      }
      await recordAudit(manager, {
        actor: act,
        action: 'staff.invite-revoked',
        entity: 'staff-invite',
        entityId: id,
        before: { email: row.email, role: row.role },
      });
      return toInvite(row);
    });
  }

  /** A new role; the person signs in again (every session ends), so every screen follows the new role. */
  async changeRole(act: StaffAct, id: string, role: StaffRole): Promise<StaffMember> {
    return this.changeMember(act, id, 'You cannot change your own role', async (manager, member) => {
      if (member.role === role) return null;
      await manager.query(`UPDATE users SET role = $1, session_version = session_version + 1, updated_at = now() WHERE id = $2`, [role, id]);
      return { action: 'staff.role', before: { role: member.role }, after: { role } };
    });
  }

  /** Deactivated: every session of that person ends at once and sign-in is refused. */
  async deactivate(act: StaffAct, id: string): Promise<StaffMember> {
    return this.changeMember(act, id, 'You cannot deactivate yourself', async (manager, member) => {
      if (member.deactivatedAt) return null;
      await manager.query(`UPDATE users SET deactivated_at = now(), session_version = session_version + 1, updated_at = now() WHERE id = $1`, [id]);
      return { action: 'staff.deactivate', before: { active: true }, after: { active: false } };
    });
  }

  async reactivate(act: StaffAct, id: string): Promise<StaffMember> {
    return this.changeMember(act, id, 'You cannot reactivate yourself', async (manager, member) => {
      if (!member.deactivatedAt) return null;
      await manager.query(`UPDATE users SET deactivated_at = NULL, updated_at = now() WHERE id = $1`, [id]);
      return { action: 'staff.reactivate', before: { active: false }, after: { active: true } };
    });
  }

  /** What the set-password page shows; 404 for a link that cannot be used. */
  async preview(token: string): Promise<StaffInvitePreview> {
    const [row] = INVITE_TOKEN_SHAPE.test(token)
      ? ((await this.dataSource.query(`SELECT ${INVITE_COLUMNS} FROM staff_invites WHERE token_hash = $1`, [sha256(token)])) as InviteRow[])
      : [];
    if (!row || toInvite(row).status !== 'pending') throw new NotFoundException(INVALID_INVITE);
    return { email: row.email, name: row.name, role: row.role, expiresAt: new Date(row.expiresAt).toISOString() };
  }

  /** The invitee's account, created with the invited role; the link is used up and they are signed in. */
  async accept(token: string, input: StaffInviteAcceptanceDto, clientAddress: string): Promise<AuthResponse> {
    if (!INVITE_TOKEN_SHAPE.test(token)) throw new NotFoundException(INVALID_INVITE);
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await this.dataSource.transaction(async (manager) => {
        const [row] = (await manager.query(`SELECT ${INVITE_COLUMNS} FROM staff_invites WHERE token_hash = $1 FOR UPDATE`, [sha256(token)])) as InviteRow[];
        if (!row || toInvite(row).status !== 'pending') throw new NotFoundException(INVALID_INVITE);
        const { identifiers } = await manager.insert(UserEntity, { name: input.name ?? row.name, email: row.email, passwordHash, role: row.role, address: '' });
        const userId = identifiers[0].id as string;
        await manager.query(`UPDATE staff_invites SET accepted_at = now(), accepted_user_id = $1 WHERE id = $2`, [userId, row.id]);
        const created = await manager.findOneByOrFail(UserEntity, { id: userId });
        await recordAudit(manager, {
          actor: staffActOf(created, clientAddress),
          action: 'staff.join',
          entity: 'user',
          entityId: userId,
          after: { email: row.email, role: row.role, invite: row.id },
        });
        return created;
      });
      return { token: this.sessions.issue(user), user: toUserPublic(user) };
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(EMAIL_HAS_ACCOUNT);
      throw error;
    }
  }

  /**
   * One change to another staff member, under a lock on every active admin and on the member: the
   * actor must still be an active admin, and the shop keeps at least one. `change` answers the audit
   * record of what it did, or null when there was nothing to do.
   */
  private async changeMember(
    act: StaffAct,
    id: string,
    selfMessage: string,
    change: (manager: EntityManager, member: MemberRow) => Promise<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> } | null>,
  ): Promise<StaffMember> {
    if (!isUuid(id)) throw new NotFoundException(STAFF_NOT_FOUND);
    if (id === act.id) throw new ConflictException(selfMessage);
    const member = await this.dataSource.transaction(async (manager) => {
      const admins = (await manager.query(`SELECT id FROM users WHERE role = 'admin' AND deactivated_at IS NULL ORDER BY id FOR NO KEY UPDATE`)) as {
        id: string;
      }[];
      if (!admins.some((admin) => admin.id === act.id)) throw new ForbiddenException('Your own access changed; please sign in again');
      const [member] = (await manager.query(`${MEMBER_SELECT} WHERE u.id = $1 AND u.role <> 'customer' AND u.erased_at IS NULL FOR NO KEY UPDATE OF u`, [
        id,
      ])) as MemberRow[];
      if (!member) throw new NotFoundException(STAFF_NOT_FOUND);
      const record = await change(manager, member);
      if (record) await recordAudit(manager, { actor: act, entity: 'user', entityId: id, ...record });
      const [updated] = (await manager.query(`${MEMBER_SELECT} WHERE u.id = $1`, [id])) as MemberRow[];
      return toMember(updated);
    });
    this.sessionCache.forgetUser(id);
    return member;
  }
}
