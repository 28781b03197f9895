/**
 * The headers of every page of both apps: pages may load only this server's own styles and
 * scripts, ask only this server (the live counts), may not be framed, and may post forms only
 * back to themselves. Inline SVG needs no exception: it is markup, not a style or a script.
 * `no-store`, as pages show a signed-in person's data.
 */
export const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
} as const;
