/** Money is integer paise inside the system and rupees (number, ≤ 2 decimals) at the edges. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** Converts a rupee amount already validated to have at most 2 decimals. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** True when a number has at most two decimal places (120, 120.5, 120.55). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}
