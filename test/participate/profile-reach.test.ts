import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { hashSecret, newSecret, PARTICIPANT_TOKEN_PREFIX } from '../../src/platform/credentials.ts';
import { startDashboardServer } from '../dashboard/support.ts';
import { client as apiClient, engines, type TestServer } from '../support/harness.ts';
import { rawKeys, untranslatedText } from '../support/untranslated.ts';
import { csrfOf, joinPanel, ParticipantClient, profileForm } from './support.ts';

/**
 * The profile page's part of reach (issue 35): how often new studies are mailed, chosen on the page
 * and over the API alike (notifications.new_studies); the participant's record of decisions ("96%
 * of 25 decisions approved", docs/decisions/0168-reputation.md), nothing before a first one; and
 * the address a mail could not be delivered to. In German, and in the pseudo-locale with no English
 * left.
 */
const NAME = 'Ana Lima';

/** A page's text as a reader sees it (the time zone and state lists are place names: left out). */
function visibleText(markup: string): string {
  return markup
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/(<select id="(?:timezone|state_id)"[^>]*>)[\s\S]*?(<\/select>)/g, '$1$2')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const recordLine = (markup: string) =>
  /<p class="record" data-record>([^<]*)<\/p>/.exec(markup)?.[1]?.replace(/\s/g, ' ');
const checkedNewStudies = (markup: string) =>
  /name="new_studies" value="(\w+)" checked/.exec(markup)?.[1];

