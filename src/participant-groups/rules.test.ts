import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupNameIssues, MAX_MEMBERS_PER_CALL, memberSource } from './rules.ts';

const STATUSES = [
  'screen_passed',
  'screened_out',
  'in_progress',
  'awaiting_review',
  'approved',
  'rejected',
  'abandoned',
];

describe('participant group rules', () => {
  it('names a group with 1 to 200 characters', () => {
    expect(groupNameIssues('Pilot alumni')).toEqual([]);
    expect(groupNameIssues('  ')).toHaveLength(1);
    expect(groupNameIssues('x'.repeat(201))).toHaveLength(1);
  });

  it('adds listed participants once each, or the people of a study', () => {
    expect(memberSource({ participant_ids: ['par_a', 'par_b', 'par_a'] }, STATUSES)).toEqual({
      ok: true,
      source: { kind: 'participants', participantIds: ['par_a', 'par_b'] },
    });
    expect(memberSource({ from_opportunity: 'opp_1', status: 'approved' }, STATUSES)).toEqual({
      ok: true,
      source: { kind: 'opportunity', opportunityId: 'opp_1', statuses: ['approved'] },
    });
    const everyone = memberSource({ from_opportunity: 'opp_1' }, STATUSES);
    expect(
      everyone.ok && everyone.source.kind === 'opportunity' && everyone.source.statuses,
    ).toEqual(STATUSES.filter((status) => status !== 'screened_out'));
  });

  it('refuses both forms, neither, too many ids and unknown statuses', () => {
    for (const body of [
      {},
      { participant_ids: ['par_a'], from_opportunity: 'opp_1' },
      { participant_ids: [] },
      { participant_ids: Array.from({ length: MAX_MEMBERS_PER_CALL + 1 }, (_, i) => `par_${i}`) },
      { participant_ids: ['par_a'], status: 'approved' },
      { from_opportunity: 'opp_1', status: 'awaiting_decision' },
    ]) {
      expect(memberSource(body, STATUSES).ok).toBe(false);
    }
  });

  it('never lists a participant twice nor more than the limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<string>('par_a', 'par_b', 'par_c', ''), { maxLength: 30 }),
        (ids) => {
          const result = memberSource({ participant_ids: ids }, STATUSES);
          if (!result.ok || result.source.kind !== 'participants') return;
          const listed = result.source.participantIds;
          expect(new Set(listed).size).toBe(listed.length);
          expect(listed.length).toBeLessThanOrEqual(MAX_MEMBERS_PER_CALL);
          expect(listed.every((id) => ids.includes(id) && id !== '')).toBe(true);
        },
      ),
    );
  });
});
