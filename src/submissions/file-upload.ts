import type { FileUploadSettings } from '../opportunities/index.ts';

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
): { message: string }[] {
  const issues: { message: string }[] = [];
  if (files.length < s.min_files) {
    issues.push({ message: `At least ${s.min_files} file(s) required, got ${files.length}` });
  }
  if (files.length > s.max_files) {
    issues.push({ message: `At most ${s.max_files} file(s) allowed, got ${files.length}` });
  }
  files.forEach((file, index) => {
    const label = file.name ? `File "${file.name}"` : `File ${index + 1}`;
    if (!mimeTypeAccepted(file.mimeType, s.accepted_mime_types)) {
      issues.push({
        message: `${label} has type ${file.mimeType}, which this task does not accept`,
      });
    }
    if (file.sizeBytes > s.max_file_size_bytes) {
      issues.push({
        message: `${label} is ${file.sizeBytes} bytes, over the limit of ${s.max_file_size_bytes}`,
      });
    }
    if (file.sizeBytes <= 0) issues.push({ message: `${label} is empty` });
  });
  return issues;
}
