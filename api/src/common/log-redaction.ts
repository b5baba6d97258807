/**
 * Secrets that travel in URLs: the invoice link's ?token=, and the password-reset token, which is a
 * path segment. Anything that writes a URL into a log line passes it through here first.
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&](token|password|resetToken)=)[^&#]*/gi, '$1[redacted]').replace(/(\/reset-password\/)[^/?#]+/i, '$1[redacted]');
}

/** Log fields that may hold a secret; pino replaces them before a line is written. */
export const REDACTED_LOG_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-razorpay-signature"]', 'res.headers["set-cookie"]'];
