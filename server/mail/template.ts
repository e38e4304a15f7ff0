import type { MailMessage } from './mailer';
import { escapeHtml } from '../lib/html';

export interface MailContent {
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
  const { appName, action } = content;
  const greeting = content.greeting ?? 'Hello,';
  const outro = content.outro ?? [];
  const text = [
    greeting,
    '',
    ...content.lines,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    ...(outro.length ? ['', ...outro] : []),
    '',
    `— ${appName}`,
  ].join('\n');
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:700;padding-bottom:16px">${escapeHtml(appName)}</td></tr>
<tr><td style="font-size:15px;line-height:1.6">
<p>${escapeHtml(greeting)}</p>
${content.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${action ? `<p style="padding:16px 0"><a href="${escapeHtml(action.url)}" style="background:#ecb752;color:#1e293b;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#475569">If the button does not work, paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#475569;word-break:break-all">${escapeHtml(action.url)}</a></p>` : ''}
${outro.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p>— ${escapeHtml(appName)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to: content.to, subject: content.subject, text, html };
}
