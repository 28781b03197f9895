import { groupIdsOfParticipant } from '../participant-groups/index.ts';
import { ListQuery, PARTICIPANT_AUTH, PARTICIPANT_TAGS as tags } from '../participants/index.ts';
import { participantOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { applyToOpportunity } from '../submissions/index.ts';
import { discoverOpportunities, readOpportunityDetail } from './discover.ts';
import {
  ApplicationBody,
  ApplicationResponse,
  OpportunityParams,
  ParticipantOpportunityDetail,
  ParticipantOpportunityList,
} from './schemas.ts';
import { participantOpportunityView } from './views.ts';

/** Discovering studies, reading one, and applying. */
export function discoveryRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const now = () => new Date(context.clock());

  app.get(
    '/participant/opportunities',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary: 'Recruiting studies open to you, newest first',
        querystring: ListQuery,
        response: { 200: ParticipantOpportunityList, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) =>
      discoverOpportunities(db, {
        participant: participantOf(request),
        limit: request.query.limit ?? 25,
        cursor: request.query.cursor,
        now: now(),
        view: ({ opportunity, placesRemaining }) =>
          participantOpportunityView(opportunity, placesRemaining),
      }),
  );

  app.get(
    '/participant/opportunities/:opportunityId',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary: 'A study’s brief, tasks and screener (no grading information)',
        params: OpportunityParams,
        response: { 200: ParticipantOpportunityDetail, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) =>
      readOpportunityDetail(db, {
        participant: participantOf(request),
        opportunityId: request.params.opportunityId,
        now: now(),
      }),
  );

  app.post(
    '/participant/opportunities/:opportunityId/applications',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary: 'Apply: the answers are graded at once and the application routed',
        params: OpportunityParams,
        body: ApplicationBody,
        response: {
          200: ApplicationResponse,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) =>
      applyToOpportunity(db, {
        participant: participantOf(request),
        opportunityId: request.params.opportunityId,
        answers: request.body.answers,
        now: now(),
        // Where it came from flags applications sharing a network
        // (docs/decisions/0083-shared-network-flags.md); only a keyed hash of it is kept.
        client: { address: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        groupsOf: groupIdsOfParticipant,
      }),
  );
}
