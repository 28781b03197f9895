import { randomBytes, timingSafeEqual } from 'node:crypto';

/** What every server-rendered form needs: synchronizer tokens and one-shot messages. */

/** Constant-time comparison of a submitted form token with the expected one. */
export function tokensMatch(submitted: unknown, expected: string | undefined): boolean {
  if (typeof submitted !== 'string' || !expected) return false;
  const a = Buffer.from(submitted);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const newFormToken = () => randomBytes(32).toString('base64url');

/** A message for the next page (a notice or an error with its problems), carried by a cookie. */
export interface Flash {
  kind: 'notice' | 'error';
  message: string;
  issues?: string[];
}

export function encodeFlash(flash: Flash): string {
  return Buffer.from(JSON.stringify(flash)).toString('base64url');
}

export function decodeFlash(value: string | undefined): Flash | undefined {
  if (!value) return undefined;
  try {
    const flash = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      (flash?.kind === 'notice' || flash?.kind === 'error') &&
      typeof flash.message === 'string'
    ) {
      const issues = Array.isArray(flash.issues)
        ? flash.issues.filter((i: unknown) => typeof i === 'string')
        : undefined;
      return { kind: flash.kind, message: flash.message, issues };
    }
  } catch {
    // A mangled flash cookie is simply not shown.
  }
  return undefined;
}

/**
 * Form fields as strings, from a body @fastify/formbody parsed or a parsed query string (a
 * repeated field, such as checkboxes or a multi-select, arrives as an array): a repeated field
 * keeps every value, joined by newlines.
 */
export function formOf(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') form[key] = value;
    else if (Array.isArray(value))
      form[key] = value.filter((v) => typeof v === 'string').join('\n');
  }
  return form;
}
