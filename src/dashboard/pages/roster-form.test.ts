import { describe, expect, it } from 'vitest';
import { attendanceEntries, attendanceField, problemsByRow } from './roster-form.ts';

describe('the roster form', () => {
  it('sends the rows ticked, in the roster’s order', () => {
    const form = {
      _csrf: 'x',
      [attendanceField('sub_b')]: 'no_show',
      [attendanceField('sub_a')]: 'participated',
      [attendanceField('sub_z')]: 'excused',
    };
    expect(attendanceEntries(form, ['sub_a', 'sub_b', 'sub_c'])).toEqual({
      entries: [
        { submission_id: 'sub_a', status: 'participated' },
        { submission_id: 'sub_b', status: 'no_show' },
      ],
      issues: [],
    });
  });

  it('names a value that is none of the choices by its entry', () => {
    const form = { [attendanceField('sub_a')]: 'excused', [attendanceField('sub_b')]: 'maybe' };
    const { entries, issues } = attendanceEntries(form, ['sub_a', 'sub_b']);
    expect(entries).toHaveLength(2);
    expect(issues.map((issue) => issue.message)).toEqual([
      'entries[1].status: must be participated, showed_up_not_needed, no_show or excused',
    ]);
  });

  it('puts each problem beside the row it names, by index or by id', () => {
    const sent = [{ submission_id: 'sub_a' }, { submission_id: 'sub_b' }];
    const { byRow, other } = problemsByRow(
      [
        { message: 'entries[1].status: must be one of the statuses' },
        { message: 'Submission sub_a is not enrolled in this session' },
        { message: 'The session has not started' },
      ],
      sent,
    );
    expect(byRow.get('sub_b')).toEqual(['entries[1].status: must be one of the statuses']);
    expect(byRow.get('sub_a')).toEqual(['Submission sub_a is not enrolled in this session']);
    expect(other).toEqual(['The session has not started']);
  });
});
