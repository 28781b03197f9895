import { apiKeyActor } from '../audit/index.ts';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { queueBulkMessage } from './bulk.ts';
import { organizationThread } from './read.ts';
import {
  BulkMessageBody,
  BulkMessageResponse,
  Message,
  MessageList,
  OpportunityParams,
  SendMessageBody,
  SubmissionParams,
  ThreadQuery,
} from './schemas.ts';
import { sendMessageToParticipant } from './send.ts';
import { messageView } from './view.ts';

const tags = ['Messages'];

export function messageRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const now = () => new Date(context.clock());

  app.post(
    '/submissions/:submissionId/messages',
    {
      schema: {
        tags,
        operationId: 'sendMessage',
        summary: 'Write to the participant of a submission (they are emailed)',
        description:
          'Plain text up to 5,000 characters, never rendered as HTML. The participant is emailed a link to the study’s page in the participant app, where they read and reply; replies raise the `message.received` webhook event.',
        params: SubmissionParams,
        body: SendMessageBody,
        response: { 200: Message, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const row = await sendMessageToParticipant(db, {
        organizationId: customer.organization.id,
        submissionId: request.params.submissionId,
        body: request.body.body,
        publicUrl: context.config.publicUrl,
        now: now(),
        actor: apiKeyActor(customer.key),
      });
      return messageView(row);
    },
  );

  app.get(
    '/submissions/:submissionId/messages',
    {
      schema: {
        tags,
        operationId: 'listMessages',
        summary: 'The thread with the participant of a submission, oldest first',
        params: SubmissionParams,
        querystring: ThreadQuery,
        response: { 200: MessageList, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const page = await organizationThread(db, {
        organizationId: customer.organization.id,
        submissionId: request.params.submissionId,
        cursor: request.query.cursor,
        limit: request.query.limit ?? 25,
      });
      return { ...page, data: page.data.map(messageView) };
    },
  );

  app.post(
    '/opportunities/:opportunityId/messages',
    {
      schema: {
        tags,
        operationId: 'sendBulkMessage',
        summary: 'Write the same message to many participants of an opportunity',
        description:
          'Give `submission_ids` (up to 1,000) or a `status` (up to 10,000 recipients). The recipients are fixed now; one message per recipient is written and emailed by a job, each carrying `batch_id`.',
        params: OpportunityParams,
        body: BulkMessageBody,
        response: { 200: BulkMessageResponse, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const queued = await queueBulkMessage(db, {
        organizationId: customer.organization.id,
        opportunityId: request.params.opportunityId,
        body: request.body.body,
        submissionIds: request.body.submission_ids,
        status: request.body.status,
        actor: apiKeyActor(customer.key),
      });
      return {
        batch_id: queued.batchId,
        recipient_count: queued.recipientCount,
        status: 'queued' as const,
      };
    },
  );
}
