import type { FastifyReply, FastifyRequest } from 'fastify';
import { findSession, type SessionWithOrganization } from '../organizations/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ROLE_PERMISSIONS } from '../platform/http/auth.ts';
import type { Permission } from '../platform/http/context.ts';
import { cookieAttributes } from '../platform/web/cookies.ts';

export {
  decodeFlash,
  encodeFlash,
  type Flash,
  newFormToken,
  tokensMatch,
} from '../platform/web/forms.ts';

export const SESSION_COOKIE = 'cohort_session';
/** Carries the sign-in form's token before any session exists (login CSRF). */
export const SIGN_IN_COOKIE = 'cohort_sign_in';
export const FLASH_COOKIE = 'cohort_flash';

/** Sessions end 12 hours after sign-in, whatever happens in between. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** `cohort login-link` links: 15 minutes, once. */
export const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;

export type Viewer = SessionWithOrganization;

export function can(viewer: Viewer, permission: Permission): boolean {
  return ROLE_PERMISSIONS[viewer.session.role].has(permission);
}

export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  return request.cookies[name];
}

export async function sessionOf(
  db: Db,
  request: FastifyRequest,
  now: Date,
): Promise<Viewer | undefined> {
  const token = cookieOf(request, SESSION_COOKIE);
  if (!token || !/^[\w-]{20,100}$/.test(token)) return undefined;
  return findSession(db, token, now);
}

export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
) {
  // A cookie set twice in one reply is sent once, with the last value.
  reply.setCookie(name, value, cookieAttributes({ maxAgeSeconds, secure }));
}

/**
 * Where to go after signing in: only a path inside the dashboard, so a crafted `next` cannot send
 * someone to another site (`//evil.example`, `/\evil.example`, `https://...`).
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string') return '/dashboard';
  if (!/^\/dashboard(?:[/?#]|$)/.test(next) || /[\\\s]|\/\//.test(next)) return '/dashboard';
  return next;
}
