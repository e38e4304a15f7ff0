import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { sha256 } from '../../lib/crypto';
import { signPath } from '../../lib/signed-url';
import type { MailMessage } from '../../mail/mailer';
import { renderMail } from '../../mail/template';

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
  return ctx.url(signPath(ctx.key, `/verify-email/${user.id}/${emailHash(user.email)}`, expires));
}

export async function sendVerificationMail(ctx: AppContext, outbox: MailOutbox, user: User): Promise<void> {
  await outbox.mail(
    renderMail({
      appName: ctx.config.APP_NAME,
      to: user.email,
      subject: `Verify your email address for ${ctx.config.APP_NAME}`,
      greeting: `Hello ${user.name},`,
      lines: ['Please confirm this is your email address by clicking the button below.'],
      action: { label: 'Verify email address', url: verificationUrl(ctx, user) },
      outro: [`This link expires in ${VERIFY_MINUTES} minutes. If you did not create an account, no further action is required.`],
    }),
  );
}

export async function sendResetMail(ctx: AppContext, outbox: MailOutbox, user: User, token: string): Promise<void> {
  const url = ctx.url(`/reset-password/${encodeURIComponent(token)}?email=${encodeURIComponent(user.email)}`);
  await outbox.mail(
    renderMail({
      appName: ctx.config.APP_NAME,
      to: user.email,
      subject: `Reset your ${ctx.config.APP_NAME} password`,
      greeting: `Hello ${user.name},`,
      lines: ['You are receiving this email because we received a password reset request for your account.'],
      action: { label: 'Reset password', url },
      outro: [`This password reset link will expire in ${RESET_MINUTES} minutes.`, 'If you did not request a password reset, no further action is required.'],
    }),
  );
}
