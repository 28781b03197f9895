import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { startDashboardServer } from '../dashboard/support.ts';
import {
  client as apiClient,
  type Client,
  createTestOrganization,
  engines,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import { launchStudy, type Study } from '../support/participant-side.ts';
import { rawKeys, untranslatedText } from '../support/untranslated.ts';
import { csrfOf, DESK_PHOTO_TASKS, joinPanel, ParticipantClient, verifyByMail } from './support.ts';

/**
 * The studies and work pages in the reader's language (issue 34): rendered in the pseudo-locale
 * they show no English that did not go through a catalog, and in German they show German words,
 * money and dates. The study's own texts are the researcher's and are allowed as given.
 */
const QUESTIONS = [
  {
    key: 'tools',
    text: 'Which tools do you use?',
    pick: 'any' as const,
    answers: [
      { text: 'Figma', qualify_logic: 'must' as const },
      { text: 'Sketch' },
      { text: 'Something else', allow_free_text: true },
    ],
  },
  {
    key: 'figma_years',
    text: 'How long have you used Figma?',
    pick: 'one' as const,
    answers: [{ text: 'Under a year' }, { text: 'Longer' }],
    display_condition: {
      conditions: [{ screening_question: 'tools', answer: 'Figma', operator: 'eq' as const }],
      join: 'and' as const,
    },
  },
  { key: 'consent', text: 'May we record the session?', pick: 'boolean' as const, answers: [] },
  { key: 'story', text: 'Tell us about your last project', pick: 'text' as const, answers: [] },
];

const SCREENER_TITLE = 'Design tools interview';
const UPLOAD_TITLE = 'Send us a photo';
const HOURLY_TITLE = 'Paid by the hour';

/** Everything the test itself wrote: the study's texts and the participant's name, longest first. */
const ALLOW = [
  SCREENER_TITLE,
  'Try a new checkout and tell us what you think',
  UPLOAD_TITLE,
  HOURLY_TITLE,
  ...QUESTIONS.flatMap((q) => [q.text, ...q.answers.map((a) => a.text)]),
  'Try the prototype',
  'Complete the checkout flow',
  'Your desk',
  'A photo of where you work',
  'Ana Lima',
].sort((a, b) => b.length - a.length);

const germany = [{ 'multi_select--country': { $in: ['DE'] } }];

/** A page's text as a reader sees it: tags (and their attributes) dropped, entities read. */
function visibleText(markup: string): string {
  return markup
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function expectAllTranslated(markup: string) {
  const text = visibleText(markup);
  expect(untranslatedText(text, ALLOW)).toEqual([]);
  expect(rawKeys(text)).toEqual([]);
  expect(markup).toContain('<html lang="en-XA">');
}

/** The participant app asked for one language by Accept-Language (the pseudo-locale here). */
class SpeakingClient extends ParticipantClient {
  language: string | undefined;

  override get(path: string) {
    return this.speaking(() => super.get(path));
  }

  override post(path: string, form: Record<string, string> | [string, string][]) {
    return this.speaking(() => super.post(path, form));
  }

  override postMultipart(path: string, body: FormData) {
    return this.speaking(() => super.postMultipart(path, body));
  }

  /** Browserless sends no Accept-Language; the header is added to its one fetch. */
  private async speaking<T>(run: () => Promise<T>): Promise<T> {
    if (!this.language) return run();
    const language = this.language;
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) =>
      original(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'accept-language': language },
      });
    try {
      return await run();
    } finally {
      globalThis.fetch = original;
    }
  }
}

