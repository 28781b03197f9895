import { PARTICIPANT_AUTH, PARTICIPANT_TAGS as tags } from '../participants/index.ts';
import { participantOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { participantThread } from './read.ts';
import {
  ParticipantMessage,
  ParticipantMessageList,
  SendMessageBody,
  SubmissionParams,
  ThreadQuery,
} from './schemas.ts';
import { replyAsParticipant } from './send.ts';
import { participantMessageView } from './view.ts';

/** The participant's side of a thread about one of their submissions. */
export function participantMessageRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/participant/submissions/:submissionId/messages',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        operationId: 'listParticipantMessages',
        summary: 'Your thread with the researcher about a submission, oldest first',
        params: SubmissionParams,
        querystring: ThreadQuery,
        response: { 200: ParticipantMessageList, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const page = await participantThread(db, {
        participantId: participantOf(request).id,
        submissionId: request.params.submissionId,
        cursor: request.query.cursor,
        limit: request.query.limit ?? 25,
      });
      return { ...page, data: page.data.map(participantMessageView) };
    },
  );

  app.post(
    '/participant/submissions/:submissionId/messages',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        operationId: 'sendParticipantMessage',
        summary: 'Write to the researcher about your submission',
        params: SubmissionParams,
        body: SendMessageBody,
        response: {
          200: ParticipantMessage,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const row = await replyAsParticipant(db, {
        participantId: participantOf(request).id,
        submissionId: request.params.submissionId,
        body: request.body.body,
        now: new Date(context.clock()),
      });
      return participantMessageView(row);
    },
  );
}
