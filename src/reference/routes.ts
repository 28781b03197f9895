import type { AppContext } from '../platform/http/context.ts';
import type { App } from '../platform/http/types.ts';
import { ASSET_PREFIX, assetAt } from './assets.ts';
import { referencePage } from './page.ts';

/**
 * The interactive API reference at /docs, public like the document it renders. Its scripts and
 * styles come only from this server, and requests made with "Try it out" may go only to this
 * server or to PUBLIC_URL (the document's server URL): nothing leaves for a third party.
 */
export function docsRoutes(app: App, _context: AppContext) {
  // The policy (connect-src PUBLIC_URL among them) is the one of every page:
  // platform/web/page-headers.ts.
  const pageHeaders = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
  };
  let page: string | undefined;

  app.get('/', { config: { auth: 'public' } }, async (_request, reply) => {
    page ??= referencePage();
    return reply.headers(pageHeaders).send(page);
  });

  app.get('/assets/:file', { config: { auth: 'public' } }, async (request, reply) => {
    const asset = assetAt(`${ASSET_PREFIX}${(request.params as { file: string }).file}`);
    if (!asset) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such file.');
    }
    reply
      .header('content-type', asset.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('vary', 'accept-encoding');
    const compressible = !asset.contentType.startsWith('image/');
    if (compressible && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(asset.gzipped());
    }
    return reply.send(asset.body);
  });
}
