/** Submission counts by status from an opportunity's `status:<status>` counters. */
export function submissionCounts(counters: Readonly<Record<string, number>>) {
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(counters)) {
    if (key.startsWith('status:')) counts[key.slice('status:'.length)] = value;
  }
  return counts;
}
