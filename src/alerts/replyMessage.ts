/**
 * The auto-reply a verified lead receives (LEAD_AUTO_REPLY=true): the fixed text of src/content/content.ts, from
 * our own address with Reply-To the owner's contact address. It repeats nothing the visitor typed: the address is
 * the only thing of theirs it uses, as its recipient. Marked Auto-Submitted (RFC 3834) so the lead's own
 * autoresponder does not answer it.
 */
import { autoReply, type Profile } from '../content/content';
import { escapeHtml, htmlPage, oneLineHeader, leadMessageId, type MailMessage } from './emailMessage';
import type { AlertLead } from './alertSender';

export interface ReplyEnvelope {
  /** ALERT_EMAIL_FROM. */
  from: string;
  profile: Profile;
}

export function buildReplyEmail(
  lead: Pick<AlertLead, 'id' | 'createdAt' | 'email'>,
  { from, profile }: ReplyEnvelope,
): MailMessage {
  const copy = autoReply(profile);
  const text = [
    copy.greeting,
    '',
    ...copy.paragraphs.flatMap((p) => [p, '']),
    ...copy.signOff,
    '',
    '--',
    copy.footer,
    '',
  ].join('\n');
  const html = htmlPage([
    `<p>${escapeHtml(copy.greeting)}</p>`,
    ...copy.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${copy.signOff.map(escapeHtml).join('<br>')}</p>`,
    `<p style="color:#666;font-size:small">${escapeHtml(copy.footer)}</p>`,
  ]);
  return {
    from,
    to: lead.email,
    replyTo: profile.email,
    subject: oneLineHeader(copy.subject),
    text,
    html,
    messageId: leadMessageId('reply', lead, from),
    headers: { 'Auto-Submitted': 'auto-replied' },
  };
}
