import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP envelope: what the server was asked to deliver, whatever the headers say. */
  mailFrom: string;
  rcptTo: string[];
  subject: string;
  /** The message's headers, unfolded, and its body decoded from its transfer encoding. */
  headers: string;
  body: string;
}

/**
 * A real SMTP server on loopback (smtp-server, the library's own server side): no TLS, no
 * authentication, every message accepted and kept. down() and up() stop and restart it on the
 * same port, so a test can take the mail server away and bring it back.
 */
export class SmtpInbox {
  readonly received: ReceivedMail[] = [];
  #server: SMTPServer | undefined;
  #port = 0;

  static async start(): Promise<SmtpInbox> {
    const inbox = new SmtpInbox();
    await inbox.up();
    return inbox;
  }

  /** The SMTP_URL that reaches it, in the clear. */
  get url(): string {
    return `smtp://127.0.0.1:${this.#port}?ignoreTLS=true`;
  }

  /** Listens (again, on the same port after down()). */
  async up(): Promise<void> {
    if (this.#server) return;
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push(
            readMessage(
              Buffer.concat(chunks).toString('utf8'),
              session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              session.envelope.rcptTo.map((recipient) => recipient.address),
            ),
          );
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  /** Stops listening: sends now meet a refused connection. */
  async down(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A single-part text message as nodemailer writes one: headers, a blank line, the body. */
function readMessage(raw: string, mailFrom: string, rcptTo: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) =>
    new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const encoded = raw.slice(split + 4);
  const body =
    header('Content-Transfer-Encoding').toLowerCase() === 'quoted-printable'
      ? decodeQuotedPrintable(encoded)
      : encoded;
  return {
    mailFrom,
    rcptTo,
    subject: header('Subject'),
    headers,
    body: body.replace(/\r\n/g, '\n').trimEnd(),
  };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
