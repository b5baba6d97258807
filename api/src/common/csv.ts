/** A CSV field, quoted when it must be, so a comma, quote or line break inside stays one field. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
