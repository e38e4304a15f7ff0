import type { AppContext } from '../../context';
import { renderMail } from '../../mail/template';
import { msg } from '../../i18n/message';
import { interfaceLocale } from '../../../shared/i18n';
import { SIGN_IN_LINK_MINUTES } from '../../../shared/portal';
import type { MailOutbox } from '../auth/mails';

/** The sign-in link a board member asked for, in their language: where it works and for how long. */
export async function sendSignInLinkMail(ctx: AppContext, outbox: MailOutbox, member: { email: string; locale: string }, organizationName: string, url: string): Promise<void> {
  const appName = ctx.config.APP_NAME;
  await outbox.mail(
    renderMail({
      locale: interfaceLocale(member.locale),
      appName,
      to: member.email,
      subject: msg('mail.portalSignIn.subject', { organization: organizationName }),
      greeting: msg('mail.layout.greeting'),
      lines: [msg('mail.portalSignIn.line', { organization: organizationName, app: appName })],
      action: { label: msg('mail.portalSignIn.action'), url },
      outro: [msg('mail.portalSignIn.expires', { minutes: SIGN_IN_LINK_MINUTES }), msg('mail.portalSignIn.ignore')],
    }),
  );
}

/** A passkey was added to or removed from the board member's sign-in: told at once, as staff are. */
export async function sendPasskeyChangedMail(ctx: AppContext, outbox: MailOutbox, member: { email: string; locale: string }, change: 'added' | 'removed', name: string): Promise<void> {
  const appName = ctx.config.APP_NAME;
  await outbox.mail(
    renderMail({
      locale: interfaceLocale(member.locale),
      appName,
      to: member.email,
      subject: change === 'added' ? msg('mail.portalSignIn.passkey.added.subject') : msg('mail.portalSignIn.passkey.removed.subject'),
      greeting: msg('mail.layout.greeting'),
      lines: [change === 'added' ? msg('mail.portalSignIn.passkey.added.line', { name, app: appName }) : msg('mail.portalSignIn.passkey.removed.line', { name, app: appName })],
      outro: [msg('mail.portalSignIn.passkey.notYou')],
    }),
  );
}
