import type { FileUploadSettings } from '../opportunities/index.ts';
import { type Issue, phraseIssue } from '../platform/errors.ts';
import { submissionTexts } from './locales/index.ts';

function normalizeMime(mime: string): string {
  return mime.split(';')[0]!.trim().toLowerCase();
}

/** "image/*" accepts any image; otherwise the type must match exactly (parameters ignored). */
export function mimeTypeAccepted(mimeType: string, accepted: readonly string[]): boolean {
  const actual = normalizeMime(mimeType);
  return accepted.some((pattern) => {
    const wanted = normalizeMime(pattern);
    if (wanted === '*/*') return true;
    if (wanted.endsWith('/*')) return actual.startsWith(wanted.slice(0, -1));
    return actual === wanted;
  });
}

/** Every problem with an upload under a task's settings (fileUploadSettings); empty when it may be accepted. */
export function checkUploadedFiles(
  s: FileUploadSettings,
  files: readonly { mimeType: string; sizeBytes: number; name?: string }[],
): Issue[] {
  const issues: Issue[] = [];
  // Counts and sizes as digits, as the English always wrote them.
  const say = (key: Parameters<typeof submissionTexts.phrase>[0], values: Record<string, string>) =>
    issues.push(phraseIssue(submissionTexts.phrase(key, values)));
  const count = String(files.length);
  if (files.length < s.min_files) say('tooFewFiles', { min: String(s.min_files), count });
  if (files.length > s.max_files) say('tooManyFiles', { max: String(s.max_files), count });
  files.forEach((file, index) => {
    // A file is named by its name, or by its place in the upload when it has none.
    const named = Boolean(file.name);
    const which: Record<string, string> = named
      ? { name: file.name ?? '' }
      : { number: String(index + 1) };
    if (!mimeTypeAccepted(file.mimeType, s.accepted_mime_types)) {
      say(named ? 'namedFileWrongType' : 'numberedFileWrongType', {
        ...which,
        type: file.mimeType,
      });
    }
    if (file.sizeBytes > s.max_file_size_bytes) {
      say(named ? 'namedFileTooLarge' : 'numberedFileTooLarge', {
        ...which,
        size: String(file.sizeBytes),
        limit: String(s.max_file_size_bytes),
      });
    }
    if (file.sizeBytes <= 0) say(named ? 'namedFileEmpty' : 'numberedFileEmpty', which);
  });
  return issues;
}
