import { randomInt } from 'node:crypto';

/**
 * Completion codes (docs/decisions/0077-completion-codes.md): a survey tool sends the participant
 * to the task's completion URL, and the code in it hands that task in. Codes are read off a screen
 * and typed into a survey tool's settings, so the alphabet leaves out the look-alikes 0/O, 1/I/L.
 */
export const COMPLETION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const COMPLETION_CODE_LENGTH = 8;

const CODE_PATTERN = new RegExp(`^[${COMPLETION_CODE_ALPHABET}]{${COMPLETION_CODE_LENGTH}}$`);

/** A fresh code: 8 characters drawn uniformly (31^8, about 8.5e11 codes) with node:crypto. */
export function randomCompletionCode(): string {
  let code = '';
  for (let i = 0; i < COMPLETION_CODE_LENGTH; i++) {
    code += COMPLETION_CODE_ALPHABET[randomInt(COMPLETION_CODE_ALPHABET.length)];
  }
  return code;
}

/** What a participant or a survey tool sends, as stored: surrounding blanks dropped, upper case. */
export function normalizeCompletionCode(text: string): string {
  return text.trim().toUpperCase();
}

export function isCompletionCode(text: string): boolean {
  return CODE_PATTERN.test(text);
}

/** Where a survey tool sends the participant back: the page that hands the task in. */
export function completionUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/participate/complete?code=${encodeURIComponent(code)}`;
}

/**
 * Gives each task a completion code, unique among these tasks. A task whose sequence had a code
 * before keeps it, so a survey tool already set up with it keeps working; the others get a new one
 * from `newCode` (random in use, injectable for tests).
 */
export function assignCompletionCodes<T extends { sequence: number }>(
  tasks: readonly T[],
  options: {
    previous?: readonly { sequence: number; completion_code?: string }[];
    newCode?: () => string;
  } = {},
): (T & { completion_code: string })[] {
  const newCode = options.newCode ?? randomCompletionCode;
  const before = new Map<number, string>();
  for (const task of options.previous ?? []) {
    if (task.completion_code) before.set(task.sequence, task.completion_code);
  }
  // Kept codes first, so a new code can never take one that a later task keeps.
  const used = new Set<string>();
  const kept = tasks.map((task) => {
    const code = before.get(task.sequence);
    if (code === undefined || used.has(code)) return undefined;
    used.add(code);
    return code;
  });
  return tasks.map((task, index) => {
    let code = kept[index];
    if (code === undefined) {
      do code = newCode();
      while (used.has(code));
      used.add(code);
    }
    return { ...task, completion_code: code };
  });
}
