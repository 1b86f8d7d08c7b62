/**
 * What the owner's Telegram and ntfy alerts say: a title, a sentence, the lead's facts and the link to its page in
 * the inbox. One message, two renderings: Telegram's HTML (every value escaped, so a visitor's name cannot become
 * markup or a link) and ntfy's plain text.
 */
import { INBOX_PATHS } from '../contract/inbox';
import { escapeHtml, factsText, INBOX_LINK_TEXT, leadFacts } from './emailMessage';
import type { AlertLead, AlertSender } from './alertSender';
import { languageMark } from './leadLanguage';
import { timeLeft } from './reminderMessage';
import { smsFailureText } from './smsDelivery';

export interface InstantMessage {
  title: string;
  intro: string;
  facts: [string, string][];
  /** The lead's page in the inbox (the inbox itself, for a test). */
  url: string | undefined;
}

/** An owner channel that sends an InstantMessage: Telegram, ntfy. */
export interface InstantTransport {
  /** `signal`: the attempt's deadline (the runner's). */
  send(message: InstantMessage, signal: AbortSignal): Promise<{ providerMessageId: string }>;
  close(): void;
}

/** A channel that sends what `messageOf` writes about the lead. */
export function instantSenderFor(
  transport: InstantTransport,
  messageOf: (lead: AlertLead) => InstantMessage,
): AlertSender {
  return { send: (lead, signal) => transport.send(messageOf(lead), signal) };
}

export function newLeadMessage(lead: AlertLead): InstantMessage {
  return {
    title: `New lead${languageMark(lead)}: ${lead.name} (${lead.company})`,
    intro: 'A visitor asked for a free setup call. The promised reply time is 24 hours.',
    facts: leadFacts(lead),
    url: lead.inboxUrl,
  };
}

export function reminderMessage(lead: AlertLead, now: number): InstantMessage {
  return {
    title: `Reminder${languageMark(lead)}: ${lead.name} (${lead.company}) is still waiting`,
    intro: `This lead is still marked new: ${timeLeft(lead.createdAt, now)}.`,
    facts: leadFacts(lead),
    url: lead.inboxUrl,
  };
}

/** The lead again, on another channel, because its SMS never reached the owner's phone. */
export function smsFallbackMessage(lead: AlertLead): InstantMessage {
  return {
    title: `SMS not delivered${languageMark(lead)}: ${lead.name} (${lead.company})`,
    intro: smsFailureText(lead.smsDelivery),
    facts: leadFacts(lead),
    url: lead.inboxUrl,
  };
}

export function testInstantMessage(channel: string, publicUrl: string): InstantMessage {
  return {
    title: `Test alert: ${channel} alerts work`,
    intro: `Test alert from ${publicUrl}: ${channel} alerts work. No lead is involved.`,
    facts: [],
    // The link reads "Open it in your inbox": it opens the inbox, where a lead's alert would lead.
    url: `${publicUrl}${INBOX_PATHS.inbox}`,
  };
}

/** Telegram's HTML: bold title, the facts, the link, a blank line between; nothing the visitor typed unescaped. */
export function telegramHtml(message: InstantMessage): string {
  const blocks = [
    [`<b>${escapeHtml(message.title)}</b>`, escapeHtml(message.intro)],
    message.facts.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`),
    message.url ? [`<a href="${escapeHtml(message.url)}">${escapeHtml(INBOX_LINK_TEXT)}</a>`] : [],
  ];
  return blocks
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'))
    .join('\n\n');
}

/** ntfy's body; the title and the link travel beside it. */
export function ntfyText(message: InstantMessage): string {
  return [message.intro, '', ...factsText(message.facts)].join('\n').trim();
}
