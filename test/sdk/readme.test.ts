import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

/** The five-line example of docs/api/sdk-and-mcp.md, run as written against a real server. */
function guideExample(): string {
  const guide = fs.readFileSync('docs/api/sdk-and-mcp.md', 'utf8');
  const section = guide.slice(guide.indexOf('## TypeScript SDK'));
  const match = section.match(/```ts\n([\s\S]*?)```/);
  if (!match) throw new Error('docs/api/sdk-and-mcp.md: no TypeScript SDK example');
  return match[1]!;
}

describe.each(engines())('the SDK guide example on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  it('is five lines that create a project and list every project', async () => {
    const example = guideExample();
    expect(example.trim().split('\n')).toHaveLength(5);
    expect(example).toContain("baseUrl: 'http://localhost:8080/v2'");
    const organization = await createTestOrganization(server);
    // Inside the repository, so '@cohort/sdk' resolves to the workspace's TypeScript source with
    // the `@cohort/source` condition (docs/decisions/0150-sdk-packs-in-place.md).
    const file = path.resolve(`test/sdk/.readme-example-${process.pid}-${engine}.ts`);
    fs.writeFileSync(file, example.replace('http://localhost:8080/v2', `${server.url}/v2`));
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--conditions=@cohort/source', file],
        {
          env: { PATH: process.env.PATH ?? '', COHORT_API_KEY: organization.apiKey },
        },
      );
      const [line, ...rest] = stdout.trim().split('\n');
      expect(rest).toEqual([]);
      expect(line).toMatch(
        /^prj_\S+ Checkout study http:\/\/cohort\.test\/dashboard\/projects\/prj_/,
      );
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
