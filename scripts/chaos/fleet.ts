import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { EVENT_ID_HEADER } from '@cohort/sdk/webhooks';
import { SMTPServer } from 'smtp-server';
import {
  type CohortProcess,
  freePort,
  startCohort,
  waitUntilReady,
} from '../../test/support/cohort-process.ts';
import { hashBody, type ReceivedMail, type ReceivedWebhook } from './invariants.ts';

/**
 * The processes of a chaos run: two `cohort serve` (each with its worker, as `serve` runs by
 * default) and one `cohort worker`, each a real process (test/support/cohort-process.ts), each
 * in a slot that keeps its port, so a process started again answers where the killed one did.
 */
export interface Slot {
  name: string;
  args: string[];
  /** The serve slots' origin; '' for the worker. */
  origin: string;
  port: number;
  process: CohortProcess | undefined;
  /** Up: ready, and fair game for the killer. */
  up: boolean;
  starts: number;
  kills: number;
}

export class Fleet {
  readonly slots: Slot[] = [];
  #env: NodeJS.ProcessEnv;
  #log: (line: string) => void;
  #starting = new Set<Promise<void>>();

  constructor(env: NodeJS.ProcessEnv, log: (line: string) => void) {
    this.#env = env;
    this.#log = log;
  }

  static async start(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<Fleet> {
    const fleet = new Fleet(env, log);
    for (const name of ['serve-1', 'serve-2']) {
      const port = await freePort();
      fleet.slots.push({
        name,
        args: ['serve'],
        origin: `http://127.0.0.1:${port}`,
        port,
        process: undefined,
        up: false,
        starts: 0,
        kills: 0,
      });
    }
    fleet.slots.push({
      name: 'worker',
      args: ['worker'],
      origin: '',
      port: 0,
      process: undefined,
      up: false,
      starts: 0,
      kills: 0,
    });
    await Promise.all(fleet.slots.map((slot) => fleet.#launch(slot)));
    return fleet;
  }

  /** Serve origins, for the workload's round robin: every one, up or not (it retries). */
  get origins(): string[] {
    return this.slots.filter((slot) => slot.origin).map((slot) => slot.origin);
  }

  #launch(slot: Slot): Promise<void> {
    const started = (async () => {
      for (let attempt = 1; ; attempt++) {
        const child = startCohort({ ...this.#env, PORT: String(slot.port) }, slot.args);
        slot.process = child;
        slot.starts += 1;
        try {
          if (slot.origin) await waitUntilReady(slot.origin);
          else await child.printed(/worker .* running/);
          slot.up = true;
          return;
        } catch (error) {
          // A process that cannot start is a finding of its own: say so, and try again.
          this.#log(`${slot.name} did not start (attempt ${attempt}): ${String(error)}`);
          this.#log(child.output().slice(-2000));
          await child.kill();
          if (attempt >= 5) throw error;
          await delay(1000);
        }
      }
    })();
    this.#starting.add(started);
    void started.finally(() => this.#starting.delete(started)).catch(() => {});
    return started;
  }

  /** SIGKILLs one process that is up, at random, and starts it again without waiting for it. */
  async killOne(random: () => number): Promise<string | undefined> {
    const up = this.slots.filter((slot) => slot.up);
    if (up.length === 0) return undefined;
    const slot = up[Math.floor(random() * up.length)]!;
    slot.up = false;
    await slot.process?.kill();
    slot.kills += 1;
    void this.#launch(slot).catch((error) => this.#log(`${slot.name}: ${String(error)}`));
    return slot.name;
  }

  /** Waits for every process being started to be up. */
  async settled(): Promise<void> {
    while (this.#starting.size > 0) await Promise.allSettled([...this.#starting]);
  }

  /** SIGTERM to each: the orderly stop of decision 0164 (hands back jobs and keys), then waits. */
  async stop(): Promise<void> {
    await this.settled();
    await Promise.all(
      this.slots.map(async (slot) => {
        const child = slot.process;
        slot.up = false;
        if (!child) return;
        child.child.kill('SIGTERM');
        const exited = await Promise.race([child.exited, delay(60_000).then(() => undefined)]);
        if (!exited) await child.kill();
      }),
    );
  }

  /** SIGKILL to whatever still runs: the way out after a failure. */
  async kill(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.process?.kill()));
  }

  outputs(): string {
    return this.slots
      .map((slot) => `--- ${slot.name} (last start)\n${slot.process?.output().slice(-3000) ?? ''}`)
      .join('\n');
  }
}

/**
 * A loopback webhook receiver. Pings (subscription confirmations) are answered 200. An event's
 * first arrival at a path is answered 500 (`failShare`) or left hanging until the sender gives up
 * (`hangShare`); every later arrival of that event at that path is answered 200, so each event is
 * delivered within the retry schedule's second step (5 s) and the run can wait for every one.
 * Only the 200s are recorded: those are the deliveries the receiver acknowledged.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly answered = { ok: 0, failed: 0, hung: 0 };
  #server: http.Server;
  #seen = new Set<string>();
  #hanging = new Set<http.ServerResponse>();

  readonly options: { failShare: number; hangShare: number; random: () => number };

  private constructor(
    server: http.Server,
    options: { failShare: number; hangShare: number; random: () => number },
  ) {
    this.#server = server;
    this.options = options;
  }

  static async start(options: {
    failShare: number;
    hangShare: number;
    random: () => number;
  }): Promise<WebhookReceiver> {
    const server = http.createServer();
    const receiver = new WebhookReceiver(server, options);
    server.on('request', (request, response) => receiver.#handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  #handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = new URL(request.url ?? '/', 'http://receiver').pathname;
      const headerId = String(request.headers[EVENT_ID_HEADER.toLowerCase()] ?? '');
      let parsed: { id?: string; type?: string } = {};
      try {
        parsed = JSON.parse(body);
      } catch {}
      const first = !this.#seen.has(`${path} ${headerId}`);
      this.#seen.add(`${path} ${headerId}`);
      if (parsed.type !== 'webhook.ping' && first) {
        const roll = this.options.random();
        if (roll < this.options.failShare) {
          this.answered.failed += 1;
          response.writeHead(500, { 'content-type': 'text/plain' }).end('chaos: failing once');
          return;
        }
        if (roll < this.options.failShare + this.options.hangShare) {
          this.answered.hung += 1;
          // Never answered: the sender's timeout ends it; closed with the server at the end.
          this.#hanging.add(response);
          response.on('close', () => this.#hanging.delete(response));
          return;
        }
      }
      this.answered.ok += 1;
      // A ping is no event of the outbox: it confirms the subscription, and is not checked.
      if (parsed.type === 'webhook.ping') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        return;
      }
      this.received.push({
        path,
        headerId,
        bodyId: String(parsed.id ?? ''),
        bodyHash: hashBody(body),
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  }

  async close(): Promise<void> {
    for (const response of this.#hanging) response.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/**
 * The run's SMTP inbox on loopback: as test/support/smtp-inbox.ts, keeping only each message's
 * recipients and subject, and tolerating what a SIGKILLed worker does to its connection (a reset,
 * which smtp-server emits as an 'error' on the server and would otherwise end this process).
 */
export class ChaosInbox {
  readonly received: ReceivedMail[] = [];
  readonly resets = { count: 0 };
  #server: SMTPServer;

  private constructor(server: SMTPServer) {
    this.#server = server;
  }

  static async start(): Promise<ChaosInbox> {
    let inbox: ChaosInbox | undefined;
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
          const subject = decodeEncodedWords(
            /^Subject:[ \t]*(.*)$/im.exec(headers)?.[1]?.trim() ?? '',
          );
          const messageId = /^Message-ID:[ \t]*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
          for (const recipient of session.envelope.rcptTo) {
            inbox?.received.push({ to: recipient.address, subject, messageId });
          }
          callback();
        });
      },
    });
    inbox = new ChaosInbox(server);
    const resets = inbox.resets;
    server.on('error', () => {
      resets.count += 1;
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return inbox;
  }

  /** The SMTP_URL that reaches it, in the clear. */
  get url(): string {
    return `smtp://127.0.0.1:${(this.#server.server.address() as AddressInfo).port}?ignoreTLS=true`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** A header as nodemailer folds non-ASCII text into RFC 2047 encoded words, read back as text. */
function decodeEncodedWords(header: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/y;
  let out = '';
  let bytes: Buffer[] = [];
  let charset = 'utf-8';
  const flush = () => {
    if (bytes.length > 0) out += new TextDecoder(charset).decode(Buffer.concat(bytes));
    bytes = [];
  };
  for (let at = 0; at < header.length; ) {
    word.lastIndex = at;
    const match = word.exec(header);
    if (match) {
      const [whole, set = 'utf-8', encoding = 'Q', text = ''] = match;
      charset = set;
      bytes.push(
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              'latin1',
            ),
      );
      at += whole.length;
      // Whitespace between two encoded words is folding, not text.
      const gap = /^\s+(?==\?)/.exec(header.slice(at));
      if (gap) at += gap[0].length;
      continue;
    }
    flush();
    out += header[at];
    at += 1;
  }
  flush();
  return out;
}
