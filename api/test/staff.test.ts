import { DEACTIVATED } from '../src/auth/auth.service';
import { INVALID_INVITE } from '../src/staff/staff.service';
import { type SmtpCatcher, startSmtpCatcher } from './smtp-fixture';
import { createTestApp, type TestApp, type TestUser } from './test-app';

const PUBLIC_URL = 'https://shop.thalirblooms.example';
const INVITE_LINK = /https:\/\/shop\.thalirblooms\.example\/staff-invite\/([A-Za-z0-9_-]{43})/;

describe('staff: invitations, roles and deactivation', () => {
  let t: TestApp;
  let catcher: SmtpCatcher;
  let owner: TestUser;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    t = await createTestApp({ SMTP_URL: catcher.url, PUBLIC_URL });
    owner = await t.createUser({ role: 'admin', name: 'Meena Owner' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await catcher.stop();
  });

  const auditActions = async (entityId: string) =>
    (
      (await t.dataSource.query(`SELECT action, actor_id AS "actorId", before, after FROM audit_log WHERE entity_id = $1 ORDER BY at, id`, [entityId])) as {
        action: string;
        actorId: string | null;
        before: unknown;
        after: unknown;
      }[]
    ).map(({ action, actorId, before, after }) => ({ action, actorId, before, after }));

  async function invite(email: string, role: string, name = 'Ravi Kumar') {
    const res = await t.request('POST', '/api/admin/staff/invites', { token: owner.token, body: { email, name, role } });
    return res;
  }

  async function tokenMailedTo(email: string): Promise<string> {
    const [mail] = await catcher.waitFor((m) => m.to.includes(email) && m.subject === "You're invited to Thalir Blooms' back office");
    const token = INVITE_LINK.exec(mail.text)?.[1];
    if (!token) throw new Error(`No invitation link in: ${mail.text}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/staff-invite/${token}"`);
    expect(mail.text).toContain('Meena Owner invited you');
    expect(mail.text).toContain('72 hours');
    return token;
  }

  it('invites by mail; the link sets a password once, signs the person in with the role, and is audited', async () => {
    const email = 'ravi.delivery@example.com';
    const sent = await invite('  Ravi.Delivery@Example.com ', 'delivery');
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      _id: expect.any(String),
      email,
      name: 'Ravi Kumar',
      role: 'delivery',
      status: 'pending',
      invitedAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    const hours = (Date.parse(sent.body.expiresAt) - Date.parse(sent.body.invitedAt)) / 3_600_000;
    expect(hours).toBeCloseTo(72, 3);
    // The secret is only in the mail: neither the answer nor any table holds it.
    const token = await tokenMailedTo(email);
    expect(JSON.stringify(sent.body)).not.toContain(token);
    expect(await t.dataSource.query(`SELECT 1 FROM staff_invites WHERE token_hash = $1`, [token])).toEqual([]);

    const preview = await t.request('GET', `/api/auth/staff-invites/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ email, name: 'Ravi Kumar', role: 'delivery', expiresAt: sent.body.expiresAt });

    const short = await t.request('POST', `/api/auth/staff-invites/${token}`, { body: { password: 'short' } });
    expect(short.status).toBe(400);
    const accepted = await t.request('POST', `/api/auth/staff-invites/${token}`, { body: { password: 'Petals#Route9', name: 'Ravi K.' } });
    expect(accepted.status).toBe(201);
    expect(accepted.body.user).toMatchObject({ email, name: 'Ravi K.', role: 'delivery', permissions: ['stops'] });
    expect((await t.request('GET', '/api/delivery/stops', { token: accepted.body.token })).status).toBe(200);
    expect((await t.request('GET', '/api/orders', { token: accepted.body.token })).body).toEqual({
      success: false,
      message: 'Your role (Delivery) cannot do this',
    });

    // Single use.
    expect(await t.request('POST', `/api/auth/staff-invites/${token}`, { body: { password: 'Petals#Route9' } })).toMatchObject({
      status: 404,
      body: { message: INVALID_INVITE },
    });
    expect((await t.request('GET', `/api/auth/staff-invites/${token}`)).status).toBe(404);
    expect((await t.request('POST', '/api/auth/login', { body: { email, password: 'Petals#Route9' } })).body.user.role).toBe('delivery');

    const overview = await t.request('GET', '/api/admin/staff', { token: owner.token });
    expect(overview.body.staff).toContainEqual(expect.objectContaining({ email, role: 'delivery', active: true, lastSignInAt: expect.any(String) }));
    expect(overview.body.invites).toContainEqual(expect.objectContaining({ _id: sent.body._id, status: 'accepted' }));
    expect(await auditActions(sent.body._id)).toEqual([{ action: 'staff.invite', actorId: owner.id, before: null, after: { email, role: 'delivery' } }]);
    expect(await auditActions(accepted.body.user._id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'staff.join', actorId: accepted.body.user._id }),
        expect.objectContaining({ action: 'staff.sign-in' }),
      ]),
    );
  });

  it('refuses an invitation to an existing account or a second open one, and a role that does not exist', async () => {
    const customer = await t.createUser();
    expect(await invite(customer.email, 'orders')).toMatchObject({ status: 409, body: { message: 'This email already has an account' } });
    expect((await invite('twice@example.com', 'orders')).status).toBe(201);
    expect(await invite('twice@example.com', 'catalog')).toMatchObject({
      status: 409,
      body: { message: 'An invitation to this email is still open; revoke it to send a new one' },
    });
    expect(await invite('boss@example.com', 'manager')).toMatchObject({ status: 400, body: { message: expect.stringContaining('The role must be one of') } });
    expect(await invite('not-an-email', 'orders')).toMatchObject({ status: 400 });
  });

  it('lets the owner revoke an invitation, and an expired one can neither be used nor block a new one', async () => {
    const sent = await invite('revoked@example.com', 'catalog');
    const token = await tokenMailedTo('revoked@example.com');
    const revoked = await t.request('DELETE', `/api/admin/staff/invites/${sent.body._id}`, { token: owner.token });
    expect(revoked.body).toMatchObject({ status: 'revoked' });
    expect((await t.request('POST', `/api/auth/staff-invites/${token}`, { body: { password: 'Petals#Route9' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/admin/staff/invites/${sent.body._id}`, { token: owner.token })).status).toBe(409);

    const late = await invite('late@example.com', 'accounts');
    const lateToken = await tokenMailedTo('late@example.com');
    // 72 hours pass.
    await t.dataSource.query(`UPDATE staff_invites SET expires_at = now() - interval '1 second' WHERE id = $1`, [late.body._id]);
    expect(await t.request('GET', `/api/auth/staff-invites/${lateToken}`)).toMatchObject({ status: 404, body: { message: INVALID_INVITE } });
    expect((await t.request('POST', `/api/auth/staff-invites/${lateToken}`, { body: { password: 'Petals#Route9' } })).status).toBe(404);
    expect((await invite('late@example.com', 'accounts')).status).toBe(201);
    expect((await t.request('GET', '/api/auth/staff-invites/not-a-token')).status).toBe(404);
  });

  it('changes a role: the person signs in again and sees only what the new role may', async () => {
    const clerk = await t.createUser({ role: 'orders' });
    expect((await t.request('GET', '/api/orders', { token: clerk.token })).status).toBe(200);
    const changed = await t.request('PUT', `/api/admin/staff/${clerk.id}`, { token: owner.token, body: { role: 'accounts' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ _id: clerk.id, role: 'accounts', active: true });
    expect((await t.request('GET', '/api/orders', { token: clerk.token })).status).toBe(401);
    const again = await t.request('POST', '/api/auth/login', { body: { email: clerk.email, password: clerk.password } });
    expect(again.body.user.permissions).toEqual(['orders.read', 'reports', 'audit']);
    expect(
      (await t.request('PUT', `/api/orders/00000000-0000-4000-8000-000000000000/status`, { token: again.body.token, body: { status: 'shipped' } })).status,
    ).toBe(403);
    expect((await t.request('GET', '/api/admin/audit', { token: again.body.token })).status).toBe(200);
    expect(await auditActions(clerk.id)).toContainEqual({ action: 'staff.role', actorId: owner.id, before: { role: 'orders' }, after: { role: 'accounts' } });

    expect(await t.request('PUT', `/api/admin/staff/${owner.id}`, { token: owner.token, body: { role: 'orders' } })).toMatchObject({
      status: 409,
      body: { message: 'You cannot change your own role' },
    });
    const customer = await t.createUser();
    expect((await t.request('PUT', `/api/admin/staff/${customer.id}`, { token: owner.token, body: { role: 'orders' } })).status).toBe(404);
  });

  it('deactivates: every session of that person ends at once and sign-in is refused, until reactivated', async () => {
    const packer = await t.createUser({ role: 'catalog' });
    const second = await t.request('POST', '/api/auth/login', { body: { email: packer.email, password: packer.password } });
    const off = await t.request('POST', `/api/admin/staff/${packer.id}/deactivate`, { token: owner.token });
    expect(off.body).toMatchObject({ _id: packer.id, active: false });
    for (const token of [packer.token, second.body.token]) expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(401);
    expect(await t.request('POST', '/api/auth/login', { body: { email: packer.email, password: packer.password } })).toMatchObject({
      status: 401,
      body: { message: DEACTIVATED },
    });
    // Someone without the password learns nothing.
    expect((await t.request('POST', '/api/auth/login', { body: { email: packer.email, password: 'Wrong#Guess12' } })).body.message).toBe(
      'Invalid email or password',
    );

    expect((await t.request('POST', `/api/admin/staff/${packer.id}/reactivate`, { token: owner.token })).body).toMatchObject({ active: true });
    expect((await t.request('POST', '/api/auth/login', { body: { email: packer.email, password: packer.password } })).status).toBe(200);
    expect((await auditActions(packer.id)).map((row) => row.action)).toEqual(
      expect.arrayContaining(['staff.deactivate', 'staff.sign-in-failed', 'staff.reactivate', 'staff.sign-in']),
    );
    expect(await t.request('POST', `/api/admin/staff/${owner.id}/deactivate`, { token: owner.token })).toMatchObject({
      status: 409,
      body: { message: 'You cannot deactivate yourself' },
    });
  });

  it('never leaves the shop without an owner when two owners demote each other at once', async () => {
    const [a, b] = [await t.createUser({ role: 'admin' }), await t.createUser({ role: 'admin' })];
    const answers = await Promise.all([
      t.request('PUT', `/api/admin/staff/${b.id}`, { token: a.token, body: { role: 'orders' } }),
      t.request('PUT', `/api/admin/staff/${a.id}`, { token: b.token, body: { role: 'orders' } }),
    ]);
    // The loser is refused: 403 when its request got past sign-in before the winner's change, 401 when
    // that change (which ends the demoted owner's sessions) came first.
    const [won, lost] = answers.map((answer) => answer.status).sort();
    expect(won).toBe(200);
    expect([401, 403]).toContain(lost);
    const roles = (await t.dataSource.query(`SELECT role FROM users WHERE id = ANY($1)`, [[a.id, b.id]])) as { role: string }[];
    expect(roles.map((row) => row.role).sort()).toEqual(['admin', 'orders']);
  });
});
