import { randomInt } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import { RANK_RANGE, SAMPLE_RANK } from '../audience/index.ts';
import { queueMails } from '../mail/index.ts';
import {
  findOpportunity,
  localizedOpportunity,
  type OpportunityRow,
} from '../opportunities/index.ts';
import { unsubscribeToken, unsubscribeUrl } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { instanceSecret } from '../platform/db/instance-secrets.ts';
import {
  assertNoIssues,
  ConflictError,
  type Issue,
  NotFoundError,
  ValidationError,
} from '../platform/errors.ts';
import { isLocale, type Locale } from '../platform/i18n/locales.ts';
import { newId } from '../platform/ids.ts';
import { nextDigestAt } from './digest-time.ts';
import { countEligibleNotInvited, eligibleParticipants } from './eligible.ts';
import { type InvitedStudy, invitationMail } from './invitation-mail.ts';
import type { InvitationDelivery, InvitationsTable } from './invitations.table.ts';
import { insertInvitations } from './store.ts';

export const MAX_SAMPLE = 10_000;
export const MAX_NAMED = 1_000;
/** Invitation mails made and queued together (see inviteInTransaction). */
const MAIL_SLICE = 500;

/** Who to invite: a uniform random sample of so many, or these people. */
export type InvitationRequest = { count: number } | { participant_ids: string[] };

export interface InvitationResult {
  invited: number;
  eligible_not_invited: number;
}

/** Every problem with a request's shape, in one list (the schema leaves the choice of field open). */
export function invitationRequestIssues(body: unknown): Issue[] {
  const issues: Issue[] = [];
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const hasCount = input.count !== undefined;
  const hasIds = input.participant_ids !== undefined;
  if (hasCount === hasIds) {
    issues.push({ message: 'body: give either count or participant_ids, not both or neither' });
    return issues;
  }
  if (hasCount) {
    const count = input.count;
    if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > MAX_SAMPLE) {
      issues.push({ message: `count: must be an integer from 1 to ${MAX_SAMPLE}` });
    }
    return issues;
  }
  const ids = input.participant_ids;
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > MAX_NAMED) {
    issues.push({ message: `participant_ids: must list 1 to ${MAX_NAMED} participant ids` });
    return issues;
  }
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (typeof id !== 'string' || !/^par_[\w-]{1,80}$/.test(id)) {
      issues.push({ message: `participant_ids[${index}]: is not a participant id` });
    } else if (seen.has(id)) {
      issues.push({ message: `participant_ids[${index}]: ${id} is listed twice` });
    } else seen.add(id);
  });
  return issues;
}

const CANDIDATE_COLUMNS = [
  'participants.id',
  'participants.name',
  'participants.email',
  'participants.language',
  'participants.new_studies',
  'participants.timezone',
] as const;

/**
 * Invites participants to an active opportunity (docs/decisions/0165-invitations.md): a uniform
 * random sample drawn by the database among those eligible now (src/invitations/eligible.ts), or
 * the people named, all of whom must be eligible (a 400 lists each who is not, and nobody is
 * invited). One transaction writes the invitations and, for each participant who hears of every
 * study (`each`), its mail; a `daily` one waits for the day's digest. Answers how many were
 * invited and how many eligible remain uninvited.
 */
export async function inviteParticipants(
  db: Db,
  input: {
    organizationId: string;
    opportunityId: string;
    request: unknown;
    publicUrl: string;
    now: Date;
  },
): Promise<InvitationResult> {
  assertNoIssues(invitationRequestIssues(input.request), 'The invitation request is invalid');
  const request = input.request as InvitationRequest;
  return db.transaction().execute(async (trx) => {
    const opportunity = await findOpportunity(trx, input.organizationId, input.opportunityId);
    if (!opportunity) throw new NotFoundError('Opportunity', input.opportunityId);
    if (opportunity.status !== 'active') {
      throw new ConflictError(
        `Opportunity ${opportunity.id} is ${opportunity.status}; participants are invited only to an active opportunity`,
      );
    }
    return inviteInTransaction(trx, opportunity, request, input);
  });
}

/**
 * The invitations of a checked request to an active opportunity, in the caller's transaction:
 * inviteParticipants and the outreach waves (outreach.ts) share it.
 */
