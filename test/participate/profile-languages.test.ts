import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { hashSecret, newSecret, PARTICIPANT_TOKEN_PREFIX } from '../../src/platform/credentials.ts';
import { startDashboardServer } from '../dashboard/support.ts';
import {
  client as apiClient,
  createTestOrganization,
  engines,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import { launchStudy, type Study } from '../support/participant-side.ts';
import { rawKeys, untranslatedText } from '../support/untranslated.ts';
import { csrfOf, joinPanel, ParticipantClient, profileForm, verifyByMail } from './support.ts';

/**
 * The profile, earnings and your-data pages in the reader's language (issue 34): in the
 * pseudo-locale they show no English that did not go through a catalog; in German the profile's
 * questions and problems are German; the language chosen on the profile is the account's; French
 * earnings are French money.
 */
const STUDY_TITLE = 'Kitchen habits interview';
const NAME = 'Ana Lima';
const ALLOW = [STUDY_TITLE, NAME];

/**
 * A page's text as a reader sees it: tags dropped, entities read. The time zone and state lists
 * are place names (IANA zones, a country's own regions), as the states and cities of a profile
 * stay, so their options are left out.
 */
function visibleText(markup: string): string {
  return markup
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/(<select id="(?:timezone|state_id)"[^>]*>)[\s\S]*?(<\/select>)/g, '$1$2')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function expectAllTranslated(markup: string, allow: readonly string[] = []) {
  const text = visibleText(markup);
  expect(untranslatedText(text, [...ALLOW, ...allow]), text).toEqual([]);
  expect(rawKeys(text), text).toEqual([]);
}

const htmlLang = (markup: string) => /<html lang="([^"]+)"/.exec(markup)?.[1];