describe.each(engines())('studies and work in the reader’s language on %s', (engine) => {
  let server: TestServer;
  let organization: TestOrganization;
  let researcher: Client;
  let screenerStudy: Study;
  let uploadStudy: Study;
  let hourlyStudy: Study;
  // Studies pay in US dollars (docs/api/opportunities.md).
  const currency = 'USD';

  beforeAll(async () => {
    loadGeography();
    ({ server } = await startDashboardServer(engine, {}, { ownDatabase: true }));
    organization = await createTestOrganization(server, { balanceCents: 5_000_000 });
    researcher = apiClient(server, organization.apiKey);
    screenerStudy = await launchStudy(server, organization, {
      title: SCREENER_TITLE,
      questions: QUESTIONS,
      filters: germany,
    });
    uploadStudy = await launchStudy(server, organization, {
      title: UPLOAD_TITLE,
      questions: [],
      filters: germany,
      tasks: DESK_PHOTO_TASKS,
    });
    hourlyStudy = await launchStudy(server, organization, {
      title: HOURLY_TITLE,
      questions: [],
      filters: germany,
    });
    await server.database.db
      .updateTable('opportunities')
      .set({ pay_frequency: 'hourly' })
      .where('id', '=', hourlyStudy.id)
      .execute();
  }, 120_000);
  afterAll(() => server?.close());

  async function participantIn(
    language: 'en-XA' | 'de',
    options: { verified?: boolean; country?: string } = {},
  ) {
    const participant = new SpeakingClient(server.url);
    const form = await joinPanel(participant, { country_id: options.country ?? 'DE' });
    if (options.verified !== false) await verifyByMail(participant, server, form.email);
    // The sign-up and confirmation notices (the account pages') are read and gone.
    await participant.get('/participate/profile');
    if (language === 'de') {
      await server.database.db
        .updateTable('participants')
        .set({ language: 'de' })
        .where('email', '=', form.email.toLowerCase())
        .execute();
    } else {
      participant.language = language;
    }
    return participant;
  }

  /** Applies to a study without a screener and starts its work; the work page's address. */
  async function startWork(participant: SpeakingClient, studyId: string) {
    const page = await participant.get(`/participate/studies/${studyId}`);
    const applied = await participant.post(`/participate/studies/${studyId}/apply`, {
      _csrf: csrfOf(page.text),
    });
    const outcome = await participant.get(applied.location!);
    const submissionId = /href="\/participate\/submissions\/(\w+)"/.exec(outcome.text)![1]!;
    const work = `/participate/submissions/${submissionId}`;
    const started = await participant.submit(work, `${work}/start`);
    expect(started.status).toBe(303);
    return { outcome, work, submissionId };
  }

  it('says the studies list, a study’s page and its screener only through the catalogs', async () => {
    const participant = await participantIn('en-XA');
    const list = await participant.get('/participate');
    expect(list.text).toContain(SCREENER_TITLE);
    expectAllTranslated(list.text);
    const study = await participant.get(`/participate/studies/${screenerStudy.id}`);
    expect(study.status).toBe(200);
    expect(study.text).toContain('data-question="story"');
    expectAllTranslated(study.text);
  });

  it('says the empty lists and the banner of an unconfirmed address only through the catalogs', async () => {
    const participant = await participantIn('en-XA', { verified: false, country: 'FR' });
    const list = await participant.get('/participate');
    expect(list.text).toContain('id="verify-heading"');
    expect(list.text).not.toContain(SCREENER_TITLE);
    expectAllTranslated(list.text);
    expectAllTranslated((await participant.get('/participate/submissions')).text);
  });

  it('shows screener problems beside the questions, translated', async () => {
    const send = async (participant: SpeakingClient) => {
      const page = await participant.get(`/participate/studies/${screenerStudy.id}`);
      return participant.post(`/participate/studies/${screenerStudy.id}/apply`, [
        ['_csrf', csrfOf(page.text)],
        ['q.tools', 'Figma'],
        ['q.consent', 'Yes'],
      ]);
    };
    const pseudo = await send(await participantIn('en-XA'));
    expect(pseudo.status).toBe(400);
    expect(pseudo.text).toMatch(/<p class="problem" id="s-figma_years-problems">⟦[^<]*⟧<\/p>/);
    expectAllTranslated(pseudo.text);

    const german = await send(await participantIn('de'));
    expect(german.status).toBe(400);
    expect(german.text).toContain('<html lang="de">');
    expect(german.text).toContain(
      '<p class="problem" id="s-figma_years-problems">Frage „figma_years“: Bitte beantworten Sie diese Frage.</p>',
    );
    expect(german.text).toContain('Ihre Antworten passen nicht zu den Fragen dieser Studie.');
    expect(german.text).toContain('Wählen Sie alles Zutreffende aus.');
    // What was ticked is kept, and a yes/no question answers in German.
    expect(german.text).toMatch(/value="Figma" checked/);
    expect(german.text).toMatch(/value="Yes" checked><label for="[^"]+">Ja<\/label>/);
  });

  it('says applying, the outcome, the work and its notices only through the catalogs', async () => {
    const participant = await participantIn('en-XA');
    const page = await participant.get(`/participate/studies/${screenerStudy.id}`);
    const applied = await participant.post(`/participate/studies/${screenerStudy.id}/apply`, [
      ['_csrf', csrfOf(page.text)],
      ['q.tools', 'Figma'],
      ['q.figma_years', 'Longer'],
      ['q.consent', 'Yes'],
      ['q.story', 'A booking app'],
    ]);
    expect(applied.status).toBe(303);
    const outcome = await participant.get(applied.location!);
    expect(outcome.text).toContain('outcome-good');
    expect(outcome.text).toContain('flash');
    expectAllTranslated(outcome.text);

    // Applying twice is refused in the reader's language, without the API's details.
    const again = await participant.post(`/participate/studies/${screenerStudy.id}/apply`, [
      ['_csrf', csrfOf(page.text)],
      ['q.tools', 'Figma'],
    ]);
    expect(again.status).toBe(303);
    const refused = await participant.get(again.location!);
    expect(refused.text).not.toContain('/v2/participant');
    expectAllTranslated(refused.text);

    const submissionId = /href="\/participate\/submissions\/(\w+)"/.exec(outcome.text)![1]!;
    const work = `/participate/submissions/${submissionId}`;
    expectAllTranslated((await participant.get(work)).text);
    expectAllTranslated((await participant.get('/participate/submissions')).text);
    await participant.submit(work, `${work}/start`);
    const working = await participant.get(work);
    expect(working.text).toContain('action="/participate/complete"');
    expectAllTranslated(working.text);
    // Starting twice: the refusal is said, not the status machine's English.
    const twice = await participant.submit(work, `${work}/start`);
    const startRefused = await participant.get(twice.location!);
    expect(startRefused.text).not.toContain('screen_passed');
    expectAllTranslated(startRefused.text);

    const wrongCode = await participant.get('/participate/complete?code=WRONGCODE');
    expect(wrongCode.status).toBe(400);
    expectAllTranslated(wrongCode.text);

    await participant.submit(work, `${work}/return`);
    const returned = await participant.get(work);
    expect(returned.text).toContain('status-line');
    expectAllTranslated(returned.text);
  });

  it('says the upload form, its problems and the time log only through the catalogs', async () => {
    const participant = await participantIn('en-XA');
    const { work } = await startWork(participant, uploadStudy.id);
    const working = await participant.get(work);
    expectAllTranslated(working.text);
    const action = /action="([^"]+\/upload\?_csrf=[^"]+)"/
      .exec(working.text)![1]!
      .replaceAll('&amp;', '&');
    const body = new FormData();
    body.append('files', new Blob([new Uint8Array(5000)], { type: 'text/plain' }), 'desk.txt');
    const refused = await participant.postMultipart(action, body);
    expect(refused.status).toBe(303);
    const problems = await participant.get(work);
    expect(problems.text).toContain('flash-error');
    expect(problems.text).not.toContain('desk.txt" has type');
    expectAllTranslated(problems.text);

    const hourly = await startWork(participant, hourlyStudy.id);
    const timeLog = await participant.get(hourly.work);
    expect(timeLog.text).toContain('id="time-heading"');
    expectAllTranslated(timeLog.text);
    // An entry that ends before it starts, in the future: refused, the problems from the catalog.
    await participant.submit(hourly.work, `${hourly.work}/time`, {
      started: '2999-01-01T10:00',
      ended: '2999-01-01T09:00',
    });
    const refusedTime = await participant.get(hourly.work);
    expect(refusedTime.text).toContain('flash-error');
    expectAllTranslated(refusedTime.text);
  });

  it('shows German words, German money and German dates to a participant who reads German', async () => {
    const participant = await participantIn('de');
    const money = (cents: number) =>
      new Intl.NumberFormat('de', { style: 'currency', currency }).format(cents / 100);
    const list = await participant.get('/participate');
    expect(list.text).toContain('<html lang="de">');
    expect(list.text).toContain('<h1>Studien für Sie</h1>');
    expect(list.text).toContain(money(screenerStudy.incentiveCents));
    expect(list.text).toMatch(/Noch \d+ Plätze frei/);
    expect(list.text).toContain('15 Minuten');

    const { outcome, work, submissionId } = await startWork(participant, hourlyStudy.id);
    expect(outcome.text).toContain('Sie sind dabei');
    expect(outcome.text).toContain('Zu den Aufgaben');
    const working = await participant.get(work);
    expect(working.text).toContain('Gestartet. Ihre Aufgaben finden Sie unten.');
    expect(working.text).toContain('In Bearbeitung');
    expect(working.text).toContain(`Vergütung: ${money(hourlyStudy.incentiveCents)}`);
    expect(working.text).toContain('Arbeitszeit');
    const { deadline_at: deadline } = (await researcher.get(`/v2/submissions/${submissionId}`))
      .body;
    if (deadline) {
      const german = new Intl.DateTimeFormat('de', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/Berlin',
      }).format(new Date(deadline));
      expect(working.text).toContain(`Geben Sie bis <time datetime="${deadline}">${german}</time>`);
    }
    const mine = await participant.get('/participate/submissions');
    expect(mine.text).toContain('<h1>Meine Teilnahmen</h1>');
    expect(mine.text).toContain('In Bearbeitung');
    expect(mine.text).toMatch(
      /Beworben am <time datetime="[^"]+">\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/,
    );
    expect(mine.text).not.toContain('in_progress<');

    const wrongCode = await participant.get('/participate/complete?code=WRONGCODE');
    expect(wrongCode.text).toContain('Dieser Abschlusscode passt zu keiner Aufgabe Ihrer Studien.');
    await participant.submit(work, `${work}/return`);
    const returned = await participant.get(work);
    expect(returned.text).toContain('Platz zurückgegeben');
    expect(returned.text).toContain('Sie haben diesen Platz zurückgegeben.');
  });
});
