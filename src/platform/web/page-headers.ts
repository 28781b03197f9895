import type { FastifyInstance } from 'fastify';

/**
 * The headers of every HTML page (dashboard, participant app, front door, /docs), set in one place
 * by `registerPageHeaders` for any response served as text/html, error pages included
 * (docs/decisions/0115-page-headers-in-one-hook.md).
 *
 * Pages may load only this server's own styles and scripts (no inline script or style anywhere),
 * may ask only this server and PUBLIC_URL (the live counts; /docs' "Try it out" sends to the
 * document's server, PUBLIC_URL), may not be framed, and may post forms only back to themselves.
 * Inline SVG needs no exception: it is markup, not a style or a script. `same-origin` referrers:
 * the pages' own requests keep theirs, while a link out (a study's task URL, a receiver) learns
 * nothing of the page's path, which holds ids. HSTS only when PUBLIC_URL is https, as a browser
 * would otherwise be told to refuse the plain-http address it is using.
 */
export function pageHeaders(publicUrl: string): Record<string, string> {
  const publicOrigin = new URL(publicUrl).origin;
  const headers: Record<string, string> = {
    'content-security-policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      `connect-src 'self' ${publicOrigin}`,
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  };
  if (publicUrl.startsWith('https:')) {
    // A year, the figure browsers' preload lists ask for; not includeSubDomains, as the operator's
    // other hosts are not Cohort's to decide.
    headers['strict-transport-security'] = 'max-age=31536000';
  }
  return headers;
}

/**
 * Adds the page headers to every text/html response of the app, and `no-store` unless the route
 * chose its caching (pages show a signed-in person's data). A synchronous hook: the API's JSON
 * responses pay one header read.
 */
export function registerPageHeaders(app: FastifyInstance, publicUrl: string): void {
  const headers = pageHeaders(publicUrl);
  const hsts = headers['strict-transport-security'];
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.headers(headers);
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    } else {
      reply.header('x-content-type-options', 'nosniff');
      if (hsts) reply.header('strict-transport-security', hsts);
    }
    done(null, payload);
  });
}
