import { DataSource } from 'typeorm';
import { recordAudit } from '../audit/audit-log';
import { hashPassword, verifyPassword } from './password-hasher';
import { normalizeEmail } from './user-fields';
import { UserEntity } from './user.entity';

/**
 * Creates the configured admin, or sets its password and role, so operators can always get in. A
 * password that really changed ends the account's other sessions; one that is the same (every
 * restart with ADMIN_PASSWORD set) signs nobody out. A new admin or role is recorded in the audit
 * log as the shop's own doing (start-up or the command line).
 */
export async function ensureAdmin(dataSource: DataSource, admin: { email: string; password: string; name?: string }): Promise<'created' | 'updated'> {
  const users = dataSource.getRepository(UserEntity);
  const email = normalizeEmail(admin.email);
  const existing = await users.createQueryBuilder('user').addSelect('user.passwordHash').where('user.email = :email', { email }).getOne();
  if (existing) {
    if (!(await verifyPassword(admin.password, existing.passwordHash))) {
      await users.update({ id: existing.id }, { passwordHash: await hashPassword(admin.password), sessionVersion: existing.sessionVersion + 1 });
    }
    if (existing.role !== 'admin') {
      await dataSource.transaction(async (manager) => {
        await manager.update(UserEntity, { id: existing.id }, { role: 'admin' });
        await recordAudit(manager, {
          actor: null,
          action: 'user.role',
          entity: 'user',
          entityId: existing.id,
          before: { role: existing.role },
          after: { role: 'admin', email },
        });
      });
    }
    return 'updated';
  }
  await dataSource.transaction(async (manager) => {
    const created = await manager.insert(UserEntity, {
      name: admin.name ?? 'Shop Admin',
      email,
      passwordHash: await hashPassword(admin.password),
      role: 'admin',
      address: '',
    });
    await recordAudit(manager, {
      actor: null,
      action: 'user.create',
      entity: 'user',
      entityId: String(created.identifiers[0].id),
      after: { role: 'admin', email },
    });
  });
  return 'created';
}
