/**
 * The e-mail alert: a plain-text part and an HTML part carrying the same facts. The lead's values are untrusted
 * visitor input, so every one is HTML-escaped and the subject is forced onto one line. Replying goes straight to
 * the lead (Reply-To) while From stays our own address, so the mail passes SPF/DKIM checks of our domain.
 */
import { FIELD_LIMITS } from '../contract/lead';
import { zonedTime } from '../lib/zonedTime';
import type { AlertLead } from './alertSender';
import { languageFacts, languageMark } from './leadLanguage';

export interface EmailEnvelope {
  from: string;
  to: string;
}

/** One message as nodemailer takes it. */
export interface MailMessage {
  from: string;
  to: string;
  replyTo?: { name: string; address: string } | string;
  subject: string;
  text: string;
  html: string;
  /** Fixed per lead and channel: a copy resent after a crash carries the same id, so mail clients can fold it. */
  messageId: string;
  headers?: Record<string, string>;
  /**
   * A calendar invite (src/alerts/invite.ts): nodemailer sends it as a text/calendar alternative with this
   * `method` (and as an invite.ics attachment), which mail clients offer to add to the calendar.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string; filename?: string };
}

export type AlertEmail = MailMessage & { replyTo: { name: string; address: string } };

/** The domain of a sender address (`alerts@example.com` or `Alerts <alerts@example.com>`), for Message-IDs. */
export function senderDomain(from: string): string {
  return /@([^\s@<>]+)>?$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * The Message-ID of a lead's e-mail of this kind: the same on every retry, so
 * a mail server or client that sees an attempt twice keeps one copy.
 */
export function leadMessageId(kind: string, lead: Pick<AlertLead, 'id' | 'createdAt'>, from: string): string {
  return `<${kind}-${lead.id}-${lead.createdAt.replace(/\D/g, '')}@${senderDomain(from)}>`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/**
 * No line breaks or other control characters: they would end the header or smuggle in new ones.
 * No invisible format characters (bidi overrides reorder what the owner reads), but the zero-width
 * joiner and non-joiner, which are part of how an emoji or a Persian name is written. And no visitor
 * text that a mail client would decode as an RFC 2047 encoded word (`=?charset?B?...?=`), which
 * could carry CR/LF or such characters past every check here: `=?` becomes `= ?`.
 */
export function oneLineHeader(value: string, max = 150): string {
  const flat = value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/(?![\u200c\u200d])\p{Cf}/gu, '')
    .replace(/=\?/g, '= ?')
    .replace(/\s{2,}/g, ' ')
    .trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 3).join('')}...`;
}

const UNVERIFIED_NOTE =
  "It came without the form's proof of work (no JavaScript, a script, or sent very fast), so no SMS was sent.";

/**
 * A lead's source as no mail client can turn into a link. Gmail and Outlook autolink text that
 * looks like a domain (a referrer host such as news.example.org, or a utm_source the visitor chose),
 * which would put a clickable link of the visitor's choosing next to a real lead. Each '.' becomes
 * U+2024 ONE DOT LEADER: it looks like a dot, but is not one, so no domain is recognised. Used for
 * the text and the HTML part alike (escapeHtml leaves it as it is).
 */
export function unlinkableSource(source: string): string {
  return source.replaceAll('.', '\u2024');
}

/** The facts of a lead, as rows of label and value (every value the visitor's or derived from it). */
export function leadFacts(lead: AlertLead): [string, string][] {
  return [
    ['Name', lead.name],
    ['Company', lead.company],
    ['Email', lead.email],
    ...languageFacts(lead),
    ['Source', unlinkableSource(lead.source)],
    ['Received', zonedTime(lead.createdAt, lead.ownerTimeZone ?? 'UTC', { seconds: true })],
    ['Lead', `#${lead.id}`],
  ];
}

export const factsText = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`);
export const factsHtml = (rows: [string, string][]) => [
  '<table cellpadding="4">',
  ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
  '</table>',
];

/** An e-mail's HTML part: these lines in a plain page. */
export const htmlPage = (lines: string[]) =>
  ['<!doctype html><html><body style="font-family:sans-serif">', ...lines, '</body></html>'].join('\n');

/** A paragraph with the link, when there is one; `text` is ours, not escaped. */
export const linkHtml = (url: string | undefined, text: string) =>
  url ? [`<p><a href="${escapeHtml(url)}">${text}</a></p>`] : [];

/** An e-mail to the owner about the lead: a reply goes to the lead; `kind` goes in its Message-ID. */
export function ownerEmail(
  kind: string,
  lead: AlertLead,
  envelope: EmailEnvelope,
  content: { subject: string; text: string; html: string },
): AlertEmail {
  return {
    from: envelope.from,
    to: envelope.to,
    replyTo: { name: oneLineHeader(lead.name, FIELD_LIMITS.name), address: lead.email },
    subject: oneLineHeader(content.subject),
    text: content.text,
    html: content.html,
    messageId: leadMessageId(kind, lead, envelope.from),
  };
}

/** The link to the lead's page in the owner's inbox. */
export const INBOX_LINK_TEXT = 'Open it in your inbox';

/** The owner's one-click way to say the lead was answered (a signed link; see src/leads/markLinks.ts). */
export const MARK_LINK_TEXT = 'Answered? Mark it as contacted';

/** `markUrl`: the lead's signed "Mark as contacted" link, when links are made. */
export function buildAlertEmail(lead: AlertLead, envelope: EmailEnvelope, markUrl?: string): AlertEmail {
  const rows = leadFacts(lead);
  const unverified = lead.verdict === 'unverified';
  const text = [
    'A visitor asked for a free setup call.',
    ...(unverified ? [UNVERIFIED_NOTE] : []),
    '',
    ...factsText(rows),
    '',
    'Reply to this e-mail to answer them directly. The promised reply time is 24 hours.',
    ...(lead.inboxUrl ? ['', `${INBOX_LINK_TEXT}: ${lead.inboxUrl}`] : []),
    ...(markUrl ? ['', `${MARK_LINK_TEXT}: ${markUrl}`] : []),
    '',
  ].join('\n');
  const html = htmlPage([
    '<p>A visitor asked for a free setup call.</p>',
    ...(unverified ? [`<p>${escapeHtml(UNVERIFIED_NOTE)}</p>`] : []),
    ...factsHtml(rows),
    `<p><a href="mailto:${escapeHtml(encodeURIComponent(lead.email))}">Reply to ${escapeHtml(lead.name)}</a> within 24 hours.</p>`,
    ...linkHtml(lead.inboxUrl, INBOX_LINK_TEXT),
    ...linkHtml(markUrl, MARK_LINK_TEXT),
  ]);
  // A lead without a proof of work is e-mailed, never texted: the subject says so first.
  const tag = unverified ? '[unverified] ' : '';
  return ownerEmail('lead', lead, envelope, {
    subject: `${tag}New lead${languageMark(lead)}: ${lead.name} (${lead.company})`,
    text,
    html,
  });
}
