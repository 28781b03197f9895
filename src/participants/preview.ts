import { randomBytes } from 'node:crypto';
import { findOpportunity } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { NotFoundError } from '../platform/errors.ts';
import { insertLink, insertSession, useLink } from './account-store.ts';
import { findParticipant, insertParticipant } from './store.ts';

/**
 * Previews (docs/decisions/0080-previews-with-test-participants.md): a researcher sees a study, in
 * any status, exactly as a participant would, through a test participant made for that one preview.
 * Everything the test participant does runs through the participant side's own use cases; its
 * submissions are `test` and cost, pay, hold, count and announce nothing.
 */

/** The link works once, for an hour: long enough to open it, short enough not to leak for long. */
export const PREVIEW_LINK_MINUTES = 60;
/** The browser session the link opens is shorter than a participant's two weeks. */
export const PREVIEW_SESSION_HOURS = 12;

export interface CreatedPreview {
  /** `${PUBLIC_URL}/participate/preview/{link}`: signs the opener in as the test participant. */
  url: string;
  /** The test participant's bearer token (pt_...), for the participant API; shown once. */
  token: string;
  expires_at: string;
  participant_id: string;
  opportunity_id: string;
}

/**
 * POST /opportunities/{id}/preview: a new test participant for this opportunity (each preview has
 * its own, so the screener can be tried again with other answers), with its token and a one-time
 * link for the participant app. Not found for another organization's or a deleted opportunity.
 */
export async function createPreview(
  db: Db,
  input: { organizationId: string; opportunityId: string; publicUrl: string; now: Date },
): Promise<CreatedPreview> {
  const opportunity = await findOpportunity(db, input.organizationId, input.opportunityId);
  if (!opportunity) throw new NotFoundError('Opportunity', input.opportunityId);
  const ttlMs = PREVIEW_LINK_MINUTES * 60 * 1000;
  return db.transaction().execute(async (trx) => {
    const { participant, token } = await insertParticipant(
      trx,
      {
        name: 'Test participant (preview)',
        // A reserved domain (RFC 2606): nothing is ever delivered to it, and mail to test
        // participants is not sent anyway.
        email: `preview-${randomBytes(9).toString('hex')}@preview.invalid`,
        linkedin_url: null,
        timezone: 'UTC',
        birth_date: '1990-01-01',
        country_id: 'US',
        state_id: null,
        city_id: null,
        attributes: '{}',
        linked_accounts: '[]',
        background: JSON.stringify({ experiences: [], educations: [] }),
      },
      null,
      { opportunityId: opportunity.id, now: input.now },
    );
    const link = await insertLink(trx, participant.id, 'preview', { now: input.now, ttlMs });
    return {
      url: `${input.publicUrl}/participate/preview/${link}`,
      token,
      expires_at: new Date(input.now.getTime() + ttlMs).toISOString(),
      participant_id: participant.id,
      opportunity_id: opportunity.id,
    };
  });
}

/**
 * Opens a preview link (once, within its hour): a browser session for its test participant and
 * the study to show; undefined for a link that is used, expired or unknown.
 */
export async function openPreview(
  db: Db,
  input: { link: string; now: Date },
): Promise<{ sessionToken: string; opportunityId: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    const participantId = await useLink(trx, input.link, 'preview', input.now);
    if (!participantId) return undefined;
    const participant = await findParticipant(trx, participantId);
    if (participant?.is_test !== 1 || !participant.test_opportunity_id) return undefined;
    const { token } = await insertSession(trx, participantId, {
      now: input.now,
      ttlMs: PREVIEW_SESSION_HOURS * 60 * 60 * 1000,
    });
    return { sessionToken: token, opportunityId: participant.test_opportunity_id };
  });
}
