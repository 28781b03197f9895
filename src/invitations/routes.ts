import { findOpportunity } from '../opportunities/index.ts';
import { NotFoundError, ValidationError } from '../platform/errors.ts';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import { toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import { type AjvIssue, describeValidationIssue } from '../platform/http/validation.ts';
import { invitationRequestIssues, inviteParticipants } from './invite.ts';
import {
  InvitationList,
  InviteBody,
  InviteResponse,
  ListInvitationsQuery,
  OpportunityParams,
} from './schemas.ts';
import { listInvitations } from './store.ts';
import { invitationView } from './view.ts';

const tags = ['Invitations'];

export function invitationRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.post(
    '/opportunities/:opportunityId/invitations',
    {
      // The use case checks the body too, so one 400 lists the schema's and its own problems.
      attachValidation: true,
      schema: {
        tags,
        operationId: 'inviteParticipants',
        summary: 'Invite eligible participants to an active opportunity by mail',
        description:
          'Either `count` (1 to 10,000): a uniformly random sample of the participants eligible now (the filters, groups and exclusions, required accounts; not invited to it before, not applied, taking invitations, at an address that takes mail); or `participant_ids` (up to 1,000), each of whom must be eligible, or the 400 lists each one that is not and nobody is invited. Each invitation is mailed at once, or in the participant’s daily digest if they chose one. An invitation costs nothing; it sends mail. 409 unless the opportunity is active. Two calls at once never invite one person twice; a repeated call with the same Idempotency-Key answers the first.',
        params: OpportunityParams,
        body: InviteBody,
        response: {
          200: InviteResponse,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const schemaProblems = (request.validationError?.validation ?? []) as AjvIssue[];
      if (schemaProblems.length) {
        const own = invitationRequestIssues(request.body);
        const issues = [
          ...schemaProblems.map((issue) => ({ message: describeValidationIssue('body', issue) })),
          ...own.filter((issue) => issue.message.startsWith('body:')),
        ];
        throw new ValidationError('The invitation request is invalid', issues);
      }
      return inviteParticipants(db, {
        organizationId: customer.organization.id,
        opportunityId: request.params.opportunityId,
        request: request.body,
        publicUrl: context.config.publicUrl,
        now: new Date(context.clock()),
      });
    },
  );

  app.get(
    '/opportunities/:opportunityId/invitations',
    {
      schema: {
        tags,
        operationId: 'listInvitations',
        summary:
          'An opportunity’s invitations, newest first, with each mail’s status and whether its participant applied',
        params: OpportunityParams,
        querystring: ListInvitationsQuery,
        response: { 200: InvitationList, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const { opportunityId } = request.params;
      if (!(await findOpportunity(db, customer.organization.id, opportunityId))) {
        throw new NotFoundError('Opportunity', opportunityId);
      }
      const limit = request.query.limit ?? 25;
      const rows = await listInvitations(db, {
        opportunityId,
        cursor: request.query.cursor,
        limit,
      });
      return toPage(rows, limit, (row) => [row.id], invitationView);
    },
  );
}
