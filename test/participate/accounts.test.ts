import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { startDashboardServer } from '../dashboard/support.ts';
import { engines, type TestServer } from '../support/harness.ts';
import { signUp } from '../support/participant-side.ts';
import { rawKeys, untranslatedText } from '../support/untranslated.ts';
import {
  csrfOf,
  joinForm,
  joinPanel,
  linkPath,
  newestMailTo,
  PASSWORD,
  ParticipantClient,
  uniqueEmail,
  verifyByMail,
} from './support.ts';

/** The participant app's accounts over HTTP: the front door, sign-up, sign-in, links, tokens. */
describe.each(engines())('participant accounts on %s', (engine) => {
  let server: TestServer;
  const visitor = () => new ParticipantClient(server.url);

  beforeAll(async () => {
    loadGeography();
    ({ server } = await startDashboardServer(engine));
  }, 60_000);
  afterAll(() => server?.close());

  it('opens at a front door with a way in for researchers and one for participants', async () => {
    const page = await visitor().get('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('href="/participate/sign-up"');
    expect(page.text).toContain('href="/participate/sign-in"');
    expect(page.text).toContain('href="/dashboard/sign-in"');
    // PUBLIC_URL names the service.
    expect(page.text).toContain(new URL(server.context.config.publicUrl).host);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('lists every sign-up problem beside its field, keeping what was typed but not the password', async () => {
    const client = visitor();
    const form = await client.get('/participate/sign-up');
    const response = await client.post('/participate/sign-up', {
      _csrf: csrfOf(form.text),
      name: 'Bo Typed',
      email: 'not an address',
      password: 'short',
      timezone: 'Mars/Olympus',
      country_id: 'DE',
      birth_date: '2015-01-01',
    });
    expect(response.status).toBe(400);
    const problem = (field: string) =>
      new RegExp(`id="${field}-problems">([^<]+)<`).exec(response.text)?.[1];
    expect(problem('email')).toBe('is not an email address');
    expect(problem('password')).toBe('must be at least 12 characters');
    expect(problem('timezone')).toMatch(/is not an IANA time zone name/);
    expect(problem('birth_date')).toBe('participants must be at least 18 years old');
    expect(problem('terms')).toBe('you need to agree to the terms to take part');
    expect(response.text).toContain('value="Bo Typed"');
    expect(response.text).toContain('aria-invalid="true"');
    expect(response.text).not.toContain('value="short"');
    expect(
      await server.database.db
        .selectFrom('participants')
        .select('id')
        .where('name', '=', 'Bo Typed')
        .execute(),
    ).toEqual([]);
  });

  it('takes one plain address only, so a sign-up cannot make Cohort mail someone else', async () => {
    const client = visitor();
    const form = await client.get('/participate/sign-up');
    const response = await client.post('/participate/sign-up', {
      _csrf: csrfOf(form.text),
      ...joinForm({ email: '<ana@example.org>' }),
    });
    expect(response.status).toBe(400);
    expect(response.text).toMatch(/id="email-problems">must be one plain address/);
  });

  it('refuses a form without its token, and changes nothing', async () => {
    const client = visitor();
    await client.get('/participate/sign-up');
    const form = joinForm();
    const response = await client.post('/participate/sign-up', { ...form, _csrf: 'forged' });
    expect(response.status).toBe(403);
    expect(await newestMailTo(server, form.email)).toBeUndefined();
  });

  it('signs a new participant in, mails a verification link, and asks for it before applying', async () => {
    const client = visitor();
    const form = await joinPanel(client);
    expect(client.cookies.has('cohort_participant')).toBe(true);
    const mail = await newestMailTo(server, form.email);
    expect(mail).toMatchObject({ kind: 'verify_email', to_address: form.email });
    expect(mail!.text_body).toContain(`${server.context.config.publicUrl}/participate/verify/`);
    // Signed up without a language in the browser: English, and the mail says so.
    expect(JSON.parse(mail!.headers ?? '{}')).toEqual({ 'Content-Language': 'en' });
    expect(mail!.subject).toBe(
      `Confirm your email for ${new URL(server.context.config.publicUrl).host}`,
    );
    expect(mail!.text_body).toContain('The link works once, for 3 days.');

    const studies = await client.get('/participate');
    expect(studies.status).toBe(200);
    expect(studies.text).toContain('Confirm your email to apply');

    const verified = await verifyByMail(client, server, form.email);
    expect(verified.status).toBe(303);
    const after = await client.get('/participate');
    expect(after.text).not.toContain('Confirm your email to apply');
    // A link works once.
    expect((await verifyByMail(client, server, form.email)).status).toBe(410);
  });

  it('refuses a second account for one address', async () => {
    const first = await joinPanel(visitor());
    const client = visitor();
    const page = await client.get('/participate/sign-up');
    const response = await client.post('/participate/sign-up', {
      _csrf: csrfOf(page.text),
      ...joinForm({ email: first.email.toUpperCase() }),
    });
    expect(response.status).toBe(409);
    expect(response.text).toMatch(/an account already exists for this address/);
  });

  it('signs in and out, and sends a signed-out visitor to sign-in and back', async () => {
    const form = await joinPanel(visitor());
    const client = visitor();
    const bounced = await client.get('/participate/earnings');
    expect(bounced.status).toBe(303);
    expect(bounced.location).toBe('/participate/sign-in?next=%2Fparticipate%2Fearnings');

    const page = await client.get(bounced.location!);
    const wrong = await client.post('/participate/sign-in', {
      _csrf: csrfOf(page.text),
      email: form.email,
      password: 'not the password',
      next: '/participate/earnings',
    });
    expect(wrong.status).toBe(401);
    const right = await client.post('/participate/sign-in', {
      _csrf: csrfOf(page.text),
      email: form.email,
      password: PASSWORD,
      next: '/participate/earnings',
    });
    expect(right.status).toBe(303);
    expect(right.location).toBe('/participate/earnings');
    expect((await client.get('/participate/earnings')).status).toBe(200);

    // Another site's address in `next` is ignored.
    const other = visitor();
    const away = await other.post('/participate/sign-in', {
      _csrf: csrfOf((await other.get('/participate/sign-in')).text),
      email: form.email,
      password: PASSWORD,
      next: '//evil.example/',
    });
    expect(away.status).toBe(303);
    expect(away.location).toBe('/participate');

    const signedIn = await client.get('/participate');
    const out = await client.post('/participate/sign-out', { _csrf: csrfOf(signedIn.text) });
    expect(out.status).toBe(303);
    expect((await client.get('/participate')).status).toBe(303);
  });

  it('throttles guessing: after ten failures the address waits, even with the right password', async () => {
    const form = await joinPanel(visitor());
    const client = visitor();
    const page = await client.get('/participate/sign-in');
    const attempt = (password: string) =>
      client.post('/participate/sign-in', {
        _csrf: csrfOf(page.text),
        email: form.email,
        password,
        next: '/participate',
      });
    for (let i = 0; i < 10; i++) expect((await attempt(`guess ${i}`)).status).toBe(401);
    const refused = await attempt(PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).toMatch(/Try again in 1[45] minutes, or set a new password by email/);

    // The refusal speaks the reader's language too (pseudo-locale: nothing left in English).
    client.headers['accept-language'] = 'en-XA';
    const pseudo = await attempt(PASSWORD);
    expect(pseudo.status).toBe(429);
    const text = pseudo.text.replace(/<[^>]+>/g, ' ').replace(/&#39;/g, "'");
    expect(text).toContain('⟦Ţóó ɱáñý');
    expect(untranslatedText(text, [form.email])).toEqual([]);
    expect(rawKeys(text)).toEqual([]);
    client.headers['accept-language'] = 'es';
    const spanish = await attempt(PASSWORD);
    expect(spanish.text).toContain('Demasiados intentos fallidos con esta dirección.');
  });

  it('lets a participant created through the API set a password by the emailed link', async () => {
    const email = uniqueEmail('api.made');
    await signUp(server, { email });
    const client = visitor();
    const page = await client.get('/participate/forgot');
    const asked = await client.post('/participate/forgot', { _csrf: csrfOf(page.text), email });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('a link to set a new password is on its way');
    // An unknown address gets the same answer and no mail.
    const unknown = uniqueEmail('nobody');
    const same = await client.post('/participate/forgot', {
      _csrf: csrfOf(page.text),
      email: unknown,
    });
    expect(same.text).toContain('a link to set a new password is on its way');
    expect(await newestMailTo(server, unknown)).toBeUndefined();

    const mail = await newestMailTo(server, email);
    expect(mail).toMatchObject({ kind: 'reset_password' });
    const link = linkPath(mail!.text_body, '/participate/reset/');
    const form = await client.get(link);
    const short = await client.post(link, { _csrf: csrfOf(form.text), password: 'short' });
    expect(short.status).toBe(400);
    expect(short.text).toContain('must be at least 12 characters');
    const set = await client.post(link, { _csrf: csrfOf(form.text), password: PASSWORD });
    expect(set.status).toBe(303);
    expect((await client.get('/participate')).status).toBe(200);
    // The link reached the address: it counts as verified. Used once, it is gone.
    const row = await server.database.db
      .selectFrom('participants')
      .select(['email_verified_at', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    const again = await visitor().get(link);
    const reused = await visitor().post(link, { _csrf: csrfOf(again.text), password: PASSWORD });
    expect(reused.status).toBe(403);

    const fresh = visitor();
    const signIn = await fresh.get('/participate/sign-in');
    const signedIn = await fresh.post('/participate/sign-in', {
      _csrf: csrfOf(signIn.text),
      email,
      password: PASSWORD,
      next: '/participate',
    });
    expect(signedIn.status).toBe(303);
  });
});
