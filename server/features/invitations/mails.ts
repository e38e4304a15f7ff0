import type { AppContext } from '../../context';
import type { Role } from '../../db/types';
import { renderMail } from '../../mail/template';
import { msg } from '../../i18n/message';
import type { Locale } from '../../../shared/i18n';
import type { MailOutbox } from '../auth/mails';
import { route } from '../../../shared/routes';

export const INVITATION_DAYS = 7;

export function invitationUrl(ctx: AppContext, token: string): string {
  return ctx.url(route('invitations.show', { token }));
}

/** When the invitation expires, in the mail's language (English keeps its UTC date line). */
function expiryDate(date: Date, locale: Locale): string {
  if (locale === 'en-US') return date.toUTCString().replace(' GMT', ' UTC');
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

/** The invitee is not a user yet: the mail is in the inviter's language (`locale`). */
export async function sendInvitationMail(
  ctx: AppContext,
  outbox: MailOutbox,
  invitation: { email: string; role: Role; expires_at: Date },
  organizationName: string,
  inviterName: string,
  token: string,
  locale: Locale,
): Promise<void> {
  const appName = ctx.config.APP_NAME;
  const expires = expiryDate(invitation.expires_at, locale);
  await outbox.mail(
    renderMail({
      locale,
      appName,
      to: invitation.email,
      subject: msg('mail.invitation.subject', { organization: organizationName, app: appName }),
      greeting: msg('mail.layout.greeting'),
      lines: [msg('mail.invitation.line', { inviter: inviterName, organization: organizationName, app: appName, role: invitation.role })],
      action: { label: msg('mail.invitation.action'), url: invitationUrl(ctx, token) },
      outro: [msg('mail.invitation.expires', { days: INVITATION_DAYS, date: expires }), msg('mail.invitation.ignore')],
    }),
  );
}
