import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { listMail } from '../../src/mail/index.ts';
import { startDashboardServer } from '../dashboard/support.ts';
import { engines, type TestServer } from '../support/harness.ts';
import { signUp } from '../support/participant-side.ts';
import { rawKeys, untranslatedText } from '../support/untranslated.ts';
import {
  csrfOf,
  joinForm,
  joinPanel,
  linkPath,
  PASSWORD,
  ParticipantClient,
  uniqueEmail,
} from './support.ts';

/**
 * What a page shows a reader: tags stripped, entities decoded. A select's choices (countries,
 * time zones) are data named by Intl or IANA, not catalog text, so they are left out; its blank
 * choice ("Choose a country") is a message and stays.
 */
function visibleText(page: string): string {
  return page
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<option value="[^"]+"[^>]*>[^<]*<\/option>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** A page in the pseudo-locale: no English left outside the catalogs, no key shown raw. */
function expectAllTranslated(page: string, allow: readonly string[] = []) {
  const text = visibleText(page);
  expect(untranslatedText(text, allow), text).toEqual([]);
  expect(rawKeys(text), text).toEqual([]);
  expect(page).toContain('<html lang="en-XA"');
}

/** The participant app's signed-out pages and the account mails, in the reader's language. */
describe.each(engines())('participant accounts in several languages on %s', (engine) => {
  let server: TestServer;
  const reader = (language: string) => {
    const client = new ParticipantClient(server.url);
    client.headers['accept-language'] = language;
    return client;
  };
  const accountOf = (email: string) =>
    server.database.db
      .selectFrom('participants')
      .select(['id', 'language'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
  const newestMail = async (email: string) => {
    const [mail] = await listMail(server.database.db, { to: email, limit: 1 });
    if (!mail) throw new Error(`no mail to ${email}`);
    return { ...mail, headers: JSON.parse(mail.headers ?? '{}') as Record<string, string> };
  };

  beforeAll(async () => {
    loadGeography();
    ({ server } = await startDashboardServer(engine));
  }, 60_000);
  afterAll(() => server?.close());

  it('says every signed-out page through the catalogs (pseudo-locale)', async () => {
    const client = reader('en-XA');
    for (const path of ['/participate/sign-up', '/participate/sign-in', '/participate/forgot']) {
      const page = await client.get(path);
      expect(page.status, path).toBe(200);
      expectAllTranslated(page.text);
    }

    const forgot = await client.get('/participate/forgot');
    const email = uniqueEmail('nobody');
    const sent = await client.post('/participate/forgot', { _csrf: csrfOf(forgot.text), email });
    expect(sent.status).toBe(200);
    expectAllTranslated(sent.text, [email]);

    const wrong = await client.post('/participate/sign-in', {
      _csrf: csrfOf(forgot.text),
      email,
      password: 'not the password',
      next: '/participate',
    });
    expect(wrong.status).toBe(401);
    expectAllTranslated(wrong.text, [email]);

    // A reset link that never existed: the form, its problem, and the page saying so.
    const reset = await client.get('/participate/reset/no-such-link');
    expect(reset.status).toBe(200);
    expectAllTranslated(reset.text);
    const short = await client.post('/participate/reset/no-such-link', {
      _csrf: csrfOf(reset.text),
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.text).toContain('id="password-problems">⟦');
    expectAllTranslated(short.text);
    const gone = await client.post('/participate/reset/no-such-link', {
      _csrf: csrfOf(reset.text),
      password: PASSWORD,
    });
    expect(gone.status).toBe(410);
    expectAllTranslated(gone.text);

    const unknownVerify = await client.get('/participate/verify/no-such-link');
    expect(unknownVerify.status).toBe(410);
    expectAllTranslated(unknownVerify.text);

    const forged = await client.post('/participate/sign-up', { ...joinForm(), _csrf: 'forged' });
    expect(forged.status).toBe(403);
    expectAllTranslated(forged.text);
  });

  it('says the sign-up form’s problems through the catalogs (pseudo-locale)', async () => {
    const client = reader('en-XA');
    const page = await client.get('/participate/sign-up');
    const typed = joinForm({
      name: 'Bo Typed',
      email: '<bo@example.org>',
      password: 'short',
      timezone: 'Mars/Olympus',
      birth_date: '2015-01-01',
    });
    const { terms: _unticked, ...withoutTerms } = typed;
    const refused = await client.post('/participate/sign-up', {
      _csrf: csrfOf(page.text),
      ...withoutTerms,
    });
    expect(refused.status).toBe(400);
    for (const field of ['email', 'password', 'timezone', 'birth_date', 'terms']) {
      expect(refused.text).toMatch(new RegExp(`id="${field}-problems">⟦`));
    }
    expect(refused.text).toContain('flash-error');
    expectAllTranslated(refused.text, ['Bo Typed', '<bo@example.org>']);

    // A taken address: the 409's message and the rule it names.
    const first = await joinPanel(reader('en'));
    const again = await client.post('/participate/sign-up', {
      _csrf: csrfOf(page.text),
      ...joinForm({ email: first.email.toUpperCase() }),
    });
    expect(again.status).toBe(409);
    expect(again.text).toMatch(/id="email-problems">⟦/);
    expectAllTranslated(again.text, [first.email.toUpperCase()]);

    // The pseudo-locale is the tests' English: an account made in it speaks English.
    const pseudo = await joinPanel(client);
    expect((await accountOf(pseudo.email)).language).toBe('en');
  });

  it('signs up a German reader in German, and mails the confirmation in German', async () => {
    const client = reader('de');
    const page = await client.get('/participate/sign-up');
    expect(page.text).toContain('<html lang="de"');
    expect(page.text).toContain('Konto erstellen');
    expect(page.text).toContain('Nehmen Sie an Forschungsstudien teil');
    // Countries as German names them, in German order.
    expect(page.text).toContain('<option value="DE">Deutschland</option>');

    const short = await client.post('/participate/sign-up', {
      _csrf: csrfOf(page.text),
      ...joinForm({ password: 'short' }),
    });
    expect(short.status).toBe(400);
    expect(short.text).toContain(
      'id="password-problems">Das Passwort muss mindestens 12 Zeichen lang sein.<',
    );
    expect(short.text).toContain('Die Registrierung ist noch nicht vollständig.');

    const form = joinForm({ name: 'Lena Vogel', email: uniqueEmail('lena') });
    const joined = await client.post('/participate/sign-up', { _csrf: csrfOf(page.text), ...form });
    expect(joined.status).toBe(303);
    expect((await accountOf(form.email)).language).toBe('de');

    const welcome = await client.get(joined.location!);
    expect(welcome.text).toContain(`Willkommen! Wir haben einen Link an ${form.email} geschickt.`);

    const mail = await newestMail(form.email);
    expect(mail.kind).toBe('verify_email');
    expect(mail.headers['Content-Language']).toBe('de');
    expect(mail.subject).toBe(
      `Bestätigen Sie Ihre E-Mail-Adresse für ${new URL(server.context.config.publicUrl).host}`,
    );
    expect(mail.text_body).toMatch(/^Hallo Lena Vogel,\n\nöffnen Sie diesen Link/);
    expect(mail.text_body).toContain('ist 3 Tage gültig');
    const link = linkPath(mail.text_body, '/participate/verify/');

    // The link confirms the address, and the page says so in German.
    const confirmed = await reader('de').get(link);
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('Ihre E-Mail-Adresse ist bestätigt.');
  });

  it('keeps the language chosen on the switcher over the browser’s', async () => {
    const client = reader('de');
    client.cookies.set('cohort_language', 'es');
    const page = await client.get('/participate/sign-up');
    expect(page.text).toContain('<html lang="es"');
    expect(page.text).toContain('Crear mi cuenta');
    const form = joinForm({ email: uniqueEmail('lucia') });
    await client.post('/participate/sign-up', { _csrf: csrfOf(page.text), ...form });
    expect((await accountOf(form.email)).language).toBe('es');
    const mail = await newestMail(form.email);
    expect(mail.headers['Content-Language']).toBe('es');
    expect(mail.text_body).toMatch(/^Hola, Ana Lima:/);
  });

  it('mails a password reset in the account’s language, whatever the page speaks', async () => {
    const email = uniqueEmail('camille');
    await signUp(server, { email, name: 'Camille Martin', language: 'fr' });
    const client = reader('en');
    const page = await client.get('/participate/forgot');
    const asked = await client.post('/participate/forgot', { _csrf: csrfOf(page.text), email });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('a link to set a new password is on its way');

    const mail = await newestMail(email);
    expect(mail.kind).toBe('reset_password');
    expect(mail.headers['Content-Language']).toBe('fr');
    expect(mail.subject).toBe(
      `Définissez votre mot de passe pour ${new URL(server.context.config.publicUrl).host}`,
    );
    expect(mail.text_body).toMatch(/^Bonjour Camille Martin,/);
    expect(mail.text_body).toContain('reste valable 60 minutes');
    const link = linkPath(mail.text_body, '/participate/reset/');

    // Signed in by the link, the notice speaks the account's language.
    const form = await client.get(link);
    const set = await client.post(link, { _csrf: csrfOf(form.text), password: PASSWORD });
    expect(set.status).toBe(303);
    const next = await client.get(set.location!);
    expect(next.text).toContain('Votre nouveau mot de passe est enregistré.');
  });
});
