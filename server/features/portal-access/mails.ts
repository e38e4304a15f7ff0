import type { AppContext } from '../../context';
import { renderMail } from '../../mail/template';
import { msg } from '../../i18n/message';
import type { Locale } from '../../../shared/i18n';
import { INVITATION_LINK_DAYS } from '../../../shared/portal';
import type { MailOutbox } from '../auth/mails';

/**
 * The invitation to the board portal, in the language staff chose for it: who invites, what the
 * portal is, and a single-use sign-in link (never anything an insight says).
 */
export async function sendPortalInvitation(ctx: AppContext, outbox: MailOutbox, invitation: { to: string; name: string; organizationName: string; url: string; locale: Locale }): Promise<void> {
  const app = ctx.config.APP_NAME;
  const organization = invitation.organizationName;
  await outbox.mail(
    renderMail({
      locale: invitation.locale,
      appName: app,
      to: invitation.to,
      subject: msg('mail.portalInvitation.subject', { organization, app }),
      greeting: msg('mail.layout.greetingName', { name: invitation.name }),
      lines: [msg('mail.portalInvitation.line', { organization, app }), msg('mail.portalInvitation.what')],
      action: { label: msg('mail.portalInvitation.action'), url: invitation.url },
      outro: [msg('mail.portalInvitation.expires', { days: INVITATION_LINK_DAYS, organization }), msg('mail.portalInvitation.ignore')],
    }),
  );
}