export async function inviteInTransaction(
  trx: Db,
  opportunity: OpportunityRow,
  request: InvitationRequest,
  input: { publicUrl: string; now: Date },
): Promise<InvitationResult> {
  const eligible = eligibleParticipants(trx, opportunity, input.now);
  let candidates: {
    id: string;
    name: string;
    email: string;
    language: string;
    new_studies: string;
    timezone: string;
  }[] = [];
  /** Eligible before this call, when the sample counted them in its own pass. */
  let eligibleBefore: number | undefined;
  if ('participant_ids' in request) {
    const ids = request.participant_ids;
    const found = eligible
      ? await eligible.select(CANDIDATE_COLUMNS).where('participants.id', 'in', ids).execute()
      : [];
    const fits = new Set(found.map((row) => row.id));
    const refused = ids
      .map((id, index) => ({ id, index }))
      .filter(({ id }) => !fits.has(id))
      .map(({ id, index }) => ({
        message: `participant_ids[${index}]: ${id} is not eligible: unknown, outside the audience, already invited or applied, not taking invitations, or at an address that does not take mail`,
      }));
    if (refused.length) throw new ValidationError('Some participants cannot be invited', refused);
    candidates = found;
  } else if (eligible) {
    // The next `count` eligible people in the order of the audience sample's rank from a random
    // point, round to the start if the end comes first: read through participants_sample, so the
    // draw reads about as many people as it takes, never every eligible one
    // (docs/decisions/0174-audience-counts-at-a-million.md).
    const start = randomInt(RANK_RANGE);
    const drawFrom = (bound: RawBuilder<boolean>, limit: number) =>
      eligible.select(CANDIDATE_COLUMNS).where(bound).orderBy(SAMPLE_RANK).limit(limit).execute();
    candidates = await drawFrom(sql<boolean>`${SAMPLE_RANK} >= ${start}`, request.count);
    if (candidates.length < request.count) {
      const rest = request.count - candidates.length;
      candidates = [
        ...candidates,
        ...(await drawFrom(sql<boolean>`${SAMPLE_RANK} < ${start}`, rest)),
      ];
    }
    // Fewer than asked for: every eligible person is drawn. Otherwise the pool is counted as an
    // audience is, an estimate on a large panel.
    eligibleBefore =
      candidates.length < request.count
        ? candidates.length
        : await countEligibleNotInvited(trx, opportunity, input.now);
  } else {
    eligibleBefore = 0;
  }

  const invitedAt = input.now.toISOString();
  const secret = await instanceSecret(trx, 'unsubscribe');
  // The next digest depends only on the zone: worked out once per zone, not per person.
  const digestAt = new Map<string, string>();
  const digestIn = (zone: string) => {
    let at = digestAt.get(zone);
    if (at === undefined) {
      at = new Date(nextDigestAt(input.now.getTime(), zone)).toISOString();
      digestAt.set(zone, at);
    }
    return at;
  };
  const rows: InvitationsTable[] = candidates.map((person) => {
    const delivery: InvitationDelivery = person.new_studies === 'daily' ? 'daily' : 'each';
    return {
      id: newId('invitation', input.now.getTime()),
      opportunity_id: opportunity.id,
      participant_id: person.id,
      invited_at: invitedAt,
      delivery,
      mail_id: delivery === 'each' ? newId('mail', input.now.getTime()) : null,
      digest_due_at: delivery === 'daily' ? digestIn(person.timezone) : null,
    };
  });
  const invited = await insertInvitations(trx, rows);
  const byId = new Map(candidates.map((person) => [person.id, person]));
  // What a mail says of the study is the same for every reader of one language: made once each.
  const studyIn = new Map<Locale, InvitedStudy>();
  const studyFor = (language: Locale): InvitedStudy => {
    let study = studyIn.get(language);
    if (!study) {
      study = {
        id: opportunity.id,
        title: localizedOpportunity(opportunity, language).title,
        incentiveCents: Number(opportunity.incentive_cents),
        minutes: opportunity.estimated_duration_minutes,
      };
      studyIn.set(language, study);
    }
    return study;
  };
  const mailed = rows.filter((row) => row.mail_id !== null && invited.has(row.participant_id));
  const mailOf = (row: InvitationsTable) => {
    const person = byId.get(row.participant_id)!;
    const language = isLocale(person.language) ? person.language : 'en';
    return {
      id: row.mail_id!,
      ...invitationMail({
        invitee: {
          name: person.name,
          email: person.email,
          language,
          unsubscribeUrl: unsubscribeUrl(input.publicUrl, unsubscribeToken(secret, person.id)),
        },
        study: studyFor(language),
        publicUrl: input.publicUrl,
      }),
    };
  };
  // Made and queued a slice at a time: 5,000 mails' texts and markup at once were some 40 MB of
  // the serving process's peak memory, a slice's are a tenth of that (issue 37, item 5).
  for (let from = 0; from < mailed.length; from += MAIL_SLICE) {
    await queueMails(trx, mailed.slice(from, from + MAIL_SLICE).map(mailOf));
  }
  // Everyone drawn is invited now, by this call or by one that raced it.
  if (eligibleBefore !== undefined) {
    return {
      invited: invited.size,
      eligible_not_invited: Math.max(0, eligibleBefore - candidates.length),
    };
  }
  const remaining = eligible
    ? await eligible
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirst()
    : undefined;
  return { invited: invited.size, eligible_not_invited: Number(remaining?.count ?? 0) };
}
