import { FILE_UPLOAD_DEFAULTS, fileUploadSettingsIssues } from './file-upload-settings.ts';

/** Contract 2.7: every type a stored task may have, and the three a create accepts. */
export const TASK_TYPES = [
  'interview',
  'survey',
  'file_upload',
  'activity',
  'scheduled_interview',
  'agreement',
  'join_slack',
  'slack_handoff',
  'e_signature',
] as const;
export const CREATABLE_TASK_TYPES = ['interview', 'file_upload', 'activity'] as const;

/** A task as create accepts it (the route schema has checked the field types). */
export interface TaskInput {
  sequence?: number;
  task_type: string;
  review_type?: string;
  task_url?: string | null;
  title: string;
  description?: string;
  duration_minutes: number;
  available_after_sequence?: number | null;
  available_after_delay_minutes?: number | null;
  provider?: string;
  calendar_owner?: string;
  event_type_url?: string;
  instructions?: string;
  accepted_mime_types?: string[];
  min_files?: number;
  max_files?: number;
  max_file_size_bytes?: number;
  /** Read-only, like the two below; accepted so a task read back can be sent again, and ignored. */
  participant_url_template?: string;
  completion_code?: string;
  completion_url?: string;
}

/**
 * A task as stored and read back (without participant_url_template and completion_url, which are
 * derived on read). file_upload tasks hold their enforced settings, defaults filled in, so what
 * reads back is what the participant side enforces.
 */
export interface StoredTask {
  sequence: number;
  task_type: string;
  review_type: string;
  task_url: string | null;
  title: string;
  description: string;
  duration_minutes: number;
  available_after_sequence?: number;
  available_after_delay_minutes?: number;
  provider?: string;
  calendar_owner?: string;
  event_type_url?: string;
  instructions?: string;
  accepted_mime_types?: string[];
  min_files?: number;
  max_files?: number;
  max_file_size_bytes?: number;
  /** Unique among the opportunity's tasks (completion-codes.ts). */
  completion_code: string;
}

/**
 * A task as normalizeTasks returns it: stored form but for the completion code, which is random,
 * so the use case assigns it (assignCompletionCodes) and normalizeTasks stays a pure function.
 */
export type NormalizedTask = Omit<StoredTask, 'completion_code'>;

const FILE_UPLOAD_ONLY = [
  'instructions',
  'accepted_mime_types',
  'min_files',
  'max_files',
  'max_file_size_bytes',
] as const;
const SCHEDULED_INTERVIEW_ONLY = ['provider', 'calendar_owner', 'event_type_url'] as const;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Checks create's tasks and returns them in stored form (completion codes aside), ordered by
 * sequence, with every problem listed. A missing sequence is the task's position (1-based).
 */
export function normalizeTasks(inputs: readonly TaskInput[]): {
  value: NormalizedTask[];
  issues: { message: string }[];
} {
  const issues: { message: string }[] = [];
  if (inputs.length === 0) issues.push({ message: 'tasks: at least one task is required' });
  const sequences = inputs.map((task, index) => task.sequence ?? index + 1);
  const seen = new Set<number>();
  for (const sequence of sequences) {
    if (seen.has(sequence)) {
      issues.push({ message: `tasks: sequence ${sequence} is used by more than one task` });
    }
    seen.add(sequence);
  }

  const value = inputs.map((task, index): NormalizedTask => {
    const sequence = sequences[index]!;
    const where = `tasks[${index}] (sequence ${sequence})`;
    const report = (message: string) => issues.push({ message: `${where}: ${message}` });
    const type = task.task_type;
    if (!(CREATABLE_TASK_TYPES as readonly string[]).includes(type)) {
      report(
        (TASK_TYPES as readonly string[]).includes(type)
          ? `task_type "${type}" cannot be created through the API; use interview, file_upload or activity`
          : `task_type "${type}" is unknown; use interview, file_upload or activity`,
      );
    }
    if (task.title.trim() === '') report('title must not be empty');
    const url = task.task_url ?? null;
    if (type === 'file_upload' && url !== null) {
      report('a file_upload task carries no task_url (participants upload files here)');
    } else if (url !== null && !isHttpUrl(url)) {
      report(`task_url "${url}" is not an http or https URL`);
    }
    for (const field of SCHEDULED_INTERVIEW_ONLY) {
      if (task[field] !== undefined) report(`${field} is only for scheduled_interview tasks`);
    }
    if (type !== 'file_upload') {
      for (const field of FILE_UPLOAD_ONLY) {
        if (task[field] !== undefined) report(`${field} is only for file_upload tasks`);
      }
    }

    const gate = task.available_after_sequence ?? undefined;
    const delay = task.available_after_delay_minutes ?? undefined;
    if (gate !== undefined) {
      if (gate === sequence) report('available_after_sequence cannot name the task itself');
      else if (!sequences.includes(gate)) {
        report(`available_after_sequence ${gate} is not the sequence of another task`);
      } else if (gate > sequence) {
        report(`available_after_sequence ${gate} must name an EARLIER task`);
      }
    }
    if (delay !== undefined && gate === undefined) {
      report('available_after_delay_minutes needs available_after_sequence (the gating task)');
    }

    const stored: NormalizedTask = {
      sequence,
      task_type: type,
      review_type: task.review_type ?? 'manual_review',
      task_url: type === 'file_upload' ? null : url,
      title: task.title,
      description: task.description ?? '',
      duration_minutes: task.duration_minutes,
      ...(gate !== undefined && { available_after_sequence: gate }),
      ...(delay !== undefined && { available_after_delay_minutes: delay }),
    };
    if (type === 'file_upload') {
      for (const problem of fileUploadSettingsIssues(task)) report(problem.message);
      stored.instructions = task.instructions ?? '';
      stored.accepted_mime_types = task.accepted_mime_types?.length
        ? [...task.accepted_mime_types]
        : [...FILE_UPLOAD_DEFAULTS.accepted_mime_types];
      stored.min_files = task.min_files ?? FILE_UPLOAD_DEFAULTS.min_files;
      stored.max_files = task.max_files ?? FILE_UPLOAD_DEFAULTS.max_files;
      stored.max_file_size_bytes =
        task.max_file_size_bytes ?? FILE_UPLOAD_DEFAULTS.max_file_size_bytes;
    }
    return stored;
  });
  value.sort((a, b) => a.sequence - b.sequence);
  return { value, issues };
}
