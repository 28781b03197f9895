import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import { toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import { createLab, deleteLab, editLab, ownLab, rotateCalendarLink } from './manage.ts';
import {
  CalendarLink,
  CreateLabBody,
  DeletedLab,
  Lab,
  LabList,
  LabParams,
  ListQuery,
  PatchLabBody,
} from './schemas.ts';
import { listLabs } from './store.ts';
import { labView } from './view.ts';

const tags = ['Labs'];

/** The organization's labs (docs/decisions/0178-lab-sessions.md). */
export function labRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const now = () => new Date(context.clock());

  app.post(
    '/labs',
    {
      schema: {
        tags,
        operationId: 'createLab',
        summary: 'Create a lab',
        description:
          'A room where scheduled sessions take place: its address (in confirmations and calendar files), time zone and seats.',
        body: CreateLabBody,
        response: { 200: Lab, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      return labView(
        await createLab(db, { organizationId: organization.id, fields: request.body, now: now() }),
      );
    },
  );

  app.get(
    '/labs',
    {
      schema: {
        tags,
        operationId: 'listLabs',
        summary: 'The organization’s labs, newest first',
        querystring: ListQuery,
        response: { 200: LabList, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const limit = request.query.limit ?? 25;
      const rows = await listLabs(db, organization.id, { cursor: request.query.cursor, limit });
      return toPage(rows, limit, (row) => [row.id], labView);
    },
  );

  app.get(
    '/labs/:labId',
    {
      schema: {
        tags,
        operationId: 'getLab',
        summary: 'A lab',
        params: LabParams,
        response: { 200: Lab, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      return labView(await ownLab(db, organization.id, request.params.labId));
    },
  );

  app.patch(
    '/labs/:labId',
    {
      schema: {
        tags,
        operationId: 'updateLab',
        summary: 'Change a lab’s name, address, time zone or seats',
        params: LabParams,
        body: PatchLabBody,
        response: { 200: Lab, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      return labView(
        await editLab(db, {
          organizationId: organization.id,
          labId: request.params.labId,
          fields: request.body,
          now: now(),
        }),
      );
    },
  );

  app.delete(
    '/labs/:labId',
    {
      schema: {
        tags,
        operationId: 'deleteLab',
        summary: 'Delete a lab; 409 while a session is still to take place in it',
        params: LabParams,
        response: { 200: DeletedLab, ...errorResponses('NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      await deleteLab(db, {
        organizationId: organization.id,
        labId: request.params.labId,
        now: now(),
      });
      return { id: request.params.labId, deleted: true as const };
    },
  );

  app.post(
    '/labs/:labId/calendar-link',
    {
      schema: {
        tags,
        operationId: 'rotateLabCalendarLink',
        summary: 'Make (or replace) the lab’s secret calendar link',
        description:
          'A URL a calendar app can subscribe to without an API key. Each call replaces the previous link, which stops working at once.',
        params: LabParams,
        response: { 200: CalendarLink, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const link = await rotateCalendarLink(db, {
        organizationId: organization.id,
        labId: request.params.labId,
        publicUrl: context.config.publicUrl,
        now: now(),
      });
      return { url: link.url };
    },
  );
}
