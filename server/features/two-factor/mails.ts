import type { AppContext } from '../../context';
import { renderMail } from '../../mail/template';

export interface SecurityMailTarget {
  name: string;
  email: string;
}

/**
 * A note to the account's owner about a change to how they sign in: if it was not them, they
 * learn of it at once. Sent after the change commits; a mail failure is logged, never thrown.
 */
export async function sendSecurityMail(ctx: AppContext, user: SecurityMailTarget, subject: string, lines: string[]): Promise<void> {
  try {
    await ctx.mailer.send(
      renderMail({
        appName: ctx.config.APP_NAME,
        to: user.email,
        subject,
        greeting: `Hello ${user.name},`,
        lines,
        action: { label: 'Review your account security', url: ctx.url('/profile') },
        outro: ['If this was not you, change your password at once and review your signed-in browsers.'],
      }),
    );
  } catch (error) {
    ctx.logger.warn({ err: error, subject }, 'security mail failed');
  }
}
