import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { lazyPackage } from '../lib/lazy-package';
import type { Logger } from '../lib/logger';

// Loaded with the first mail sent, not at start.
const nodemailer = lazyPackage<typeof Nodemailer>('nodemailer');
/** A transport made on first use. */
const lazyTransport = (make: () => Transporter) => {
  let transport: Transporter | null = null;
  return () => (transport ??= make());
};

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  url: string;
  from: string;
  storageDir: string;
  logger: Logger;
}

/**
 * SMTP when MAIL_URL is set; otherwise every message is written to storage/mail/*.eml and its
 * subject and links are logged, so a newcomer can follow a verification link offline.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.url) {
    const url = options.url;
    const transport = lazyTransport(() => nodemailer().createTransport(url));
    return {
      async send(message) {
        await transport().sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = lazyTransport(() => nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  const dir = path.join(options.storageDir, 'mail');
  return {
    async send(message) {
      const info = await transport().sendMail({ from: options.from, ...message });
      mkdirSync(dir, { recursive: true });
      const slug = message.subject
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, 40);
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${slug}.eml`);
      writeFileSync(file, info.message as Buffer);
      const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
      options.logger.info({ to: message.to, subject: message.subject, links, file }, 'mail written to storage');
    },
  };
}

/** Keeps messages in memory (the app's own tests read them; the SMTP test uses a real sink). */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  last(to?: string): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => !to || m.to === to);
  }
  linkIn(message: MailMessage | undefined, pattern: RegExp = /https?:\/\/\S+/): string {
    const link = message?.text.match(pattern)?.[0];
    if (!link) throw new Error(`No link in ${message?.subject ?? 'no message'}`);
    return link;
  }
}
