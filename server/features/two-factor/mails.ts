import type { AppContext } from '../../context';
import type { MailMessage } from '../../mail/mailer';
import { renderMail } from '../../mail/template';

export interface SecurityMailTarget {
  name: string;
  email: string;
}

/**
 * A note to the account's owner about a change to how they sign in: if it was not them, they
 * learn of it at once. Queue it with `uow.mail` in the change's transaction (the outbox), so it
 * goes out exactly when the change commits.
 */
export function securityMail(ctx: AppContext, user: SecurityMailTarget, subject: string, lines: string[]): MailMessage {
  return renderMail({
    appName: ctx.config.APP_NAME,
    to: user.email,
    subject,
    greeting: `Hello ${user.name},`,
    lines,
    action: { label: 'Review your account security', url: ctx.url('/profile') },
    outro: ['If this was not you, change your password at once and review your signed-in browsers.'],
  });
}

/** For a note that follows no write of its own (a sign-in): queued on its own, delivered by the worker. */
export async function queueSecurityMail(ctx: AppContext, user: SecurityMailTarget, subject: string, lines: string[]): Promise<void> {
  await ctx.mailQueue.enqueue(ctx.db, securityMail(ctx, user, subject, lines));
  ctx.mailQueue.poke();
}
