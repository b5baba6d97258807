import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The API's rule for new passwords; checked here too so the answer comes at once. */
export const PASSWORD_MIN_LENGTH = 8;

/** "At least 8 characters.", in the page's language. */
export const passwordHint = (i18n: I18n) => i18n._(msg`At least ${PASSWORD_MIN_LENGTH} characters.`);

/** What is wrong with a new password typed twice (each form first asks for its empty fields its own way), or null. */
export function newPasswordProblem(i18n: I18n, password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return i18n._(msg`Passwords do not match`);
  if (password.length < PASSWORD_MIN_LENGTH) return i18n._(msg`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  return null;
}
