/**
 * How an erased account reads from then on: its row stays, so its orders keep their buyer, but
 * nothing of the person is left on it (docs/customer-data.md).
 */
export const ERASED_NAME = 'Deleted customer';

const ERASED_DOMAIN = '@erased.invalid';

/** Unique per account (the column is), and under `.invalid` (RFC 2606), so no mail can ever reach it. */
export const erasedEmailOf = (userId: string) => `erased-${userId}${ERASED_DOMAIN}`;

export const isErasedEmail = (email: string) => email.endsWith(ERASED_DOMAIN);

/** Not a bcrypt hash: no password ever matches it. */
export const UNUSABLE_PASSWORD_HASH = '!erased';
