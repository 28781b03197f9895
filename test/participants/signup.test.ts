import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { loadGeographyOnce, profile, signUp } from '../support/participant-side.ts';

describe.each(engines())('participant sign-up and profile on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('signs up with a full profile and returns the participant and a pt_ token', async () => {
    const body = profile();
    const response = await client(server).post('/v2/participant/signup', body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      participant: {
        id: expect.stringMatching(/^par_/),
        name: 'Ana Lima',
        email: body.email,
        linkedin_url: body.linkedin_url,
        timezone: 'America/Los_Angeles',
        language: 'en',
        birth_date: '1990-02-28',
        country_id: 'US',
        state_id: 'US-CA',
        city_id: '5391959',
        attributes: body.attributes,
        linked_accounts: ['linkedin'],
        background: {
          experiences: [body.background!.experiences![0]],
          educations: [body.background!.educations![0]],
        },
        notifications: { new_studies: 'each' },
        mail_undeliverable: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      token: expect.stringMatching(/^pt_[A-Za-z0-9_-]{43}$/),
    });
    const me = await client(server, response.body.token).get('/v2/participant/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(response.body.participant);
  });

  it('takes its language from the body, else the best match of Accept-Language, else English', async () => {
    const signUpWith = async (extra: object, headers: Record<string, string> = {}) => {
      const response = await client(server).post('/v2/participant/signup', profile(extra), headers);
      expect(response.status).toBe(200);
      return response.body as { participant: { language: string }; token: string };
    };
    const fromBrowser = await signUpWith({}, { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(fromBrowser.participant.language).toBe('de');
    expect((await signUpWith({}, { 'accept-language': 'ja, zh;q=0.8' })).participant.language).toBe(
      'en',
    );
    expect((await signUpWith({}, { 'accept-language': 'en-XA' })).participant.language).toBe('en');
    expect(
      (await signUpWith({ language: 'es' }, { 'accept-language': 'fr' })).participant.language,
    ).toBe('es');

    const me = client(server, fromBrowser.token);
    const changed = await me.patch('/v2/participant/me', { language: 'fr' });
    expect(changed.status).toBe(200);
    expect(changed.body.language).toBe('fr');
    expect((await me.get('/v2/participant/me')).body.language).toBe('fr');
    const refused = await me.patch('/v2/participant/me', { language: 'it' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('BAD_REQUEST');
    expect(refused.body.issues.map((i: { message: string }) => i.message).join(' ')).toContain(
      'language',
    );
    expect((await me.get('/v2/participant/me')).body.language).toBe('fr');
  });

  it('lists every problem of an invalid profile in one 400', async () => {
    const response = await client(server).post(
      '/v2/participant/signup',
      profile({
        email: 'not-an-email',
        timezone: 'Mars/Olympus',
        birth_date: '2015-01-01',
        country_id: 'Germany',
        state_id: null,
        city_id: null,
        attributes: { 'multi_select--seniority': ['Senior'] },
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_REQUEST');
    expect(response.body.issues.map((i: { message: string }) => i.message)).toEqual([
      'email: is not an email address',
      'timezone: "Mars/Olympus" is not an IANA time zone name',
      'country_id: "Germany" is not an option id; use the option id DE for name Germany',
      'attributes.multi_select--seniority[0]: "Senior" is not an option id; use the option id senior for name Senior',
      'birth_date: participants must be at least 18 years old',
    ]);
    const missing = await client(server).post('/v2/participant/signup', { name: 'X' });
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining([
        'body.email: is required',
        'body.timezone: is required',
        'body.country_id: is required',
      ]),
    );
  });

  it('refuses a second sign-up with the same email (any case) with 409', async () => {
    const body = profile();
    expect((await client(server).post('/v2/participant/signup', body)).status).toBe(200);
    const again = await client(server).post('/v2/participant/signup', {
      ...body,
      email: body.email.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'CONFLICT',
      message: 'An account already exists for this address',
      issues: [{ message: expect.stringContaining('an account already exists for this address') }],
    });
  });

  it('patches the profile, validating the whole result; a taken email is a 409', async () => {
    const participant = await signUp(server);
    const other = await signUp(server);
    const otherEmail = (await other.api.get('/v2/participant/me')).body.email;
    const changed = await participant.api.patch('/v2/participant/me', {
      timezone: 'Europe/Berlin',
      country_id: 'DE',
      state_id: 'DE-BY',
      city_id: null,
      linked_accounts: ['linkedin', 'github'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      timezone: 'Europe/Berlin',
      country_id: 'DE',
      state_id: 'DE-BY',
      city_id: null,
      linked_accounts: ['linkedin', 'github'],
    });
    // The US city left over from sign-up would contradict DE: the merged profile is validated.
    const contradictory = await participant.api.patch('/v2/participant/me', {
      city_id: '5391959',
    });
    expect(contradictory.status).toBe(400);
    expect(contradictory.body.issues[0].message).toContain('is not in country DE');
    const taken = await participant.api.patch('/v2/participant/me', { email: otherEmail });
    expect(taken.status).toBe(409);
    const unknownField = await participant.api.patch('/v2/participant/me', { nickname: 'A' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.issues).toEqual([{ message: 'body.nickname: unknown field' }]);
  });

  it('keeps credentials apart: participant tokens on customer routes and API keys here are 401', async () => {
    const participant = await signUp(server);
    const organization = await createTestOrganization(server);
    const asCustomer = await client(server, participant.token).get('/v2/projects');
    expect(asCustomer.status).toBe(401);
    expect(asCustomer.body.error.code).toBe('UNAUTHORIZED');
    const keyHere = await client(server, organization.apiKey).get('/v2/participant/me');
    expect(keyHere.status).toBe(401);
    expect(keyHere.body.error.message).toContain('participant token');
    const nobody = await client(server).get('/v2/participant/me');
    expect(nobody.status).toBe(401);
    const forged = await client(server, 'pt_forged').get('/v2/participant/opportunities');
    expect(forged.status).toBe(401);
  });
});
