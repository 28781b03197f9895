/** The one place timestamps are formatted: fixed-width ISO 8601 UTC, which sorts as text. */
export function isoNow(now: Date = new Date()): string {
  return now.toISOString();
}
