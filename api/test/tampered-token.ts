/**
 * The token with one character of its signature changed. It is the second-to-last character: it
 * carries six bits of the signature, whereas base64url decoders drop the low bits of the last one. A
 * fixed ending would be no change at all for a token that already ends with it.
 */
export function tamperedToken(token: string): string {
  const at = token.length - 2;
  return token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
}
