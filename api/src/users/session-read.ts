/**
 * What the sign-in check reads of a user on every signed-in request (unless cached): the user, and
 * whether this very token was revoked or the account deactivated. $1 is the user id, $2 the token's
 * hash. A module of its own, without imports, so the benchmark's bare server runs the same statement.
 */
export const SESSION_READ_SQL = `SELECT id, name, email, role, session_version AS "sessionVersion",
    (deactivated_at IS NOT NULL OR EXISTS (SELECT 1 FROM revoked_tokens WHERE token_hash = $2)) AS revoked
  FROM users WHERE id = $1`;
