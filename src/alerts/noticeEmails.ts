/**
 * The e-mails that tell the owner a channel did not reach him: the lead again when its SMS was not delivered, and
 * the one notice that his webhook was turned off because its endpoint answered 410 Gone.
 */
import type { AlertLead } from './alertSender';
import {
  escapeHtml,
  factsHtml,
  factsText,
  htmlPage,
  INBOX_LINK_TEXT,
  leadFacts,
  leadMessageId,
  linkHtml,
  ownerEmail,
  type EmailEnvelope,
  type MailMessage,
} from './emailMessage';
import { languageMark } from './leadLanguage';
import { smsFailureText } from './smsDelivery';

function textAndHtml(paragraphs: string[], rows: [string, string][], link: string | undefined) {
  // Paragraphs, the facts and the link, one blank line between any two that are there.
  const blocks = [...paragraphs, factsText(rows).join('\n'), link ? `${INBOX_LINK_TEXT}: ${link}` : ''];
  const text = `${blocks.filter((block) => block !== '').join('\n\n')}\n`;
  const html = htmlPage([
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(rows.length > 0 ? factsHtml(rows) : []),
    ...linkHtml(link, INBOX_LINK_TEXT),
  ]);
  return { text, html };
}

export function buildSmsFallbackEmail(lead: AlertLead, envelope: EmailEnvelope): MailMessage {
  const subject = `SMS not delivered${languageMark(lead)}: ${lead.name} (${lead.company})`;
  const { text, html } = textAndHtml([smsFailureText(lead.smsDelivery)], leadFacts(lead), lead.inboxUrl);
  return ownerEmail('sms-fallback', lead, envelope, { subject, text, html });
}

/** `lead`: the lead whose event the endpoint answered 410; sent once, when the webhook is turned off. */
export function buildWebhookOffEmail(lead: AlertLead, envelope: EmailEnvelope, publicUrl: string): MailMessage {
  const { text, html } = textAndHtml(
    [
      `Your webhook endpoint (WEBHOOK_URL) answered 410 Gone when ${publicUrl} posted lead #${lead.id} to it. ` +
        '410 means the endpoint wants no more webhooks, so the site stopped posting to it. ' +
        'Leads still reach you by e-mail and on your other channels.',
      'To turn the webhook back on: fix the endpoint, or set WEBHOOK_URL to a new one and restart the server, ' +
        'then run "npm run leads -- webhook-on" on the server. ' +
        '"npm run leads -- retry" then posts the leads that arrived while it was off.',
    ],
    [],
    lead.inboxUrl,
  );
  return {
    from: envelope.from,
    to: envelope.to,
    subject: 'Your webhook is off: its endpoint answered 410 Gone',
    text,
    html,
    messageId: leadMessageId('webhook-off', lead, envelope.from),
  };
}
