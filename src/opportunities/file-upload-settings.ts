/**
 * file_upload task limits (docs/decisions/0061-work-and-uploads.md): enforced on every upload and
 * shown on read when the creator did not set them. The defaults cover documents, spreadsheets,
 * images, audio and video a study commonly asks for, at a size a browser uploads comfortably.
 */
export const FILE_UPLOAD_DEFAULTS = {
  accepted_mime_types: [
    'application/pdf',
    'text/plain',
    'text/csv',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'audio/mpeg',
    'audio/wav',
    'video/mp4',
    'video/quicktime',
  ],
  min_files: 1,
  max_files: 10,
  /** 25 MiB per file. */
  max_file_size_bytes: 25 * 1024 * 1024,
} as const;

export interface FileUploadSettings {
  accepted_mime_types: string[];
  min_files: number;
  max_files: number;
  max_file_size_bytes: number;
}

export interface FileUploadTaskFields {
  accepted_mime_types?: readonly string[] | null;
  min_files?: number | null;
  max_files?: number | null;
  max_file_size_bytes?: number | null;
}

/** The enforced settings: the task's own values, the defaults for anything unset. */
export function fileUploadSettings(task: FileUploadTaskFields): FileUploadSettings {
  return {
    accepted_mime_types:
      task.accepted_mime_types && task.accepted_mime_types.length > 0
        ? [...task.accepted_mime_types]
        : [...FILE_UPLOAD_DEFAULTS.accepted_mime_types],
    min_files: task.min_files ?? FILE_UPLOAD_DEFAULTS.min_files,
    max_files: task.max_files ?? FILE_UPLOAD_DEFAULTS.max_files,
    max_file_size_bytes: task.max_file_size_bytes ?? FILE_UPLOAD_DEFAULTS.max_file_size_bytes,
  };
}

/** Problems with a task's own settings, for create validation. */
export function fileUploadSettingsIssues(task: FileUploadTaskFields): { message: string }[] {
  const issues: { message: string }[] = [];
  const s = fileUploadSettings(task);
  const positive = (name: string, value: number, min: number) => {
    if (!Number.isInteger(value) || value < min) {
      issues.push({ message: `${name} must be an integer of at least ${min}` });
    }
  };
  positive('min_files', s.min_files, 0);
  positive('max_files', s.max_files, 1);
  positive('max_file_size_bytes', s.max_file_size_bytes, 1);
  if (s.max_files < s.min_files) issues.push({ message: 'max_files must be at least min_files' });
  for (const type of s.accepted_mime_types) {
    if (!/^[\w.+-]+\/(\*|[\w.+-]+)$/.test(type)) {
      issues.push({ message: `accepted_mime_types has an invalid type "${type}"` });
    }
  }
  return issues;
}
