import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  generateSchemaSource,
  readDocument,
  SCHEMA_FILE,
} from '../../packages/sdk/scripts/generate.ts';

describe('the SDK types', () => {
  it('are what openapi-typescript makes of the checked-in openapi.json (npm run sdk:generate)', async () => {
    const committed = fs.readFileSync(SCHEMA_FILE, 'utf8');
    const generated = await generateSchemaSource(readDocument());
    // One line, not a 7,000-line diff, when they drift.
    expect(
      committed === generated,
      'packages/sdk/src/schema.ts differs from openapi.json: run `npm run sdk:generate`',
    ).toBe(true);
  });

  it('notice a change of the document', async () => {
    const document = readDocument() as { components: { schemas: Record<string, any> } };
    document.components.schemas.Project.properties.colour = { type: 'string' };
    expect(await generateSchemaSource(document)).not.toBe(fs.readFileSync(SCHEMA_FILE, 'utf8'));
  });
});
