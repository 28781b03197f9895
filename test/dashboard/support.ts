import net from 'node:net';
import type { Page } from 'playwright-core';
import { LOGIN_LINK_TTL_MS } from '../../src/dashboard/session.ts';
import type { ApiKeyRole } from '../../src/organizations/api-keys.table.ts';
import { createLoginLink } from '../../src/organizations/sessions.ts';
import { createUser } from '../../src/organizations/users.ts';
import type { Engine } from '../../src/platform/db/database.ts';
import { hashPassword } from '../../src/platform/web/password.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

/** A port free right now, so the server's PUBLIC_URL can be its own address. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface Clock {
  now: number;
  advance(ms: number): void;
}

/**
 * A test server whose PUBLIC_URL is its own address, so every dashboard_url the API returns opens
 * on it; with a movable clock for expiry tests.
 */
export async function startDashboardServer(
  engine: Engine,
  overrides: Parameters<typeof startTestServer>[1] = {},
  options: { ownDatabase?: boolean } = {},
): Promise<{ server: TestServer; clock: Clock }> {
  const clock: Clock = {
    now: Date.now(),
    advance(ms) {
      this.now += ms;
    },
  };
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    try {
      const server = await startTestServer(
        engine,
        { publicUrl: `http://127.0.0.1:${port}`, rateLimitPerKey: 100_000, ...overrides },
        { port, clock: () => clock.now, ownDatabase: options.ownDatabase },
      );
      return { server, clock };
    } catch (error) {
      // Another process took the port between the probe and the listen: take another.
      if ((error as { code?: string }).code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
}

/** Cheap scrypt parameters for test users: the stored hash carries them, so sign-in still works. */
const TEST_HASH = { log2N: 10, r: 8, p: 1 };

let sequence = 0;

export async function createDashboardUser(
  server: TestServer,
  organizationId: string,
  role: ApiKeyRole,
  password = 'correct horse battery staple',
) {
  sequence += 1;
  const email = `person.${sequence}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await createUser(server.database.db, {
    organizationId,
    email,
    passwordHash: await hashPassword(password, TEST_HASH),
    role,
    now: new Date(),
  });
  return { ...user, password };
}

export async function loginLinkFor(
  server: TestServer,
  identity: { organizationId: string; userId?: string | null; role?: ApiKeyRole; label?: string },
  now = new Date(server.context.clock()),
) {
  const { token } = await createLoginLink(
    server.database.db,
    {
      organizationId: identity.organizationId,
      userId: identity.userId ?? null,
      role: identity.role ?? 'owner',
      label: identity.label ?? 'Operator',
    },
    { now, ttlMs: LOGIN_LINK_TTL_MS },
  );
  return `${server.context.config.publicUrl}/dashboard/login/${token}`;
}

export interface PageResponse {
  status: number;
  location: string | null;
  text: string;
  headers: Headers;
}

/**
 * A browser without a browser: keeps the dashboard's cookies, follows nothing by itself, and reads
 * each page's CSRF token so tests can post forms the way a page would.
 */
export class Browserless {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  /** Sent with every request, as a browser sends Accept-Language. */
  readonly headers: Record<string, string> = {};

  constructor(base: string) {
    this.base = base;
  }

  private remember(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(path: string): Promise<PageResponse> {
    return this.send(path, { method: 'GET' });
  }

  /** Posts a form; pairs repeat a field, as ticked checkboxes do. */
  async post(
    path: string,
    form: Record<string, string> | [string, string][],
  ): Promise<PageResponse> {
    return this.send(path, {
      method: 'POST',
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(form).toString(),
    });
  }

  /** One request with this browser's cookies, remembering the ones it sets. */
  protected async send(
    path: string,
    input: { method: string; contentType?: string; body?: string | FormData },
  ): Promise<PageResponse> {
    const headers: Record<string, string> = { ...this.headers, cookie: this.cookieHeader() };
    if (input.contentType) headers['content-type'] = input.contentType;
    const response = await fetch(new URL(path, this.base), {
      method: input.method,
      redirect: 'manual',
      headers,
      body: input.body,
    });
    this.remember(response.headers);
    return {
      status: response.status,
      location: response.headers.get('location'),
      text: await response.text(),
      headers: response.headers,
    };
  }

  /** Signs in with the form, as a person would. */
  async signIn(email: string, password: string, next?: string): Promise<PageResponse> {
    const form = await this.get(
      `/dashboard/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`,
    );
    return this.post('/dashboard/sign-in', {
      _csrf: csrfOf(form.text),
      email,
      password,
      next: next ?? '/dashboard',
    });
  }
}

export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no CSRF token on the page');
  return match[1]!;
}

/** The forms on a page that change something (sign-out aside). */
export function actionForms(html: string): string[] {
  return [...html.matchAll(/<form method="post" action="([^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((action) => action !== '/dashboard/sign-out');
}

/** Signs `user` in to the dashboard through its sign-in page, as a researcher would. */
export async function signInInBrowser(
  page: Page,
  serverUrl: string,
  user: { email: string; password: string },
): Promise<void> {
  await page.goto(`${serverUrl}/dashboard/sign-in`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${serverUrl}/dashboard`);
}
