import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../src/participants/index.ts';
import { instanceSecret } from '../../src/platform/db/instance-secrets.ts';
import { type MailWorld, startMailWorld } from '../mail/support.ts';
import {
  type Client,
  client,
  createTestOrganization,
  engines,
  type TestOrganization,
} from '../support/harness.ts';
import { launchStudy, loadGeographyOnce, signUp } from '../support/participant-side.ts';
import { SmtpInbox } from '../support/smtp-inbox.ts';
import { rawKeys, untranslatedText } from '../support/untranslated.ts';
import { ParticipantClient } from './support.ts';

/** What a page shows a reader: tags stripped, entities decoded. */
function visibleText(page: string): string {
  return page
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/**
 * The one-click unsubscribe link of every invitation (RFC 8058,
 * docs/decisions/0167-mail-a-person-can-trust.md): posted by a mailbox provider or opened by a
 * person, with no session, on each engine; invitations go out over real SMTP.
 */
describe.each(engines())('unsubscribing from new studies on %s', (engine) => {
  let inbox: SmtpInbox;
  let world: MailWorld;
  let organization: TestOrganization;
  let researcher: Client;

  const preferenceOf = async (participantId: string) =>
    (
      await world.server.database.db
        .selectFrom('participants')
        .select('new_studies')
        .where('id', '=', participantId)
        .executeTakeFirstOrThrow()
    ).new_studies;
  const setPreference = (participantId: string, preference: 'each' | 'daily' | 'never') =>
    world.server.database.db
      .updateTable('participants')
      .set({ new_studies: preference })
      .where('id', '=', participantId)
      .execute();
  const linkOf = async (participantId: string) =>
    `/unsubscribe/${encodeURIComponent(
      unsubscribeToken(
        await instanceSecret(world.server.database.db, 'unsubscribe'),
        participantId,
      ),
    )}`;
  const german = { country_id: 'DE', state_id: null, city_id: null, timezone: 'Europe/Berlin' };

  beforeAll(async () => {
    loadGeographyOnce();
    inbox = await SmtpInbox.start();
    world = await startMailWorld(engine, { smtpUrl: inbox.url, mailFrom: 'no-reply@cohort.test' });
    organization = await createTestOrganization(world.server, { balanceCents: 10_000_000 });
    researcher = client(world.server, organization.apiKey);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await inbox?.down();
  });

  it('takes a one-click POST from an invitation’s header, without a session, and answers 200', async () => {
    const person = await signUp(world.server, {
      ...german,
      email: `one-click.${engine}@example.org`,
    });
    const study = await launchStudy(world.server, organization, {
      title: 'Ein Klick',
      numParticipants: 5,
      filters: [{ 'multi_select--country': { $in: ['DE'] } }],
    });
    const invited = await researcher.post(`/v2/opportunities/${study.id}/invitations`, {
      participant_ids: [person.id],
    });
    expect(invited.status).toBe(200);
    await world.drain();
    const mail = inbox.received.find((m) => m.rcptTo.includes(`one-click.${engine}@example.org`));
    expect(mail?.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(mail!.headers)?.[1];
    expect(link).toMatch(/^http:\/\/cohort\.test\/unsubscribe\/par_/);

    // As a mailbox provider posts it: the form body of RFC 8058, no cookie, no token of a form.
    const path = new URL(link!).pathname;
    const posted = await fetch(new URL(path, world.server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect(await preferenceOf(person.id)).toBe('never');

    // Again, and with any other body: still 200, still never.
    for (const [type, body] of [
      ['application/json', '{"List-Unsubscribe":"One-Click"}'],
      ['text/plain', 'List-Unsubscribe=One-Click'],
      ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
    ] as const) {
      const again = await fetch(new URL(path, world.server.url), {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      expect(again.status, type).toBe(200);
    }
    const bare = await fetch(new URL(path, world.server.url), { method: 'POST' });
    expect(bare.status).toBe(200);
    expect(await preferenceOf(person.id)).toBe('never');

    // Nobody who unsubscribed is invited again.
    const next = await launchStudy(world.server, organization, {
      title: 'Danach',
      numParticipants: 5,
      filters: [{ 'multi_select--country': { $in: ['DE'] } }],
    });
    const named = await researcher.post(`/v2/opportunities/${next.id}/invitations`, {
      participant_ids: [person.id],
    });
    expect(named.status).toBe(400);
  });

  it('refuses a token that is not one: 404, and nothing changes', async () => {
    const person = await signUp(world.server, german);
    const good = await linkOf(person.id);
    const other = await signUp(world.server, german);
    const forged = `/unsubscribe/${encodeURIComponent(`${other.id}.${good.split('.').pop()}`)}`;
    for (const path of [forged, '/unsubscribe/nonsense', `${good}x`]) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(new URL(path, world.server.url), { method });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await response.text()).toContain('<html lang="en"');
      }
      const undo = await new ParticipantClient(world.server.url).post(`${path}/undo`, {
        new_studies: 'each',
      });
      expect(undo.status).toBe(404);
    }
    expect(await preferenceOf(other.id)).toBe('each');
    expect(await preferenceOf(person.id)).toBe('each');
  });

  it('opening the link unsubscribes and offers to undo by a form; undo puts back what it was', async () => {
    const person = await signUp(world.server, german);
    await setPreference(person.id, 'daily');
    const link = await linkOf(person.id);
    const browser = new ParticipantClient(world.server.url);

    // A link checker's HEAD changes nothing.
    const head = await fetch(new URL(link, world.server.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await preferenceOf(person.id)).toBe('daily');

    const page = await browser.get(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('You are unsubscribed');
    expect(await preferenceOf(person.id)).toBe('never');
    // The undo is a POST form carrying the token in its action, never a link.
    expect(page.text).toContain(`<form method="post" action="${link}/undo">`);
    expect(page.text).toContain('<input type="hidden" name="new_studies" value="daily">');

    const undone = await browser.post(`${link}/undo`, { new_studies: 'daily' });
    expect(undone.status).toBe(303);
    expect(undone.location).toBe(`${link}/preference`);
    expect(await preferenceOf(person.id)).toBe('daily');
    const shown = await browser.get(undone.location!);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('You will hear of new studies again');
    expect(shown.text).toContain('one email a day');
    // Showing where things stand changes nothing; unsubscribing again is a POST form.
    expect(await preferenceOf(person.id)).toBe('daily');
    expect(shown.text).toContain(`<form method="post" action="${link}">`);

    // Opened again after a provider's one-click came first: undo means a mail for each study.
    await setPreference(person.id, 'never');
    const reopened = await browser.get(link);
    expect(reopened.text).toContain('<input type="hidden" name="new_studies" value="each">');
    await browser.post(`${link}/undo`, { new_studies: 'each' });
    expect(await preferenceOf(person.id)).toBe('each');
    // A value that is not a preference puts back each, never `never`.
    await setPreference(person.id, 'never');
    await browser.post(`${link}/undo`, { new_studies: 'never' });
    expect(await preferenceOf(person.id)).toBe('each');
  });

  it('says every word through the catalog (pseudo-locale)', async () => {
    const person = await signUp(world.server, german);
    const link = await linkOf(person.id);
    const reader = new ParticipantClient(world.server.url);
    reader.headers['accept-language'] = 'en-XA';
    const pages = [
      await reader.get(link),
      await reader.get(`${link}/preference`),
      await reader.get('/unsubscribe/nonsense'),
    ];
    await reader.post(`${link}/undo`, { new_studies: 'each' });
    pages.push(await reader.get(`${link}/preference`));
    for (const page of pages) {
      const text = visibleText(page.text);
      expect(untranslatedText(text), text).toEqual([]);
      expect(rawKeys(text), text).toEqual([]);
      expect(page.text).toContain('<html lang="en-XA"');
    }
  });

  it('speaks the participant’s language, and the switcher’s choice over it', async () => {
    const person = await signUp(world.server, { ...german, language: 'de' });
    await setPreference(person.id, 'daily');
    const link = await linkOf(person.id);
    const browser = new ParticipantClient(world.server.url);
    browser.headers['accept-language'] = 'en-US';

    const page = await browser.get(link);
    expect(page.text).toContain('<html lang="de"');
    expect(page.text).toContain('Sie sind abgemeldet');
    expect(page.text).toContain('Rückgängig machen: wieder über neue Studien informieren');
    expect(await preferenceOf(person.id)).toBe('never');

    // The switcher comes back to the page that only shows where things stand, in French.
    const next = /name="next" value="([^"]+)"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
    expect(next).toBe(`${link}/preference?was=daily`);
    const switched = await browser.post('/participate/language', { language: 'fr', next: next! });
    expect(switched.status).toBe(303);
    expect(switched.location).toBe(next);
    const french = await browser.get(switched.location!);
    expect(french.text).toContain('<html lang="fr"');
    expect(french.text).toContain('Désinscription effectuée');
    expect(french.text).toContain('<input type="hidden" name="new_studies" value="daily">');
    expect(await preferenceOf(person.id)).toBe('never');

    const undone = await browser.post(`${link}/undo`, { new_studies: 'daily' });
    const back = await browser.get(undone.location!);
    expect(back.text).toContain('Vous recevrez à nouveau les nouvelles études');
    expect(await preferenceOf(person.id)).toBe('daily');

    // Without the switcher's cookie, the German participant reads German again.
    const fresh = new ParticipantClient(world.server.url);
    const german2 = await fresh.get(`${link}/preference`);
    expect(german2.text).toContain('<html lang="de"');
    expect(german2.text).toContain('Sie hören wieder von neuen Studien');
    expect(german2.text).toContain('einmal am Tag');
  });
});
