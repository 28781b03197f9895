import type { Issue } from '../platform/errors.ts';
import { isValidTimeZone } from '../platform/time/time-zone.ts';

/** The limits of a lab's fields (docs/decisions/0178-lab-sessions.md). */
export const MAX_LAB_NAME = 200;
export const MAX_LAB_ADDRESS = 1_000;
export const MAX_LAB_CAPACITY = 10_000;

export interface LabFields {
  name?: string;
  address?: string;
  time_zone?: string;
  capacity?: number;
}

/** Every problem of a lab's fields at once; the schema has checked the types and lengths. */
export function labIssues(fields: LabFields): Issue[] {
  const issues: Issue[] = [];
  if (fields.name !== undefined && fields.name.trim() === '') {
    issues.push({ message: 'name: must not be blank' });
  }
  if (fields.address !== undefined && fields.address.trim() === '') {
    issues.push({ message: 'address: must not be blank' });
  }
  if (fields.time_zone !== undefined && !isValidTimeZone(fields.time_zone)) {
    issues.push({ message: `time_zone: ${fields.time_zone} is not an IANA time zone` });
  }
  return issues;
}
