import { offsetAt } from '../platform/time/time-zone.ts';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall-clock reading ("2026-03-01T09:30", what a browser's datetime-local field
 * sends) names in a time zone. A reading the zone skipped (the hour lost to daylight saving) is
 * read with the offset from before the change, as clocks that were not moved would show it; a
 * reading the zone lived twice is its first occurrence. Undefined for text that is not a reading.
 */
export function instantOfWallClock(local: string, timeZone: string): number | undefined {
  const match = LOCAL.exec(local);
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d! || h! > 23 || mi! > 59) {
    return undefined;
  }
  // Try the offsets in force a day either side of the reading: one of them names it.
  const before = asUtc - offsetAt(asUtc - 86_400_000, timeZone);
  const after = asUtc - offsetAt(asUtc + 86_400_000, timeZone);
  const names = (instant: number) => instant + offsetAt(instant, timeZone) === asUtc;
  const candidates = [Math.min(before, after), Math.max(before, after)];
  return candidates.find(names) ?? before;
}

/** The wall-clock reading of an instant in a zone, as a datetime-local field shows it. */
export function wallClockOf(instantMs: number, timeZone: string): string {
  return new Date(instantMs + offsetAt(instantMs, timeZone)).toISOString().slice(0, 16);
}
