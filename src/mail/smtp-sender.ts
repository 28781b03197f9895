import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { NodemailerError, Transporter } from 'nodemailer';

/**
 * nodemailer is loaded when the first message goes out by SMTP: a process that sends none (an
 * instance without SMTP_URL keeps its mail in the database) never holds it
 * (docs/decisions/0122-start-up-work-deferred-to-first-use.md).
 */
const nodemailer = () => createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;

/**
 * Timeouts of one SMTP conversation (nodemailer's defaults wait minutes): a send must end well
 * inside the job's lease, or a second worker would send the same mail again. The SMTP_URL's query
 * may still set its own.
 */
const CONNECTION_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/** One transport per SMTP URL, made on first use and kept for the life of the process. */
const transports = new Map<string, Transporter>();

/**
 * Pooled (docs/decisions/0167-mail-a-person-can-trust.md): up to POOL_CONNECTIONS connections per
 * process, each carrying up to 100 messages before it is replaced, so a burst of invitations pays
 * for the TCP, TLS and EHLO of a connection once per hundred mails rather than once per mail. A
 * connection idle for POOL_IDLE_MS is closed: between bursts a process holds none, as it held none
 * before the pool, and a mail server being stopped waits for no idle client. A process that stops
 * exits with the pool's sockets (src/cli/serve.ts); closeMailTransports() closes them first for a
 * caller that stays alive.
 */
const POOL_CONNECTIONS = 5;
const POOL_IDLE_MS = 2_000;

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer().createTransport({
      ...CONNECTION_TIMEOUTS,
      url: withoutLogging(smtpUrl),
      pool: true,
      maxConnections: POOL_CONNECTIONS,
      maxMessages: 100,
      idleTimeout: POOL_IDLE_MS,
      // The messages are Cohort's own text; nothing in them may make the library read a file or
      // fetch a URL.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Closes every pooled SMTP connection of this process (benchmarks and tests that go on running). */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

/**
 * Nodemailer's logger prints envelopes and, with `debug`, whole conversations; an SMTP_URL asking
 * for either is not obeyed, since addresses and bodies never go to logs
 * (docs/decisions/0078-mail-outbox.md).
 */
function withoutLogging(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  url.searchParams.delete('logger');
  url.searchParams.delete('debug');
  return url.toString();
}

export interface SmtpMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Content-Language, List-Unsubscribe and the like, as queued. */
  headers: Readonly<Record<string, string>>;
  /** Text files sent with it (a session's iCalendar file). */
  attachments?: readonly { filename: string; content_type: string; content: string }[];
  /** The same on every send of one mail (send.ts messageIdOf). */
  messageId?: string;
}

export type SmtpResult =
  | { sent: true }
  /**
   * `detail` may quote the address (a server's rejection does); `code` never does.
   * `recipientRefused`: the server was reached and refused the recipient for good (a 5xx answer to
   * RCPT TO), the one failure that says something about the address itself.
   */
  | { sent: false; code: string; detail: string; recipientRefused: boolean };

/**
 * Hands one message to the SMTP server; answers what happened and never throws for anything the
 * network or the server does. Past `timeoutMs` the send is abandoned and reported as failed (the
 * server may have taken it all the same: mail is delivered at least once).
 */
export async function sendOverSmtp(
  smtpUrl: string,
  message: SmtpMessage,
  timeoutMs: number,
): Promise<SmtpResult> {
  try {
    await transportFor(smtpUrl).sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === null ? {} : { html: message.html }),
      headers: { ...message.headers },
      ...(message.attachments?.length && {
        attachments: message.attachments.map((file) => ({
          filename: file.filename,
          contentType: file.content_type,
          content: file.content,
        })),
      }),
      ...(message.messageId && { messageId: message.messageId }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { sent: true };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      sent: false,
      code: errorCode(error),
      detail,
      recipientRefused: recipientRefused(error),
    };
  }
}

/**
 * A refused login (EAUTH 535), a refused sender (MAIL FROM) or a refused message (DATA) is the
 * instance's or the message's problem, never the address's: only RCPT TO's 5xx counts.
 */
function recipientRefused(error: unknown): boolean {
  const { command, responseCode } = error as NodemailerError;
  return command === 'RCPT TO' && typeof responseCode === 'number' && responseCode >= 500;
}

function errorCode(error: unknown): string {
  const { code, originalCode, responseCode } = error as NodemailerError;
  const name = [code, originalCode].filter(Boolean).join('/') || 'EUNKNOWN';
  return responseCode ? `${name} ${responseCode}` : name;
}
