const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `ending_at`: the recruitment window counted from when it was last set. A draft shows the deadline
 * as of its creation or its last window edit; launch counts the window again from the launch, since
 * recruiting only starts then.
 */
export function endingAt(from: Date, windowDays: number): string {
  return new Date(from.getTime() + windowDays * DAY_MS).toISOString();
}
