import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openSqlite } from '../src/platform/db/database.ts';
import { buildOpenApiDocument } from '../src/platform/http/openapi.ts';
import { createContext } from '../src/server.ts';

/** The checked-in document names the default local server, so it is the same on every machine. */
export const CHECKED_IN_PUBLIC_URL = 'http://localhost:8080';

export const OPENAPI_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'openapi.json',
);

/**
 * The document of the app as built, from its route schemas. Building the app runs no query, so an
 * empty in-memory database is enough.
 */
export async function generateOpenApiDocument(publicUrl = CHECKED_IN_PUBLIC_URL) {
  const database = openSqlite(':memory:');
  const config = { ...loadConfig({}), publicUrl };
  const app = await buildApp(createContext(config, database));
  try {
    await app.ready();
    return await buildOpenApiDocument(app.documentedRoutes, {
      publicUrl,
      webhooks: app.documentedWebhooks,
    });
  } finally {
    await app.close();
    await database.destroy();
  }
}

export const serializeDocument = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

// `npm run openapi`: rewrite openapi.json at the repository root.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const document = await generateOpenApiDocument();
  fs.writeFileSync(OPENAPI_FILE, serializeDocument(document));
  const operations = Object.values(document.paths as Record<string, object>).reduce(
    (sum, item) => sum + Object.keys(item).length,
    0,
  );
  process.stdout.write(
    `Wrote ${path.relative(process.cwd(), OPENAPI_FILE)} (${operations} operations)\n`,
  );
}
