import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { type Issue, phraseIssue, ValidationError } from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import { submissionTexts } from './locales/index.ts';
import type { StoredFile } from './work.ts';

/** Uploaded work lives under DATA_DIR, beside the embedded database and backed up with it. */
export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** The absolute path of a stored file, refusing anything that would leave the uploads directory. */
export function storedFilePath(dataDir: string, relative: string): string {
  const root = uploadsDirectory(dataDir);
  const absolute = path.resolve(root, relative);
  if (!absolute.startsWith(`${root}${path.sep}`)) throw new Error(`bad stored path ${relative}`);
  return absolute;
}

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
 * Streams a multipart task submission to disk: each file goes to a `.part` file, flushed to the
 * disk, then renamed, so a stored path always holds a whole file. Sizes are counted while
 * streaming with the limit set one byte over the task's maximum, so an oversized file is seen
 * without being stored whole. The caller removes the files again if the submission is refused.
 */
export async function receiveTaskUpload(
  request: FastifyRequest,
  options: {
    dataDir: string;
    submissionId: string;
    sequence: number;
    maxFiles: number;
    maxFileSizeBytes: number;
  },
): Promise<ReceivedUpload> {
  const relativeDir = path.join(options.submissionId, String(options.sequence));
  const directory = path.join(uploadsDirectory(options.dataDir), relativeDir);
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
      await fs.promises.mkdir(directory, { recursive: true });
      const id = newId('file');
      const target = path.join(directory, id);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, counter, fs.createWriteStream(`${target}.part`, { flush: true }));
      await fs.promises.rename(`${target}.part`, target);
      files.push({
        id,
        name: safeName(part.filename),
        mime_type: part.mimetype,
        size_bytes: size,
        path: path.join(relativeDir, id),
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
      await removeStoredFiles(options.dataDir, files);
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

export async function removeStoredFiles(dataDir: string, files: readonly StoredFile[]) {
  await Promise.all(
    files.map((file) =>
      fs.promises.rm(storedFilePath(dataDir, file.path), { force: true }).catch(() => {}),
    ),
  );
}
