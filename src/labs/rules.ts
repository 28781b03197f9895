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

/**
 * Every problem of a lab's fields at once. The API's schema checks the lengths and the capacity's
 * range before this runs; a page's form reaches here with only this check, so it holds them too.
 */
export function labIssues(fields: LabFields): Issue[] {
  const issues: Issue[] = [];
  if (fields.name !== undefined && fields.name.trim() === '') {
    issues.push({ message: 'name: must not be blank' });
  } else if (fields.name !== undefined && fields.name.length > MAX_LAB_NAME) {
    issues.push({ message: `name: must be at most ${MAX_LAB_NAME} characters` });
  }
  if (fields.address !== undefined && fields.address.trim() === '') {
    issues.push({ message: 'address: must not be blank' });
  } else if (fields.address !== undefined && fields.address.length > MAX_LAB_ADDRESS) {
    issues.push({ message: `address: must be at most ${MAX_LAB_ADDRESS} characters` });
  }
  if (
    fields.capacity !== undefined &&
    (!Number.isInteger(fields.capacity) ||
      fields.capacity < 1 ||
      fields.capacity > MAX_LAB_CAPACITY)
  ) {
    issues.push({ message: `capacity: must be a whole number from 1 to ${MAX_LAB_CAPACITY}` });
  }
  if (fields.time_zone !== undefined && !isValidTimeZone(fields.time_zone)) {
    issues.push({ message: `time_zone: ${fields.time_zone} is not an IANA time zone` });
  }
  return issues;
}
