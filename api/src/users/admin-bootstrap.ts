import { DataSource } from 'typeorm';
import { hashPassword } from './password-hasher';
import { normalizeEmail } from './user-fields';
import { UserEntity } from './user.entity';

/** Creates the configured admin, or sets its password and role, so operators can always get in. */
export async function ensureAdmin(dataSource: DataSource, admin: { email: string; password: string; name?: string }): Promise<'created' | 'updated'> {
  const users = dataSource.getRepository(UserEntity);
  const email = normalizeEmail(admin.email);
  const passwordHash = await hashPassword(admin.password);
  const existing = await users.findOneBy({ email });
  if (existing) {
    await users.update({ id: existing.id }, { passwordHash, role: 'admin' });
    return 'updated';
  }
  await users.insert({ name: admin.name ?? 'Shop Admin', email, passwordHash, role: 'admin', address: '' });
  return 'created';
}
