import type { CookieSerializeOptions } from '@fastify/cookie';

/**
 * The HTML scopes' cookies are parsed and written by @fastify/cookie, registered in each scope
 * (docs/decisions/0153-fastify-cookie-reads-and-writes-cookies.md); this module holds the
 * attributes every one of them gets.
 */

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
  path?: string;
}

/** HTTP-only and SameSite=Lax always; Secure when the dashboard is served over https. */
export function cookieAttributes(options: CookieOptions): CookieSerializeOptions {
  return {
    path: options.path ?? '/dashboard',
    maxAge: Math.max(0, Math.floor(options.maxAgeSeconds)),
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
  };
}
