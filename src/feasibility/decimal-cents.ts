/**
 * costPerParticipant is a decimal string on the wire (docs/api/feasibility.md): 4500 reads
 * "45.00".
 */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const DECIMAL = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * Reads an amount typed by an operator ("45", "45.5", "45.00") as cents without floating-point
 * arithmetic; null for anything else (negative, more than two decimals, exponent, empty).
 */
export function parseDecimalToCents(text: string): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}
