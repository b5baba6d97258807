/** The API's rule for new passwords; checked here too so the answer comes at once. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

/** What is wrong with a new password typed twice (each form first asks for its empty fields its own way), or null. */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}
