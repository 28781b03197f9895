/**
 * Contract 2.10: a participant's background reaches customers with names and contact details
 * removed. Free text is where they hide, so every text field is scrubbed of email addresses, web
 * and profile links, social handles, phone numbers, and the participant's own name.
 */

export interface BackgroundInput {
  experiences: readonly {
    company: string;
    role?: string | null;
    started_at?: string | null;
    ended_at?: string | null;
    description?: string | null;
  }[];
  educations: readonly { school: string; degree?: string | null; major?: string | null }[];
}

export interface RedactedBackground {
  experiences: {
    company: string;
    role: string | null;
    started_at: string | null;
    ended_at: string | null;
    description: string | null;
  }[];
  educations: { school: string; degree: string | null; major: string | null }[];
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const URL_WITH_SCHEME = /\b(?:https?:\/\/|www\.)[^\s<>()]+/giu;
/** A bare host with a path (linkedin.com/in/someone, github.com/x); bare "Node.js" survives. */
const HOST_WITH_PATH = /\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[a-z]{2,}\/[^\s<>()]*/giu;
const HANDLE = /(^|[\s(])@[A-Za-z0-9_.]{2,}/g;
const PHONE_LIKE = /\+?\(?\d[\d\s().-]{5,}\d/g;

const REMOVED = '[removed]';
const NAME_REMOVED = '[name removed]';

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Phone numbers: 9 to 15 digits, or 7 and more after a leading +; year ranges stay. */
function removePhones(text: string): string {
  return text.replace(PHONE_LIKE, (match) => {
    const digits = match.replace(/\D/g, '').length;
    const international = match.startsWith('+');
    return (international && digits >= 7) || (digits >= 9 && digits <= 15) ? REMOVED : match;
  });
}

export function nameMatchers(name: string | null | undefined): RegExp[] {
  if (!name) return [];
  const full = name.trim();
  const parts = full.split(/\s+/).filter((part) => part.length >= 2);
  const wordBoundary = (value: string) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(value)}(?![\\p{L}\\p{N}])`, 'giu');
  // The whole name first, so "Ana Lima" becomes one marker rather than two.
  return [...(full.includes(' ') ? [wordBoundary(full)] : []), ...parts.map(wordBoundary)];
}

export function redactText(text: string, names: readonly RegExp[]): string {
  let out = text
    .replace(EMAIL, REMOVED)
    .replace(URL_WITH_SCHEME, REMOVED)
    .replace(HOST_WITH_PATH, REMOVED)
    .replace(HANDLE, (_match, before: string) => `${before}${REMOVED}`);
  out = removePhones(out);
  for (const name of names) out = out.replace(name, NAME_REMOVED);
  return out;
}

const optional = (value: string | null | undefined, names: readonly RegExp[]) =>
  value == null ? null : redactText(value, names);

/** Null when no history is held (docs/decisions/0059-review-of-applicants-and-submissions.md). */
export function redactBackground(
  background: BackgroundInput,
  participantName: string | null | undefined,
): RedactedBackground | null {
  if (background.experiences.length === 0 && background.educations.length === 0) return null;
  const names = nameMatchers(participantName);
  return {
    experiences: background.experiences.map((e) => ({
      company: redactText(e.company, names),
      role: optional(e.role, names),
      started_at: e.started_at ?? null,
      ended_at: e.ended_at ?? null,
      description: optional(e.description, names),
    })),
    educations: background.educations.map((e) => ({
      school: redactText(e.school, names),
      degree: optional(e.degree, names),
      major: optional(e.major, names),
    })),
  };
}
