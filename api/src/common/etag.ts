/**
 * Whether an If-None-Match header names this ETag, by weak comparison (RFC 9110 §8.8.3.2):
 * W/"x" and "x" name the same content; `*` matches anything.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}
