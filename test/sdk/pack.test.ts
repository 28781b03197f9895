import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { WEBHOOK_EVENT_TYPES as sdkEventTypes } from '@cohort/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES as serverEventTypes } from '../../src/webhooks/event.ts';

const run = promisify(execFile);
const sdk = path.resolve('packages/sdk');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-sdk-pack-'));
/** A stranger's environment: none of the workspace's export conditions (vitest.config.ts). */
const { NODE_OPTIONS: _workspaceOptions, ...strangerEnv } = process.env;

async function npm(args: string[], cwd: string): Promise<string> {
  return (await run('npm', args, { cwd, env: strangerEnv })).stdout;
}

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * The SDK as a stranger installs it: `npm pack` in packages/sdk (its `prepack` builds dist/),
 * the tarball installed offline into an empty project, imported by plain Node
 * (docs/decisions/0150-sdk-packs-in-place.md).
 */
describe('the packed @cohort/sdk', () => {
  it('packs in place, installs with no dependency, and exports the client and the verifier', async () => {
    const packed = JSON.parse(await npm(['pack', '--json', '--pack-destination', work], sdk)) as {
      filename: string;
      files: { path: string }[];
    }[];
    const files = packed[0]!.files.map((file) => file.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/webhooks.js',
        'dist/schema.d.ts',
        'dist/vendor/openapi-fetch/index.js',
      ]),
    );
    expect(files.filter((file) => file.startsWith('src/') || file.startsWith('scripts/'))).toEqual(
      [],
    );

    const app = path.join(work, 'app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), '{"name":"app","private":true}\n');
    await npm(
      ['install', '--offline', '--no-audit', '--no-fund', path.join(work, packed[0]!.filename)],
      app,
    );
    const installed = fs
      .readdirSync(path.join(app, 'node_modules'))
      .filter((n) => n !== '.package-lock.json');
    expect(installed).toEqual(['@cohort']);

    const script = `
      const sdk = await import('@cohort/sdk');
      const webhooks = await import('@cohort/sdk/webhooks');
      const client = sdk.createCohortClient({ baseUrl: 'http://localhost:8080', apiKey: 'ck_x' });
      const at = String(Math.floor(Date.now() / 1000));
      const rawBody = JSON.stringify({ id: 'evt_1', type: 'webhook.ping', created_at: 'c', data: {} });
      const headers = {
        [sdk.TIMESTAMP_HEADER]: at,
        [sdk.SIGNATURE_HEADER]: sdk.signPayload('whsec_x', at, rawBody),
      };
      console.log(JSON.stringify({
        client: typeof client.GET,
        verified: webhooks.verifyWebhook({ secret: 'whsec_x', headers, rawBody }).ok,
        same: sdk.verifyWebhook === webhooks.verifyWebhook,
        resolved: import.meta.resolve('@cohort/sdk').replace(/^.*node_modules/, ''),
      }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: app,
      env: strangerEnv,
    });
    expect(JSON.parse(stdout)).toEqual({
      client: 'function',
      verified: true,
      same: true,
      resolved: '/@cohort/sdk/dist/index.js',
    });
  }, 120_000);

  it('names the same webhook event types as the server', () => {
    expect([...sdkEventTypes]).toEqual([...serverEventTypes]);
  });
});
