import { inMinutes, type RateLimitRule } from '../common/rate-limit/rate-limiter';

/** The contract's Limits: 10 failed sign-ins per email and client address in 15 minutes. */
export const FAILED_SIGN_INS: RateLimitRule = {
  name: 'sign-in-failures',
  limit: 10,
  windowMs: 15 * 60 * 1000,
  message: (retryAfterSeconds) => `Too many failed sign-in attempts. Please try again in ${inMinutes(retryAfterSeconds)}.`,
};

/** The contract's Limits: 300 auth calls (register, login, forgot, reset) a minute per client address. */
export const AUTH_CALLS: RateLimitRule = {
  name: 'auth-calls',
  limit: 300,
  windowMs: 60 * 1000,
  message: () => 'Too many requests from your network. Please wait a minute and try again.',
};

/** REGISTER_LIMIT_PER_HOUR accounts per client address, so payment holds cannot be multiplied by scripted sign-ups. */
export function registrationsPerHour(limit: number): RateLimitRule {
  return {
    name: 'registrations',
    limit,
    windowMs: 60 * 60 * 1000,
    message: (retryAfterSeconds) => `Too many accounts were created from your network. Please try again in ${inMinutes(retryAfterSeconds)}.`,
  };
}
