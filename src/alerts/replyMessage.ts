/**
 * The auto-reply a verified lead receives (LEAD_AUTO_REPLY=true): the fixed
 * text of src/content.ts, from our own address with Reply-To the owner's
 * contact address. Of what the visitor typed it repeats only the name:
 * flattened to one line, and escaped in the HTML part. Marked
 * Auto-Submitted (RFC 3834) so the lead's own autoresponder does not answer it.
 */
import { autoReply, type OwnerDetails } from '../content';
import { escapeHtml, oneLineHeader, senderDomain, type MailMessage } from './emailMessage';
import type { AlertLead } from './alertSender';

export interface ReplyEnvelope {
  /** ALERT_EMAIL_FROM. */
  from: string;
  owner: OwnerDetails;
}

export function buildReplyEmail(
  lead: Pick<AlertLead, 'id' | 'createdAt' | 'name' | 'email'>,
  { from, owner }: ReplyEnvelope,
): MailMessage {
  const copy = autoReply(owner);
  const name = oneLineHeader(lead.name, 100);
  const text = [
    copy.greeting(name),
    '',
    ...copy.paragraphs.flatMap((p) => [p, '']),
    ...copy.signOff,
    '',
    '--',
    copy.footer,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(copy.greeting(name))}</p>`,
    ...copy.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${copy.signOff.map(escapeHtml).join('<br>')}</p>`,
    `<p style="color:#666;font-size:small">${escapeHtml(copy.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    from,
    to: lead.email,
    replyTo: owner.email,
    subject: oneLineHeader(copy.subject),
    text,
    html,
    messageId: `<reply-${lead.id}-${lead.createdAt.replace(/\D/g, '')}@${senderDomain(from)}>`,
    headers: { 'Auto-Submitted': 'auto-replied' },
  };
}
