const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN's check character: a mod-36 sum over the first 14, every second one weighted 2. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARSET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET[(36 - (sum % 36)) % 36];
}

/** A GSTIN of the right shape (state code, PAN, entity, Z) whose check character adds up. */
export function isValidGstin(gstin: string): boolean {
  return SHAPE.test(gstin) && gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}
