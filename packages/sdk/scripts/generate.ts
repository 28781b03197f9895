import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The document the types describe: the repository's checked-in openapi.json (`npm run openapi`). */
export const OPENAPI_FILE = path.join(here, '..', '..', '..', 'openapi.json');
export const SCHEMA_FILE = path.join(here, '..', 'src', 'schema.ts');

const HEADER = `/**
 * Types of the Cohort API v2, generated from openapi.json by openapi-typescript.
 * Do not edit: run \`npm run sdk:generate\` after \`npm run openapi\`.
 */

`;

/** The text of src/schema.ts for a document; a test compares it with the committed file. */
export async function generateSchemaSource(document: unknown = readDocument()): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(ast);
}

export function readDocument(): unknown {
  return JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8'));
}

// `npm run sdk:generate`: rewrite packages/sdk/src/schema.ts.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(SCHEMA_FILE, await generateSchemaSource());
  process.stdout.write(`Wrote ${path.relative(process.cwd(), SCHEMA_FILE)}\n`);
}
