import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Member, type TeamChange, teamChangeProblem } from './team-rules.ts';

const owner = (id: string, disabled = false): Member => ({ id, role: 'owner', disabled });
const member = (id: string): Member => ({ id, role: 'member', disabled: false });

describe('teamChangeProblem', () => {
  it('refuses to remove or demote the last owner', () => {
    const team = [owner('a'), member('b')];
    expect(teamChangeProblem(team, { kind: 'remove', userId: 'a' })).toMatch(/last owner/);
    expect(teamChangeProblem(team, { kind: 'role', userId: 'a', role: 'member' })).toMatch(
      /last owner/,
    );
    expect(teamChangeProblem(team, { kind: 'role', userId: 'a', role: 'owner' })).toBeUndefined();
    expect(teamChangeProblem(team, { kind: 'remove', userId: 'b' })).toBeUndefined();
  });

  it('does not count a removed owner', () => {
    const team = [owner('a'), owner('gone', true)];
    expect(teamChangeProblem(team, { kind: 'remove', userId: 'a' })).toMatch(/last owner/);
    expect(
      teamChangeProblem([owner('a'), owner('c')], { kind: 'remove', userId: 'a' }),
    ).toBeUndefined();
  });

  it('keeps an active owner through any sequence of allowed changes', () => {
    const roles = fc.constantFrom('owner', 'member', 'viewer') as fc.Arbitrary<Member['role']>;
    const changes = fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('remove' as const), userId: fc.constantFrom('a', 'b', 'c') }),
        fc.record({
          kind: fc.constant('role' as const),
          userId: fc.constantFrom('a', 'b', 'c'),
          role: roles,
        }),
      ),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(changes, (sequence: TeamChange[]) => {
        let team: Member[] = [
          owner('a'),
          member('b'),
          { id: 'c', role: 'viewer', disabled: false },
        ];
        for (const change of sequence) {
          if (teamChangeProblem(team, change)) continue;
          team = team.map((m) =>
            m.id !== change.userId
              ? m
              : change.kind === 'remove'
                ? { ...m, disabled: true }
                : { ...m, role: change.role },
          );
        }
        expect(team.some((m) => m.role === 'owner' && !m.disabled)).toBe(true);
      }),
    );
  });
});