describe.each(engines())('profile, earnings and your data in a language on %s', (engine) => {
  let server: TestServer;
  let study: Study;
  let organization: TestOrganization;

  beforeAll(async () => {
    loadGeography();
    ({ server } = await startDashboardServer(engine));
    organization = await createTestOrganization(server, { balanceCents: 2_000_000 });
    study = await launchStudy(server, organization, {
      title: STUDY_TITLE,
      questions: [],
      filters: [{ 'multi_select--country': { $in: ['DE'] } }],
    });
  }, 120_000);
  afterAll(() => server?.close());

  /** A fresh bearer token for a participant who signed up on the web, for the API. */
  async function tokenOf(email: string): Promise<string> {
    const token = newSecret(PARTICIPANT_TOKEN_PREFIX);
    await server.database.db
      .updateTable('participants')
      .set({ token_hash: hashSecret(token) })
      .where('email', '=', email.toLowerCase())
      .execute();
    return token;
  }

  async function participant() {
    const client = new ParticipantClient(server.url);
    const form = await joinPanel(client, { name: NAME });
    // The sign-up's welcome is shown once, on the first page after it; these tests start after.
    await client.get('/participate/profile');
    return { client, form };
  }

  it('shows the profile, earnings and delete pages in the pseudo-locale with no English left', async () => {
    const { client } = await participant();
    client.headers['accept-language'] = 'en-XA';
    const profile = await client.get('/participate/profile');
    expect(profile.status).toBe(200);
    expect(htmlLang(profile.text)).toBe('en-XA');
    expectAllTranslated(profile.text);
    expectAllTranslated((await client.get('/participate/earnings')).text);
    expectAllTranslated((await client.get('/participate/account/delete')).text);

    // A bad save: the problems beside the fields and above the form are the catalogs' too.
    const bad = await client.post(
      '/participate/profile',
      profileForm(
        profile.text,
        { name: '', email: 'nope', timezone: 'Europe/Berlin', birth_date: '2020-01-01' },
        [['city_name', 'Atlantis']],
      ),
    );
    expect(bad.status).toBe(400);
    expectAllTranslated(bad.text, ['Atlantis']);
    const refused = await client.post(
      '/participate/profile',
      profileForm(profile.text, {
        name: '',
        email: 'nope',
        timezone: 'Mars/Olympus',
        birth_date: '2020-01-01',
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('id="name-problems"');
    expectAllTranslated(refused.text, ['Mars/Olympus']);

    const wrong = await client.post('/participate/account/delete', {
      _csrf: csrfOf(profile.text),
      password: 'not the password',
    });
    expect(wrong.status).toBe(400);
    expectAllTranslated(wrong.text);
  });

  it('asks the profile’s questions in German, and says a problem in German beside its field', async () => {
    const { client, form } = await participant();
    client.headers['accept-language'] = 'de-DE';
    // The account's language decides; set it to German as the switcher would.
    const start = await client.get('/participate/profile');
    await client.post('/participate/language', { _csrf: csrfOf(start.text), language: 'de' });
    const page = await client.get('/participate/profile');
    expect(htmlLang(page.text)).toBe('de');
    const text = visibleText(page.text);
    expect(text).toContain('Ihr Profil');
    expect(text).toContain('Karrierestufe');
    expect(text).toContain('Abteilungsleitung');
    expect(text).toContain('Höchster Bildungsabschluss');
    expect(text).toContain('Bundesland oder Region');
    expect(page.text).toMatch(/<option value="DE" selected>Deutschland<\/option>/);
    expect(page.text).toContain('<option value="AT">Österreich</option>');
    expect(text).not.toContain('Seniority');

    const bad = await client.post(
      '/participate/profile',
      profileForm(page.text, { ...form, name: '' }, [
        ['attributes.multi_select--seniority', 'senior'],
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/id="name-problems">Bitte geben Sie Ihren Namen ein\.</);
    expect(bad.text).toContain('Einige Angaben im Profil stimmen noch nicht.');
    expect(bad.text).toMatch(/value="senior" checked/);

    const tooYoung = await client.post(
      '/participate/profile',
      profileForm(page.text, { ...form, birth_date: '2020-01-01' }),
    );
    expect(tooYoung.text).toMatch(
      /id="birth_date-problems">Sie müssen mindestens 18 Jahre alt sein, um teilzunehmen\.</,
    );
    const noCity = await client.post(
      '/participate/profile',
      profileForm(page.text, form, [['city_name', 'Atlantis']]),
    );
    expect(noCity.text).toContain(
      'Im gewählten Land und Bundesland gibt es keine Stadt namens „Atlantis“.',
    );
  });

  it('keeps the API’s filter catalog and problems in English', async () => {
    const filters = await apiClient(server, organization.apiKey).get('/v2/filters');
    const catalog = filters.body as { data: { slug: string; name: string }[] };
    expect(catalog.data.find((f) => f.slug === 'multi_select--seniority')?.name).toBe('Seniority');
    const { client, form } = await participant();
    const page = await client.get('/participate/profile');
    await client.post('/participate/language', { _csrf: csrfOf(page.text), language: 'de' });
    const api = apiClient(server, await tokenOf(form.email));
    const refused = await api.patch('/v2/participant/me', { name: ' ', birth_date: '2020-01-01' });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      { message: 'name: must not be blank' },
      { message: 'birth_date: participants must be at least 18 years old' },
    ]);
  });

  it('saves the language chosen on the profile: the API reads it and the next page speaks it', async () => {
    const { client, form } = await participant();
    const page = await client.get('/participate/profile');
    expect(htmlLang(page.text)).toBe('en');
    expect(page.text).toMatch(/<select id="language" name="language"/);
    expect(page.text).toContain('<option value="fr">Français</option>');
    const saved = await client.post(
      '/participate/profile',
      profileForm(page.text, form, [['language', 'fr']]),
    );
    expect(saved.status).toBe(303);
    const next = await client.get(saved.location!);
    expect(htmlLang(next.text)).toBe('fr');
    expect(next.text).toContain('Votre profil est enregistré.');
    expect(next.text).toContain('<option value="fr" selected>Français</option>');

    const me = await apiClient(server, await tokenOf(form.email)).get('/v2/participant/me');
    expect(me.status).toBe(200);
    expect(me.body.language).toBe('fr');
  });

  it('shows French earnings in French money and French words', async () => {
    const { client, form } = await participant();
    await verifyByMail(client, server, form.email);
    const studyPage = await client.get(`/participate/studies/${study.id}`);
    const applied = await client.post(`/participate/studies/${study.id}/apply`, {
      _csrf: csrfOf(studyPage.text),
    });
    expect(applied.status).toBe(303);
    await client.post('/participate/language', { _csrf: csrfOf(studyPage.text), language: 'fr' });
    const earnings = await client.get('/participate/earnings');
    expect(htmlLang(earnings.text)).toBe('fr');
    const money = new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' });
    expect(earnings.text).toContain(`Total gagné : <strong>${money.format(0)}</strong>`);
    expect(earnings.text).toContain(`En cours · ${money.format(study.incentiveCents / 100)}`);
    expect(earnings.text).toMatch(/\d+,\d{2}\s\$/);
    expect(earnings.text).toContain('Aucun paiement pour l’instant');
  });
});
