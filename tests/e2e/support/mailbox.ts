import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The message as it arrived (headers and every MIME part). */
  raw: string;
}

/** A real SMTP server that keeps what it receives, for the app's MAIL_URL. */
export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  #server: SMTPServer;
  #waiters: (() => void)[] = [];
  port = 0;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.once('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw)
            .then((parsed) => {
              this.messages.push({
                to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : '',
                raw: raw.toString('utf8'),
              });
              for (const w of this.#waiters.splice(0)) w();
              callback();
            })
            .catch(callback);
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.#server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The newest message to `to` whose subject matches, waiting up to `timeoutMs`. */
  async waitFor(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...this.messages].reverse().find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} (have: ${this.messages.map((m) => `${m.to}: ${m.subject}`).join('; ')})`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** The first link in a message's text part (optionally matching `pattern`). */
  static link(mail: ReceivedMail, pattern: RegExp = /https?:\/\/\S+/): string {
    const link = mail.text.match(pattern)?.[0];
    if (!link) throw new Error(`No link in "${mail.subject}"`);
    return link;
  }
}
