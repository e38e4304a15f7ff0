import type { AppContext } from '../../context';
import type { Role } from '../../db/types';
import { renderMail } from '../../mail/template';
import type { MailOutbox } from '../auth/mails';

export const INVITATION_DAYS = 7;

export function invitationUrl(ctx: AppContext, token: string): string {
  return ctx.url(`/invitations/${encodeURIComponent(token)}`);
}

const article = (role: Role) => (role === 'admin' || role === 'editor' || role === 'owner' ? 'an' : 'a');

export async function sendInvitationMail(
  ctx: AppContext,
  outbox: MailOutbox,
  invitation: { email: string; role: Role; expires_at: Date },
  organizationName: string,
  inviterName: string,
  token: string,
): Promise<void> {
  const appName = ctx.config.APP_NAME;
  const expires = invitation.expires_at.toUTCString().replace(' GMT', ' UTC');
  await outbox.mail(
    renderMail({
      appName,
      to: invitation.email,
      subject: `You are invited to join ${organizationName} on ${appName}`,
      greeting: 'Hello,',
      lines: [`${inviterName} has invited you to join ${organizationName} on ${appName} as ${article(invitation.role)} ${invitation.role}.`],
      action: { label: 'Accept invitation', url: invitationUrl(ctx, token) },
      outro: [
        `This invitation expires in ${INVITATION_DAYS} days (${expires}).`,
        'If you did not expect this invitation, you can ignore this email.',
      ],
    }),
  );
}
