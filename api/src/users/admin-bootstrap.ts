import { DataSource } from 'typeorm';
import { hashPassword, verifyPassword } from './password-hasher';
import { normalizeEmail } from './user-fields';
import { UserEntity } from './user.entity';

/**
 * Creates the configured admin, or sets its password and role, so operators can always get in. A
 * password that really changed ends the account's other sessions; one that is the same (every
 * restart with ADMIN_PASSWORD set) signs nobody out.
 */
export async function ensureAdmin(dataSource: DataSource, admin: { email: string; password: string; name?: string }): Promise<'created' | 'updated'> {
  const users = dataSource.getRepository(UserEntity);
  const email = normalizeEmail(admin.email);
  const existing = await users.createQueryBuilder('user').addSelect('user.passwordHash').where('user.email = :email', { email }).getOne();
  if (existing) {
    if (!(await verifyPassword(admin.password, existing.passwordHash))) {
      await users.update({ id: existing.id }, { passwordHash: await hashPassword(admin.password), sessionVersion: existing.sessionVersion + 1 });
    }
    if (existing.role !== 'admin') await users.update({ id: existing.id }, { role: 'admin' });
    return 'updated';
  }
  await users.insert({ name: admin.name ?? 'Shop Admin', email, passwordHash: await hashPassword(admin.password), role: 'admin', address: '' });
  return 'created';
}
