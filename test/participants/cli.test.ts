import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCliServer } from '../support/cli.ts';
import { client, engines, type TestServer } from '../support/harness.ts';
import { loadGeographyOnce, profile } from '../support/participant-side.ts';

// Each run of the CLI loads the geography to check the profile: seconds per process.
describe.each(engines())('cohort participant create on %s', (engine) => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  let dir: string;
  beforeAll(async () => {
    loadGeographyOnce();
    ({ server, env, dataDir: dir } = await startCliServer(engine, 'cohort-participant-cli-'));
  });
  afterAll(() => server.close());

  const cohort = (...args: string[]) => runCli(env, args);
  const write = (value: unknown) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, JSON.stringify(value));
    return file;
  };

  it('creates a participant from profile JSON; its token works on the participant API', async () => {
    const body = profile();
    const { stdout } = await cohort('participant', 'create', '--profile', write(body), '--json');
    const created = JSON.parse(stdout);
    expect(created).toEqual({
      participant: expect.objectContaining({
        id: expect.stringMatching(/^par_/),
        email: body.email,
        country_id: 'US',
      }),
      token: expect.stringMatching(/^pt_/),
    });
    const me = await client(server, created.token).get('/v2/participant/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(created.participant.id);

    const again = await cohort('participant', 'create', '--profile', write(body), '--json').catch(
      (error) => error,
    );
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('An account already exists for this address');
  }, 120_000);

  it('lists every problem of an invalid profile and exits 2', async () => {
    const failed = await cohort(
      'participant',
      'create',
      '--profile',
      write({ ...profile(), timezone: 'Nowhere/Land', country_id: 'XX', shoe_size: 44 }),
    ).catch((error) => error);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain('shoe_size');
    const invalid = await cohort(
      'participant',
      'create',
      '--profile',
      write({ ...profile(), timezone: 'Nowhere/Land', country_id: 'XX' }),
    ).catch((error) => error);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('timezone: "Nowhere/Land" is not an IANA time zone name');
    expect(invalid.stderr).toContain('country_id');
    const missing = await cohort('participant', 'create').catch((error) => error);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--profile is required');
  }, 120_000);
});
