import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { type Issue, NotFoundError, phraseIssue, ValidationError } from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import type { FileStore } from '../platform/storage/index.ts';
import { submissionTexts } from './locales/index.ts';
import type { StoredFile } from './work.ts';

function safeName(filename: string | undefined): string {
  const base = path.basename((filename ?? '').replaceAll('\\', '/')).trim();
  return (base || 'upload').slice(0, 255);
}

export interface ReceivedUpload {
  files: StoredFile[];
  notes: string | null;
  /** Problems found while reading (too many files, unknown fields); the files are removed then. */
  issues: Issue[];
}

/**
 * Streams a multipart task submission into the uploads store (platform/storage), which keeps a
 * key from holding anything but a whole file. Sizes are counted while streaming with the limit
 * set one byte over the task's maximum, so an oversized file is seen without being stored whole.
 * A file's key, its `path`, is `<submission>/<sequence>/<file id>`. The caller removes the files
 * again if the submission is refused.
 */
export async function receiveTaskUpload(
  request: FastifyRequest,
  options: {
    files: FileStore;
    submissionId: string;
    sequence: number;
    maxFiles: number;
    maxFileSizeBytes: number;
  },
): Promise<ReceivedUpload> {
  const folder = `${options.submissionId}/${options.sequence}`;
  const files: StoredFile[] = [];
  const issues: Issue[] = [];
  let notes: string | null = null;
  try {
    const parts = request.parts({
      limits: {
        files: options.maxFiles,
        fileSize: options.maxFileSizeBytes + 1,
        fields: 5,
        fieldSize: 20_000,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'notes' && typeof part.value === 'string') notes = part.value;
        else
          issues.push({ message: `${part.fieldname}: unknown field; send files and notes only` });
        continue;
      }
      const id = newId('file');
      const key = `${folder}/${id}`;
      let size = 0;
      async function* counted(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          yield chunk;
        }
      }
      await options.files.put(key, counted(part.file));
      files.push({
        id,
        name: safeName(part.filename),
        mime_type: part.mimetype,
        size_bytes: size,
        path: key,
      });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') {
      issues.push(
        phraseIssue(
          submissionTexts.phrase('tooManyFilesForTask', { max: String(options.maxFiles) }),
        ),
      );
    } else if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      issues.push({ message: 'Too many form fields; send files and notes only' });
    } else {
      await removeStoredFiles(options.files, files);
      throw new ValidationError(
        `The multipart body could not be read: ${(error as Error).message}`,
      );
    }
  }
  if (notes !== null && notes.length > 10_000) {
    issues.push(phraseIssue(submissionTexts.phrase('notesTooLong')));
  }
  return { files, notes, issues };
}

export async function removeStoredFiles(store: FileStore, files: readonly StoredFile[]) {
  await Promise.all(files.map((file) => store.remove(file.path).catch(() => {})));
}

/**
 * A handed-in file's bytes as a stream, for its download. A file its store no longer has (kept on
 * another machine's disk, lost in a move) is the contract's 404, and an error line naming the file
 * by its ids, never its person, tells the operator.
 */
export async function openStoredFile(
  store: FileStore,
  submissionId: string,
  file: StoredFile,
  log: { error(details: object, message: string): void },
): Promise<Readable> {
  const stream = await store.get(file.path);
  if (stream) return stream;
  log.error(
    { submission_id: submissionId, file_id: file.id, file_key: file.path, store: store.kind },
    'uploaded file missing from its store',
  );
  throw new NotFoundError('File', file.id, [
    { message: `The file ${file.id} of submission ${submissionId} is no longer stored` },
  ]);
}
