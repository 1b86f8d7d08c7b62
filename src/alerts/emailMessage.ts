/**
 * The e-mail alert: a plain-text part and an HTML part carrying the same
 * facts. The lead's values are untrusted visitor input, so every one is
 * HTML-escaped and the subject is forced onto one line. Replying goes straight
 * to the lead (Reply-To) while From stays our own address, so the mail passes
 * SPF/DKIM checks of our domain.
 */
import type { AlertLead } from './sender';

export interface EmailEnvelope {
  from: string;
  to: string;
}

export interface AlertEmail {
  from: string;
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** Fixed per lead: a copy resent after a crash carries the same id, so mail clients can fold it. */
  messageId: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/**
 * No line breaks or other control characters: they would end the header or smuggle in new ones.
 * No invisible format characters (bidi overrides reorder what the owner reads). And no visitor
 * text that a mail client would decode as an RFC 2047 encoded word (`=?charset?B?...?=`), which
 * could carry CR/LF or such characters past every check here: `=?` becomes `= ?`.
 */
export function oneLineHeader(value: string, max = 150): string {
  const flat = value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\p{Cf}+/gu, '')
    .replace(/=\?/g, '= ?')
    .replace(/\s{2,}/g, ' ')
    .trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 3).join('')}...`;
}

export function buildAlertEmail(lead: AlertLead, envelope: EmailEnvelope): AlertEmail {
  const received = lead.createdAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
  const rows: [string, string][] = [
    ['Name', lead.name],
    ['Company', lead.company],
    ['Email', lead.email],
    ['Received', received],
    ['Lead', `#${lead.id}`],
  ];
  const text = [
    'A visitor asked for a free setup call.',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Reply to this e-mail to answer them directly. The promised reply time is 24 hours.',
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    '<p>A visitor asked for a free setup call.</p>',
    '<table cellpadding="4">',
    ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p><a href="mailto:${escapeHtml(encodeURIComponent(lead.email))}">Reply to ${escapeHtml(lead.name)}</a> within 24 hours.</p>`,
    '</body></html>',
  ].join('\n');
  const domain = envelope.from.split('@')[1] ?? 'localhost';
  return {
    from: envelope.from,
    to: envelope.to,
    replyTo: { name: oneLineHeader(lead.name, 200), address: lead.email },
    subject: oneLineHeader(`New lead: ${lead.name} (${lead.company})`),
    text,
    html,
    messageId: `<lead-${lead.id}-${lead.createdAt.replace(/\D/g, '')}@${domain}>`,
  };
}
