import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labFormFields, problemsByField, wholeNumber } from './lab-form.ts';

describe('the lab form', () => {
  it('reads seats as a whole number, and nothing else', () => {
    expect(wholeNumber(' 12 ')).toBe(12);
    for (const text of ['', '2.5', 'ten', '-1', '1e3', undefined]) {
      expect(wholeNumber(text)).toBeUndefined();
    }
    fc.assert(fc.property(fc.nat(999_999_999), (n) => wholeNumber(String(n)) === n));
  });

  it('keeps text as typed and names a bad seat count', () => {
    const { fields, issues } = labFormFields({
      name: ' Room 1 ',
      address: 'Street 1',
      time_zone: ' Europe/Berlin ',
      capacity: '0',
    });
    expect(fields).toEqual({
      name: ' Room 1 ',
      address: 'Street 1',
      time_zone: 'Europe/Berlin',
      capacity: 0,
    });
    expect(issues.map((issue) => issue.message)).toEqual([
      'capacity: must be a whole number of seats, at least 1',
    ]);
  });

  it('puts each problem beside its field, the others above the form', () => {
    const { byField, other } = problemsByField(
      [
        { message: 'body.name: must not be blank' },
        { message: 'capacity: too many' },
        { message: 'Used by session ses_1' },
      ],
      ['name', 'capacity'],
    );
    expect(byField.get('name')).toEqual(['must not be blank']);
    expect(byField.get('capacity')).toEqual(['too many']);
    expect(other).toEqual(['Used by session ses_1']);
  });
});
