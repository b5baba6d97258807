import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** bcrypt cost 10: about 60 ms per hash on this machine, slow enough to make guessing expensive. */
const BCRYPT_COST = 10;

/**
 * bcrypt reads only the first 72 bytes of its input, so two long passwords sharing a prefix
 * would match. Hashing with SHA-256 first (base64: 44 bytes, no NUL) lets every character count.
 */
function bcryptInput(password: string): string {
  return createHash('sha256').update(password, 'utf8').digest('base64');
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(bcryptInput(password), BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(bcryptInput(password), hash);
}
