import type { Client } from 'openapi-fetch';
import { type Answer, keyedPost, type MoneyCallOptions } from './money.ts';
import type { Sleep } from './retry.ts';
import type { components, paths } from './schema.ts';

type Schemas = components['schemas'];
export type InvitationRequest = Schemas['InviteBody'];
export type InvitationResult = Schemas['InviteResponse'];

/**
 * Invites participants to an active opportunity (a random sample of `count`, or the
 * `participant_ids` named), with one Idempotency-Key however many times the request is sent, so a
 * resend after a lost answer mails nobody twice (keyedPost, src/money.ts).
 */
export function inviteParticipants(
  client: Client<paths>,
  opportunityId: string,
  request: InvitationRequest,
  options: MoneyCallOptions & { sleep?: Sleep } = {},
): Promise<InvitationResult> {
  return keyedPost(
    (headers) =>
      client.POST('/opportunities/{opportunityId}/invitations', {
        params: { path: { opportunityId } },
        body: request,
        headers,
        signal: options.signal,
      }) as Promise<Answer<InvitationResult>>,
    options,
  );
}
