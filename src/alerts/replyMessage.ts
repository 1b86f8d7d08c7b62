/**
 * The auto-reply a verified lead receives (LEAD_AUTO_REPLY=true): the fixed text of src/strings in the language of
 * the page the lead's form was on, from our own address with Reply-To the owner's contact address. It repeats
 * nothing the visitor typed: the address is the only thing of theirs it uses, as its recipient. Marked
 * Auto-Submitted (RFC 3834) so the lead's own autoresponder does not answer it.
 */
import type { Profile } from '../content/content';
import { languageOfTag } from '../contract/languages';
import { mailStrings } from '../strings';
import { escapeHtml, htmlPage, oneLineHeader, leadMessageId, type MailMessage } from './emailMessage';
import type { AlertLead } from './alertSender';

export interface ReplyEnvelope {
  /** ALERT_EMAIL_FROM. */
  from: string;
  profile: Profile;
}

/** The reply's words in the lead's language (English when it has none), around the owner's profile. */
function replyCopy(language: string | undefined, profile: Profile) {
  const say = mailStrings(languageOfTag(language ?? 'en'));
  return {
    subject: say.autoReplySubject(profile.name),
    // Nothing the visitor typed: anyone who solves the proof of work can name any address, so a
    // typed name would let them put their own words into a mail from the owner's domain.
    greeting: say.greeting,
    paragraphs: [
      say.autoReplyThanks,
      say.autoReplySooner(profile.email, profile.phone, profile.messengerUrl, profile.linkedinUrl),
    ],
    signOff: [say.signOff, profile.name],
    footer: say.autoReplyFooter,
  };
}

export function buildReplyEmail(
  lead: Pick<AlertLead, 'id' | 'createdAt' | 'email' | 'language'>,
  { from, profile }: ReplyEnvelope,
): MailMessage {
  const copy = replyCopy(lead.language, profile);
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
