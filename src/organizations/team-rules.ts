import type { ApiKeyRole } from './api-keys.table.ts';

/**
 * Who may be changed on a team, as a pure rule: an organization always keeps an owner who can
 * sign in, so removing or demoting the last one is refused, whoever asks.
 */
export interface Member {
  id: string;
  role: ApiKeyRole;
  disabled: boolean;
}

export type TeamChange =
  | { kind: 'role'; userId: string; role: ApiKeyRole }
  | { kind: 'remove'; userId: string };

/** The problem with a change, or undefined when the team keeps at least one active owner. */
export function teamChangeProblem(
  members: readonly Member[],
  change: TeamChange,
): string | undefined {
  const target = members.find((member) => member.id === change.userId);
  if (!target || target.disabled) return undefined;
  const owners = members.filter((member) => member.role === 'owner' && !member.disabled);
  const leavesOwnership =
    target.role === 'owner' && (change.kind === 'remove' || change.role !== 'owner');
  if (leavesOwnership && owners.length <= 1) {
    return change.kind === 'remove'
      ? 'The last owner cannot be removed: make someone else an owner first'
      : 'The last owner cannot stop being an owner: make someone else an owner first';
  }
  return undefined;
}
