import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { sha256 } from '../../lib/crypto';
import { signPath } from '../../lib/signed-url';
import type { MailMessage } from '../../mail/mailer';
import { mailLocale, renderMail } from '../../mail/template';
import { msg } from '../../i18n/message';
import { route } from '../../../shared/routes';

/** Where mails go: the unit of work's outbox, in the transaction of the change (server/mail/queue.ts). */
export interface MailOutbox {
  mail(message: MailMessage): Promise<void>;
}

export const VERIFY_MINUTES = 60;
export const RESET_MINUTES = 60;

/** Bound to the user and to the address: changing the e-mail voids older links. */
export function emailHash(email: string): string {
  return sha256(email.toLowerCase()).slice(0, 40);
}

export function verificationUrl(ctx: AppContext, user: User): string {
  const expires = new Date(ctx.clock.now().getTime() + VERIFY_MINUTES * 60_000);
  return ctx.url(signPath(ctx.key, route('verification.verify', { id: user.id, hash: emailHash(user.email) }), expires));
}

export async function sendVerificationMail(ctx: AppContext, outbox: MailOutbox, user: User): Promise<void> {
  await outbox.mail(
    renderMail({
      locale: mailLocale(user),
      appName: ctx.config.APP_NAME,
      to: user.email,
      subject: msg('mail.verify.subject', { app: ctx.config.APP_NAME }),
      greeting: msg('mail.layout.greetingName', { name: user.name }),
      lines: [msg('mail.verify.line')],
      action: { label: msg('mail.verify.action'), url: verificationUrl(ctx, user) },
      outro: [msg('mail.verify.outro', { minutes: VERIFY_MINUTES })],
    }),
  );
}

export async function sendResetMail(ctx: AppContext, outbox: MailOutbox, user: User, token: string): Promise<void> {
  const url = ctx.url(route('password.reset', { token }, { email: user.email }));
  await outbox.mail(
    renderMail({
      locale: mailLocale(user),
      appName: ctx.config.APP_NAME,
      to: user.email,
      subject: msg('mail.reset.subject', { app: ctx.config.APP_NAME }),
      greeting: msg('mail.layout.greetingName', { name: user.name }),
      lines: [msg('mail.reset.line')],
      action: { label: msg('mail.reset.action'), url },
      outro: [msg('mail.reset.expires', { minutes: RESET_MINUTES }), msg('mail.reset.notYou')],
    }),
  );
}
