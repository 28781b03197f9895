import type { FastifyRequest } from 'fastify';
import type { Db } from '../platform/db/database.ts';
import { assertNoIssues } from '../platform/errors.ts';
import type { FileStore } from '../platform/storage/index.ts';
import { submissionTexts } from './locales/index.ts';
import type { SubmissionRow } from './submissions.table.ts';
import { receiveTaskUpload, removeStoredFiles } from './uploads.ts';
import { submitTask, uploadLimitsFor } from './work.ts';

/**
 * Hands in a file_upload task from a multipart request (the participant API and the web app's
 * upload form): the task's limits are read first, the files streamed to the uploads store, and
 * the task submitted; files of a refused upload are removed, so nothing is kept of it.
 */
export async function handInUpload(
  db: Db,
  request: FastifyRequest,
  input: {
    files: FileStore;
    participantId: string;
    submissionId: string;
    sequence: number;
    now: Date;
  },
): Promise<SubmissionRow> {
  const { files, participantId, submissionId, sequence } = input;
  const settings = await uploadLimitsFor(db, { participantId, submissionId, sequence });
  const received = await receiveTaskUpload(request, {
    files,
    submissionId,
    sequence,
    ...settings,
  });
  if (received.issues.length > 0) {
    await removeStoredFiles(files, received.files);
    assertNoIssues(received.issues, submissionTexts.phrase('uploadInvalid'));
  }
  try {
    return await submitTask(db, {
      participantId,
      submissionId,
      sequence,
      notes: received.notes,
      files: received.files,
      now: input.now,
    });
  } catch (error) {
    await removeStoredFiles(files, received.files);
    throw error;
  }
}
