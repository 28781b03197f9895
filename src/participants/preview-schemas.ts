import { Type } from 'typebox';

export const PreviewParams = Type.Object({ opportunityId: Type.String() });

/** POST /opportunities/{id}/preview (docs/decisions/0080-previews-with-test-participants.md). */
export const Preview = Type.Object({
  url: Type.String({
    description:
      'Opens the study in the participant app as a new test participant; works once, until expires_at',
    examples: ['http://localhost:8080/participate/preview/3Xb2kQ...'],
  }),
  token: Type.String({
    description:
      'The test participant’s bearer token for the /participant API (shown once); it sees only this opportunity',
    examples: ['pt_9fJ2...'],
  }),
  expires_at: Type.String({ format: 'date-time', description: 'When the url stops working' }),
  participant_id: Type.String({ description: 'The test participant' }),
  opportunity_id: Type.String(),
});
