/**
 * An opportunity's outreach plan (docs/decisions/0166-outreach-and-digests.md): invite so many at
 * launch, then so many more every so many minutes while places remain and anyone eligible is
 * left. The invitations feature runs it; this module only says what a plan may be.
 */
export interface Outreach {
  initial_invitations: number;
  wave_size: number;
  wave_every_minutes: number;
}

export const OUTREACH_LIMITS = {
  initial_invitations: { minimum: 0, maximum: 10_000 },
  wave_size: { minimum: 1, maximum: 10_000 },
  wave_every_minutes: { minimum: 5, maximum: 10_080 },
} as const;

const FIELDS = Object.keys(OUTREACH_LIMITS) as (keyof Outreach)[];

/** Every problem of a plan as given (null clears it, so it has none), each naming its field. */
export function outreachIssues(value: unknown): { message: string }[] {
  if (value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value)) {
    return [
      {
        message:
          'outreach: must be an object {initial_invitations, wave_size, wave_every_minutes}, or null',
      },
    ];
  }
  const plan = value as Record<string, unknown>;
  const issues: { message: string }[] = [];
  for (const field of FIELDS) {
    const { minimum, maximum } = OUTREACH_LIMITS[field];
    const given = plan[field];
    if (given === undefined) {
      issues.push({ message: `outreach.${field}: is required` });
    } else if (
      typeof given !== 'number' ||
      !Number.isInteger(given) ||
      given < minimum ||
      given > maximum
    ) {
      issues.push({
        message: `outreach.${field}: must be an integer from ${minimum} to ${maximum.toLocaleString('en')}`,
      });
    }
  }
  for (const key of Object.keys(plan)) {
    if (!(FIELDS as string[]).includes(key)) {
      issues.push({ message: `outreach.${key}: is not a field of outreach` });
    }
  }
  return issues;
}

/** The stored plan (opportunities.outreach, JSON), or null when there is none. */
export function outreachOf(row: { outreach: string | null }): Outreach | null {
  if (!row.outreach) return null;
  const plan = JSON.parse(row.outreach) as Outreach;
  return {
    initial_invitations: plan.initial_invitations,
    wave_size: plan.wave_size,
    wave_every_minutes: plan.wave_every_minutes,
  };
}

/** What is stored for a checked plan. */
export function storedOutreach(plan: Outreach | null): string | null {
  return plan === null ? null : JSON.stringify(outreachOf({ outreach: JSON.stringify(plan) }));
}
