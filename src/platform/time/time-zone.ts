import {
  addDays,
  type CalendarDate,
  formatCalendarDate,
  parseCalendarDate,
  utcDateOf,
  wallClockMs,
} from './calendar-date.ts';

/**
 * Local days in IANA time zones, computed from the ICU data Node ships through `Intl`: no
 * timezone library, and the tz database updates with Node.
 *
 * The only thing asked of Intl is "what does the wall clock read at this instant". Everything else
 * (offsets, transitions, where a local day begins) is derived from that, under two assumptions the
 * tz database has always met: an offset is within 16 hours of UTC (local mean times included),
 * and a zone never changes its offset twice within TRANSITION_SCAN_MS.
 */

const HOUR_MS = 3_600_000;
const MAX_OFFSET_MS = 16 * HOUR_MS;
const TRANSITION_SCAN_MS = 2 * HOUR_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // gregory and h23 pinned so no locale default (another calendar, a 24:00 hour) leaks in.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * An IANA zone name Intl knows (aliases such as Asia/Calcutta included). Offset strings like
 * "+05:30", which Intl also accepts, are refused: they follow no daylight saving rules, so they are
 * not a place a person lives in.
 */
export function isValidTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !/^[A-Za-z]/.test(name)) return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockAt(instantMs: number, timeZone: string): WallClock {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return fields as unknown as WallClock;
}

const floorToSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds (whole seconds). */
export function offsetAt(instantMs: number, timeZone: string): number {
  const second = floorToSecond(instantMs);
  const wall = wallClockAt(second, timeZone);
  return wallClockMs(wall, wall.hour, wall.minute, wall.second) - second;
}

/** The calendar date a person in that zone sees at that instant. */
export function localDateOf(instantMs: number, timeZone: string): CalendarDate {
  return formatCalendarDate(wallClockAt(instantMs, timeZone));
}

/** A stretch of time during which the zone keeps one offset: [startMs, endMs). */
export interface OffsetPiece {
  startMs: number;
  endMs: number;
  offsetMs: number;
}

/** The zone's offsets over [startMs, endMs), cut exactly at each transition. */
export function offsetPieces(startMs: number, endMs: number, timeZone: string): OffsetPiece[] {
  const pieces: OffsetPiece[] = [];
  let pieceStart = startMs;
  let offset = offsetAt(startMs, timeZone);
  let probe = startMs;
  while (probe < endMs) {
    const next = Math.min(probe + TRANSITION_SCAN_MS, endMs);
    // endMs itself lies outside the range; its last millisecond is the last one that counts.
    const nextOffset = offsetAt(next === endMs ? endMs - 1 : next, timeZone);
    if (nextOffset !== offset) {
      const transition = firstInstantWithOffsetOtherThan(offset, probe, next, timeZone);
      pieces.push({ startMs: pieceStart, endMs: transition, offsetMs: offset });
      pieceStart = transition;
      offset = offsetAt(transition, timeZone);
      probe = transition;
    } else {
      probe = next;
    }
  }
  pieces.push({ startMs: pieceStart, endMs, offsetMs: offset });
  return pieces;
}

/**
 * Bisection over whole seconds: tz transitions fall on whole seconds, and `low` keeps `offset`
 * while `high` (or the last millisecond before it) does not.
 */
function firstInstantWithOffsetOtherThan(
  offset: number,
  lowMs: number,
  highMs: number,
  timeZone: string,
): number {
  let low = Math.floor(lowMs / 1000);
  let high = Math.ceil(highMs / 1000);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(middle * 1000, timeZone) === offset) low = middle;
    else high = middle;
  }
  return high * 1000;
}

interface DayOpening {
  opensAt: number;
  exists: boolean;
}

/** Hours reports ask about the same few (zone, date) pairs for every row: remember them. */
const openingCache = new Map<string, DayOpening>();
const OPENING_CACHE_LIMIT = 50_000;

function dayOpening(date: CalendarDate, timeZone: string): DayOpening {
  const key = `${timeZone} ${date}`;
  let opening = openingCache.get(key);
  if (!opening) {
    const opensAt = findDayOpening(date, timeZone);
    opening = { opensAt, exists: localDateOf(opensAt, timeZone) === date };
    if (openingCache.size >= OPENING_CACHE_LIMIT) openingCache.clear();
    openingCache.set(key, opening);
  }
  return opening;
}

/**
 * The instant a local calendar day begins in a zone: the first instant at which the zone's date is
 * that day or later. Usually local midnight; on a day whose midnight a transition skips (America/
 * Santiago or America/Havana entering daylight saving at 00:00) it is the first instant after the
 * gap; where midnight happens twice it is the first time. A date the zone skipped entirely
 * (Pacific/Apia 2011-12-30) gets the opening of the day that replaced it: see `localDayExists`.
 */
export function localDayOpensAt(date: CalendarDate, timeZone: string): number {
  return dayOpening(date, timeZone).opensAt;
}

/** False for a date the zone jumped over, such as 2011-12-30 in Pacific/Apia. */
export function localDayExists(date: CalendarDate, timeZone: string): boolean {
  return dayOpening(date, timeZone).exists;
}

function findDayOpening(date: CalendarDate, timeZone: string): number {
  const fields = parseCalendarDate(date);
  if (!fields) throw new RangeError(`Not a calendar date: ${date}`);
  const midnightAsUtc = wallClockMs(fields);
  // Every instant whose local date is this day or later, up to the first one, lies in this range.
  const pieces = offsetPieces(
    midnightAsUtc - MAX_OFFSET_MS - HOUR_MS,
    midnightAsUtc + MAX_OFFSET_MS + HOUR_MS,
    timeZone,
  );
  for (const piece of pieces) {
    // The first instant of this piece whose wall clock reads the date's midnight or later.
    const candidate = Math.max(piece.startMs, midnightAsUtc - piece.offsetMs);
    if (candidate < piece.endMs) return candidate;
  }
  throw new RangeError(`${timeZone} never reaches ${date} within ${MAX_OFFSET_MS} ms of UTC`);
}

/** A stretch of an interval spent on one local date: [startMs, endMs). */
export interface LocalDayPiece {
  date: CalendarDate;
  startMs: number;
  endMs: number;
}

/**
 * [startMs, endMs) cut wherever the local date changes, in order. Pieces are maximal: two
 * neighbours always differ in date. A date can come back (a fall-back transition just after
 * midnight, as America/Goose_Bay had), so the same date may label two pieces.
 */
export function localDayPieces(startMs: number, endMs: number, timeZone: string): LocalDayPiece[] {
  const pieces: LocalDayPiece[] = [];
  const push = (date: CalendarDate, from: number, to: number) => {
    if (to <= from) return;
    const last = pieces.at(-1);
    if (last && last.date === date && last.endMs === from) last.endMs = to;
    else pieces.push({ date, startMs: from, endMs: to });
  };
  for (const piece of offsetPieces(startMs, endMs, timeZone)) {
    let cursor = piece.startMs;
    let date = utcDateOf(cursor + piece.offsetMs);
    while (cursor < piece.endMs) {
      const nextDate = addDays(date, 1);
      const nextMidnight = wallClockMs(parseCalendarDate(nextDate)!) - piece.offsetMs;
      const cut = Math.min(nextMidnight, piece.endMs);
      push(date, cursor, cut);
      cursor = cut;
      date = nextDate;
    }
  }
  return pieces;
}
