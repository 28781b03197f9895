import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { WEBHOOK_EVENT_TYPES as sdkEventTypes } from '@cohort/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPackage } from '../../packages/sdk/scripts/build.ts';
import { WEBHOOK_EVENT_TYPES as serverEventTypes } from '../../src/webhooks/event.ts';

const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-sdk-pack-'));
async function npm(args: string[], cwd: string): Promise<string> {
  return (await run('npm', args, { cwd })).stdout;
}

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The SDK as a stranger installs it: packed, installed offline into an empty project. */
describe('the packed @cohort/sdk', () => {
  it('installs with no dependency and exports the client and the webhook verifier', async () => {
    const packageDir = path.join(work, 'package');
    buildPackage(packageDir);
    const tarball = (await npm(['pack', packageDir, '--pack-destination', work], work)).trim();
    const app = path.join(work, 'app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), '{"name":"app","private":true}\n');
    await npm(
      [
        'install',
        '--offline',
        '--no-audit',
        '--no-fund',
        path.join(work, tarball.split('\n').at(-1)!),
      ],
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
      }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: app,
    });
    expect(JSON.parse(stdout)).toEqual({ client: 'function', verified: true, same: true });
  }, 120_000);

  it('names the same webhook event types as the server', () => {
    expect([...sdkEventTypes]).toEqual([...serverEventTypes]);
  });
});
