import type { MailMessage } from './mailer';
import { escapeHtml } from '../lib/html';
import { interfaceLocale, type Locale } from '../../shared/i18n';
import { localize, translator } from '../i18n/message';

/** The language of a mail to a user: their interface language (from their locale setting). */
export const mailLocale = (recipient: { locale?: string | null }): Locale => interfaceLocale(recipient.locale);

/**
 * A mail's texts may be `msg(...)` (mail.json): they are written in `locale` here, when the mail
 * is queued (the outbox stores the rendered message).
 */
export interface MailContent {
  locale: Locale;
  appName: string;
  to: string;
  subject: string;
  greeting?: string;
  lines: string[];
  action?: { label: string; url: string };
  outro?: string[];
}

/** One layout for every message: a text part and a simple, accessible HTML part. */
export function renderMail(content: MailContent): MailMessage {
  const { appName, locale } = content;
  const t = translator(locale);
  const text_ = (s: string) => localize(locale, s);
  const subject = text_(content.subject);
  const greeting = text_(content.greeting ?? t('mail.layout.greeting'));
  const lines = content.lines.map(text_);
  const action = content.action ? { label: text_(content.action.label), url: content.action.url } : undefined;
  const outro = (content.outro ?? []).map(text_);
  const text = [greeting, '', ...lines, ...(action ? ['', `${action.label}: ${action.url}`] : []), ...(outro.length ? ['', ...outro] : []), '', `— ${appName}`].join('\n');
  const html = `<!DOCTYPE html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:700;padding-bottom:16px">${escapeHtml(appName)}</td></tr>
<tr><td style="font-size:15px;line-height:1.6">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${
  action
    ? `<p style="padding:16px 0"><a href="${escapeHtml(action.url)}" style="background:#ecb752;color:#1e293b;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(t('mail.layout.buttonFallback'))}<br><a href="${escapeHtml(action.url)}" style="color:#475569;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ''
}
${outro.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p>— ${escapeHtml(appName)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to: content.to, subject, text, html };
}