describe.each(engines())('the profile page’s mail choice and record on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    loadGeography();
    ({ server } = await startDashboardServer(engine));
  }, 120_000);
  afterAll(() => server?.close());

  async function participant() {
    const client = new ParticipantClient(server.url);
    const form = await joinPanel(client, { name: NAME });
    // The sign-up's welcome is shown once, on the first page after it; these tests start after.
    await client.get('/participate/profile');
    const row = await server.database.db
      .selectFrom('participants')
      .select('id')
      .where('email', '=', form.email.toLowerCase())
      .executeTakeFirstOrThrow();
    const token = newSecret(PARTICIPANT_TOKEN_PREFIX);
    await server.database.db
      .updateTable('participants')
      .set({ token_hash: hashSecret(token) })
      .where('id', '=', row.id)
      .execute();
    return { client, form, id: row.id, api: apiClient(server, token) };
  }

  const setRecord = (id: string, approved: number, decided: number) =>
    server.database.db
      .updateTable('participants')
      .set({
        approved_submissions: approved,
        decided_submissions: decided,
        approval_rate: decided === 0 ? null : Math.floor((approved * 100) / decided),
      })
      .where('id', '=', id)
      .execute();

  it('round-trips the new-studies choice between the API and the page', async () => {
    const { client, form, api } = await participant();
    expect((await api.get('/v2/participant/me')).body.notifications).toEqual({
      new_studies: 'each',
    });
    expect(checkedNewStudies((await client.get('/participate/profile')).text)).toBe('each');

    const patched = await api.patch('/v2/participant/me', {
      notifications: { new_studies: 'daily' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.notifications).toEqual({ new_studies: 'daily' });
    const page = await client.get('/participate/profile');
    expect(checkedNewStudies(page.text)).toBe('daily');

    const saved = await client.post(
      '/participate/profile',
      profileForm(page.text, form, [['new_studies', 'never']]),
    );
    expect(saved.status).toBe(303);
    expect((await api.get('/v2/participant/me')).body.notifications).toEqual({
      new_studies: 'never',
    });
    expect(checkedNewStudies((await client.get('/participate/profile')).text)).toBe('never');

    // A change that names no notification, or none of its choices, keeps it.
    expect((await api.patch('/v2/participant/me', { name: 'Ana L.' })).body.notifications).toEqual({
      new_studies: 'never',
    });
    expect(
      (await api.patch('/v2/participant/me', { notifications: {} })).body.notifications,
    ).toEqual({ new_studies: 'never' });
    // A form without the choice (an older page) keeps it too; one with an unknown value changes
    // nothing of it.
    const again = await client.get('/participate/profile');
    await client.post('/participate/profile', profileForm(again.text, form));
    await client.post(
      '/participate/profile',
      profileForm(again.text, form, [['new_studies', 'weekly']]),
    );
    expect((await api.get('/v2/participant/me')).body.notifications).toEqual({
      new_studies: 'never',
    });
  });

  it('refuses another value with the other problems of the change, and changes nothing', async () => {
    const { api } = await participant();
    const refused = await api.patch('/v2/participant/me', {
      notifications: { new_studies: 'weekly', sms: true },
      timezone: 5,
    });
    expect(refused.status).toBe(400);
    const messages = (refused.body.issues as { message: string }[]).map((issue) => issue.message);
    expect(messages).toEqual([
      'body.timezone: must be string',
      'body.notifications.sms: unknown field',
      'body.notifications.new_studies: must be equal to one of the allowed values',
    ]);
    expect((await api.get('/v2/participant/me')).body.notifications).toEqual({
      new_studies: 'each',
    });
  });

  it('shows the record of decisions once there is one, in English and German', async () => {
    const { client, id } = await participant();
    expect(recordLine((await client.get('/participate/profile')).text)).toBeUndefined();

    await setRecord(id, 24, 25);
    expect(recordLine((await client.get('/participate/profile')).text)).toBe(
      '96% of 25 decisions approved',
    );
    await setRecord(id, 1, 1);
    expect(recordLine((await client.get('/participate/profile')).text)).toBe(
      '100% of 1 decision approved',
    );

    await setRecord(id, 24, 25);
    const start = await client.get('/participate/profile');
    await client.post('/participate/language', { _csrf: csrfOf(start.text), language: 'de' });
    const german = await client.get('/participate/profile');
    expect(recordLine(german.text)).toBe('Annahmequote: 96 % bei 25 Entscheidungen');
    const text = visibleText(german.text);
    expect(text).toContain('Neue Studien per E-Mail');
    expect(text).toContain('Eine tägliche Zusammenfassung');
    expect(text).not.toContain('decisions');
  });

  it('shows the no-shows of the last 12 months and the bar they put on lab studies, in English and German', async () => {
    const { client, id } = await participant();
    const line = (markup: string, name: string) =>
      new RegExp(`<p class="record" data-${name}>([^<]*)</p>`)
        .exec(markup)?.[1]
        ?.replace(/\s/g, ' ');
    const setNoShows = (noShows: number, barred: number) =>
      server.database.db
        .updateTable('participants')
        .set({ no_shows: noShows, no_show_barred: barred })
        .where('id', '=', id)
        .execute();
    let page = (await client.get('/participate/profile')).text;
    expect(line(page, 'no-shows')).toBeUndefined();

    await setNoShows(1, 0);
    page = (await client.get('/participate/profile')).text;
    expect(line(page, 'no-shows')).toBe(
      '1 lab session missed without an excuse in the last 12 months',
    );
    expect(line(page, 'no-show-barred')).toBeUndefined();

    await setNoShows(2, 1);
    page = (await client.get('/participate/profile')).text;
    expect(line(page, 'no-shows')).toBe(
      '2 lab sessions missed without an excuse in the last 12 months',
    );
    expect(line(page, 'no-show-barred')).toContain('Studies held in a lab are closed to you');

    await client.post('/participate/language', { _csrf: csrfOf(page), language: 'de' });
    const german = (await client.get('/participate/profile')).text;
    expect(line(german, 'no-shows')).toBe(
      '2 Labortermine in den letzten 12 Monaten ohne Entschuldigung versäumt',
    );
    expect(line(german, 'no-show-barred')).toContain('Studien im Labor');
  });

  it('says beside the address that mail to it could not be delivered, until it changes', async () => {
    const { client, form, id, api } = await participant();
    const page = await client.get('/participate/profile');
    expect(page.text).not.toContain('could not be delivered');
    await server.database.db
      .updateTable('participants')
      .set({ mail_undeliverable_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    const marked = await client.get('/participate/profile');
    expect(marked.text).toMatch(
      /id="email-problems">Mail to your address could not be delivered; check it or change it</,
    );
    expect((await api.get('/v2/participant/me')).body.mail_undeliverable).toBe(true);

    await client.post('/participate/language', { _csrf: csrfOf(marked.text), language: 'de' });
    expect((await client.get('/participate/profile')).text).toContain(
      'E-Mails an Ihre Adresse konnten nicht zugestellt werden.',
    );

    const changed = await client.post(
      '/participate/profile',
      profileForm(marked.text, form, [['email', `new.${form.email}`]]),
    );
    expect(changed.status).toBe(303);
    const after = await client.get('/participate/profile');
    expect(after.text).not.toContain('E-Mails an Ihre Adresse konnten nicht zugestellt werden.');
    expect((await api.get('/v2/participant/me')).body.mail_undeliverable).toBe(false);
  });

  it('leaves no English on the page in the pseudo-locale, record and mail notice included', async () => {
    const { client, id } = await participant();
    await setRecord(id, 24, 25);
    await server.database.db
      .updateTable('participants')
      .set({ mail_undeliverable_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    client.headers['accept-language'] = 'en-XA';
    const page = await client.get('/participate/profile');
    expect(page.status).toBe(200);
    expect(recordLine(page.text)).toBeDefined();
    expect(page.text).toContain('id="email-problems"');
    const text = visibleText(page.text);
    expect(untranslatedText(text, [NAME]), text).toEqual([]);
    expect(rawKeys(text), text).toEqual([]);
  });
});
