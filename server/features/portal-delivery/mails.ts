import type { AppContext } from '../../context';
import { mailLocale, renderMail } from '../../mail/template';
import { msg } from '../../i18n/message';
import type { MailOutbox } from '../auth/mails';
import { route } from '../../../shared/routes';
import type { NoticeRow } from './repository';

/**
 * The board member's mails about new insights: the title, the organisation and a link into the
 * portal, never the insight's summary or body (a mail is forwarded, kept and read on shared
 * screens; the portal is where the content is, behind the member's sign-in). In the member's
 * language; titles and names are values, so no one's text is read as a message or as HTML.
 */
const insightUrl = (ctx: AppContext, id: number) => ctx.url(route('portal.insights.show', { id }));

/** The notices of one member, grouped by organisation, in the order given. */
function byOrganization(notices: NoticeRow[]): { name: string; items: NoticeRow[] }[] {
  const groups = new Map<number, { name: string; items: NoticeRow[] }>();
  for (const notice of notices) {
    const group = groups.get(notice.organization_id) ?? { name: notice.organization_name, items: [] };
    group.items.push(notice);
    groups.set(notice.organization_id, group);
  }
  return [...groups.values()];
}

function listLines(ctx: AppContext, notices: NoticeRow[]): string[] {
  return byOrganization(notices).flatMap((group) => [
    msg('mail.portalDelivery.list.organization', { organization: group.name }),
    ...group.items.map((n) => msg('mail.portalDelivery.list.item', { title: n.title, url: insightUrl(ctx, n.insight_id) })),
  ]);
}

const outro = (ctx: AppContext) => [msg('mail.portalDelivery.why', { url: ctx.url(route('portal.settings')) })];

/** At once: one insight, or (a bulk publication) the list of them. */
export async function sendInstantMail(ctx: AppContext, outbox: MailOutbox, notices: NoticeRow[]): Promise<void> {
  const first = notices[0];
  if (!first) return;
  const appName = ctx.config.APP_NAME;
  const locale = mailLocale(first);
  if (notices.length === 1) {
    await outbox.mail(
      renderMail({
        locale,
        appName,
        to: first.email,
        subject: msg('mail.portalDelivery.instant.subject', { organization: first.organization_name, title: first.title }),
        lines: [msg('mail.portalDelivery.instant.line', { organization: first.organization_name, title: first.title })],
        action: { label: msg('mail.portalDelivery.instant.action'), url: insightUrl(ctx, first.insight_id) },
        outro: outro(ctx),
      }),
    );
    return;
  }
  await outbox.mail(
    renderMail({
      locale,
      appName,
      to: first.email,
      subject: msg('mail.portalDelivery.several.subject', { count: notices.length }),
      lines: [msg('mail.portalDelivery.several.line', { count: notices.length }), ...listLines(ctx, notices)],
      action: { label: msg('mail.portalDelivery.openPortal'), url: ctx.url(route('portal.index')) },
      outro: outro(ctx),
    }),
  );
}

/** Once a day: everything new since the last digest, by organisation. */
export async function sendDigestMail(ctx: AppContext, outbox: MailOutbox, member: { email: string; locale: string }, notices: NoticeRow[]): Promise<void> {
  if (notices.length === 0) return;
  await outbox.mail(
    renderMail({
      locale: mailLocale(member),
      appName: ctx.config.APP_NAME,
      to: member.email,
      subject: msg('mail.portalDelivery.digest.subject', { count: notices.length }),
      lines: [msg('mail.portalDelivery.digest.line', { count: notices.length }), ...listLines(ctx, notices)],
      action: { label: msg('mail.portalDelivery.openPortal'), url: ctx.url(route('portal.index')) },
      outro: outro(ctx),
    }),
  );
}
