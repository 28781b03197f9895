/**
 * How a live study is doing against its time: the share of places taken, and the share of its
 * time gone when it has an end (its `ending_at`, else launch plus `expected_days_to_complete`).
 * Pure; the home page draws it (issue 39, docs/decisions/0181-researcher-app-baseline.md).
 */
export interface Pace {
  /** Places taken over places wanted, 0 to 1. */
  filled: number;
  /** Time gone over the study's whole time, 0 to 1; null when it has no end. */
  elapsed: number | null;
  /** Whole days since launch (0 on the first day). */
  daysLive: number;
  /** Days from launch to the end, rounded up; null when it has no end. */
  daysTotal: number | null;
}

const DAY = 86_400_000;

const clamp = (value: number) => Math.min(1, Math.max(0, value));

export function paceOf(input: {
  placesTaken: number;
  places: number;
  launchedAt: string | null;
  endingAt: string | null;
  expectedDays: number | null;
  now: Date;
}): Pace {
  const filled = input.places > 0 ? clamp(input.placesTaken / input.places) : 0;
  const launched = input.launchedAt ? Date.parse(input.launchedAt) : Number.NaN;
  if (Number.isNaN(launched)) return { filled, elapsed: null, daysLive: 0, daysTotal: null };
  const now = input.now.getTime();
  const daysLive = Math.max(0, Math.floor((now - launched) / DAY));
  const end = input.endingAt
    ? Date.parse(input.endingAt)
    : input.expectedDays !== null && input.expectedDays > 0
      ? launched + input.expectedDays * DAY
      : Number.NaN;
  if (Number.isNaN(end) || end <= launched) {
    return { filled, elapsed: null, daysLive, daysTotal: null };
  }
  return {
    filled,
    elapsed: clamp((now - launched) / (end - launched)),
    daysLive,
    daysTotal: Math.ceil((end - launched) / DAY),
  };
}

/** Whether the places are filling at least as fast as the time goes (no end: not behind). */
export function onPace(pace: Pace): boolean {
  return pace.elapsed === null || pace.filled >= pace.elapsed;
}
