import { Browserless, csrfOf, type PageResponse } from '../dashboard/support.ts';
import type { TestServer } from '../support/harness.ts';

export { csrfOf };

/**
 * The participant app without a browser: cookies kept, redirects not followed, forms posted as a
 * page would (repeated fields for checkboxes).
 */
export class ParticipantClient extends Browserless {
  /** Posts a multipart form (files), as a page's upload form does. */
  async postMultipart(path: string, body: FormData): Promise<PageResponse> {
    return this.send(path, { method: 'POST', body });
  }

  /** Posts a form found on the page at `from`, with its token, as a person pressing its button. */
  async submit(from: string, action: string, fields: Record<string, string> = {}) {
    const page = await this.get(from);
    return this.post(action, { _csrf: csrfOf(page.text), ...fields });
  }
}

let joined = 0;

export function uniqueEmail(name: string): string {
  joined += 1;
  return `${name}.${Date.now()}.${joined}@example.org`;
}

export const PASSWORD = 'a long enough passphrase';

export interface JoinForm {
  name: string;
  email: string;
  password: string;
  timezone: string;
  country_id: string;
  birth_date: string;
  terms: string;
}

export function joinForm(overrides: Partial<JoinForm> = {}): JoinForm {
  return {
    name: 'Ana Lima',
    email: uniqueEmail('ana'),
    password: PASSWORD,
    timezone: 'Europe/Berlin',
    country_id: 'DE',
    birth_date: '1990-02-28',
    terms: 'yes',
    ...overrides,
  };
}

/** Signs up through the form; the client is signed in afterwards. */
export async function joinPanel(client: ParticipantClient, overrides: Partial<JoinForm> = {}) {
  const form = joinForm(overrides);
  const page = await client.get('/participate/sign-up');
  const response = await client.post('/participate/sign-up', { _csrf: csrfOf(page.text), ...form });
  if (response.status !== 303)
    throw new Error(`sign-up failed (${response.status}): ${response.text}`);
  return form;
}

/** The newest mail queued for an address (whatever became of it: kept, queued or sent). */
export async function newestMailTo(server: TestServer, email: string) {
  return server.database.db
    .selectFrom('mail_messages')
    .selectAll()
    .where('to_address', '=', email.toLowerCase())
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The path of the first link in a text that goes to `prefix` (a mail's link, say). */
export function linkPath(text: string, prefix: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${prefix.replace(/[/]/g, '\\/')}[^\\s]*)`).exec(text);
  if (!match) throw new Error(`no ${prefix} link in: ${text}`);
  return match[1]!;
}

/** Opens the verification link of the newest mail to `email`. */
export async function verifyByMail(client: ParticipantClient, server: TestServer, email: string) {
  const mail = await newestMailTo(server, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return client.get(linkPath(mail.text_body, '/participate/verify/'));
}

/** The profile form as the page posts it: the stored answers, with `changes` in their place. */
export function profileForm(
  page: string,
  form: { name: string; email: string; timezone: string; birth_date: string },
  changes: [string, string][] = [],
): [string, string][] {
  const fields: [string, string][] = [
    ['_csrf', csrfOf(page)],
    ['name', form.name],
    ['email', form.email],
    ['timezone', form.timezone],
    ['birth_date', form.birth_date],
    ['country_id', 'DE'],
    ['state_id', ''],
    ['city_name', ''],
    ['city_id', ''],
  ];
  const changed = new Set(changes.map(([name]) => name));
  return [...fields.filter(([name]) => !changed.has(name)), ...changes];
}

/** A study's one task: a photo of the participant's desk, a PNG of at most 1,000 bytes. */
export const DESK_PHOTO_TASKS = [
  {
    sequence: 1,
    task_type: 'file_upload',
    review_type: 'manual_review',
    title: 'Your desk',
    description: 'A photo of where you work',
    duration_minutes: 5,
    accepted_mime_types: ['image/png'],
    max_files: 1,
    max_file_size_bytes: 1000,
  },
];
