import { PARTICIPANT_AUTH, PARTICIPANT_TAGS as tags } from '../participants/index.ts';
import { participantOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { fileStoreFor } from '../platform/storage/index.ts';
import { eraseParticipant } from './erase.ts';
import { exportParticipant } from './export.ts';
import { ParticipantErased, ParticipantExport } from './export-schemas.ts';

/** A participant's export of everything held about them, and their erasure (docs/participant-data.md). */
export function participantDataRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const now = () => new Date(context.clock());

  app.get(
    '/participant/me/export',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary:
          'Everything held about you as one JSON document: profile, account, submissions with screener answers and tasks, time entries, messages, payments, uploads (metadata) and mail',
        response: { 200: ParticipantExport, ...errorResponses() },
      },
    },
    async (request) => exportParticipant(db, participantOf(request).id, now()),
  );

  app.delete(
    '/participant/me',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary:
          'Erase your account: profile, written answers, messages and uploads are removed, places you hold are returned, and this token and every session stop working. Payments and submission statuses stay under your id, without your name',
        response: { 200: ParticipantErased, ...errorResponses() },
      },
    },
    async (request) => {
      const { id } = participantOf(request);
      await eraseParticipant(context.database, {
        participantId: id,
        files: fileStoreFor(context.database, context.config),
        now: now(),
      });
      return { id, deleted: true as const };
    },
  );
}
