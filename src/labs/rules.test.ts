import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labIssues, MAX_LAB_ADDRESS, MAX_LAB_CAPACITY, MAX_LAB_NAME } from './rules.ts';

describe('labIssues', () => {
  it('accepts a lab within every limit', () => {
    expect(
      labIssues({
        name: 'Room 101',
        address: '1 Main St',
        time_zone: 'Europe/Berlin',
        capacity: 12,
      }),
    ).toEqual([]);
  });

  it('lists every problem at once, lengths and capacity included (a page has no schema)', () => {
    expect(
      labIssues({
        name: 'x'.repeat(MAX_LAB_NAME + 1),
        address: ' ',
        time_zone: 'Mars/Olympus',
        capacity: MAX_LAB_CAPACITY + 1,
      })
        .map((issue) => issue.message.split(':')[0])
        .sort(),
    ).toEqual(['address', 'capacity', 'name', 'time_zone']);
    expect(labIssues({ address: 'y'.repeat(MAX_LAB_ADDRESS + 1) })).toHaveLength(1);
  });

  it('refuses any capacity that is not a whole number from 1 to the limit', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), (capacity) => {
        const ok = Number.isInteger(capacity) && capacity >= 1 && capacity <= MAX_LAB_CAPACITY;
        expect(labIssues({ capacity }).length === 0).toBe(ok);
      }),
    );
  });
});
