import type { AppContext } from '../context';
import type { MailMessage } from '../mail/mailer';
import { mailLocale, renderMail } from '../mail/template';
import { msg } from '../i18n/message';
import { route } from '../../shared/routes';

export interface SecurityMailTarget {
  name: string;
  email: string;
  /** Their locale setting: the mail is in their interface language. */
  locale?: string | null;
}

/**
 * A note to the account's owner about a change to how they sign in: if it was not them, they
 * learn of it at once. Queue it with `uow.mail` in the change's transaction (the outbox), so it
 * goes out exactly when the change commits. `subject` and `lines` are best `msg('mail.…')`.
 */
export function securityMail(ctx: AppContext, user: SecurityMailTarget, subject: string, lines: string[]): MailMessage {
  return renderMail({
    locale: mailLocale(user),
    appName: ctx.config.APP_NAME,
    to: user.email,
    subject,
    greeting: msg('mail.layout.greetingName', { name: user.name }),
    lines,
    action: { label: msg('mail.security.action'), url: ctx.url(route('profile.edit')) },
    outro: [msg('mail.security.outro')],
  });
}

/** For a note that follows no write of its own (a sign-in): queued on its own, delivered by the worker. */
export async function queueSecurityMail(ctx: AppContext, user: SecurityMailTarget, subject: string, lines: string[]): Promise<void> {
  await ctx.mailQueue.enqueue(ctx.db, securityMail(ctx, user, subject, lines));
  ctx.mailQueue.poke();
}
