import type { TellAboutReturn } from '../submissions/index.ts';
import { sendMessageToParticipant } from './send.ts';

/**
 * How a researcher's request for a return reaches the participant: a message in the submission's
 * thread (mailed, as every message is), written in the request's own transaction.
 */
export function tellByMessage(publicUrl: string, now: Date): TellAboutReturn {
  return (trx, request) =>
    sendMessageToParticipant(trx, {
      organizationId: request.organizationId,
      submissionId: request.submissionId,
      body: [
        `The researcher of “${request.studyTitle}” asks you to give your place back. Their reason:`,
        '',
        request.reason,
        '',
        'Returning it costs you nothing and lets someone else take the place: use “Return my place” on this study’s page.',
      ].join('\n'),
      publicUrl,
      now,
    });
}
