/**
 * The owner's reminder of a lead still marked new FOLLOW_UP_AFTER_HOURS after it arrived: how much of the 24-hour
 * promise is left, who is waiting, and (in the e-mail) the link that marks the lead as contacted.
 */
import {
  MARK_LINK_TEXT,
  factsHtml,
  factsText,
  escapeHtml,
  htmlPage,
  leadFacts,
  linkHtml,
  ownerEmail,
  type EmailEnvelope,
  type MailMessage,
} from './emailMessage';
import type { AlertLead } from './alertSender';
import { languageMark } from './leadLanguage';
import { fitSms } from './smsText';
import { HOUR_MS, REPLY_PROMISE_MS } from '../lib/time';

/** "4 hours left of the 24-hour promise", counted from the lead's arrival to `now`. */
export function timeLeft(createdAt: string, now: number): string {
  const leftMs = Date.parse(createdAt) + REPLY_PROMISE_MS - now;
  if (leftMs <= 0) return 'the 24-hour promise has run out';
  const hours = Math.floor(leftMs / HOUR_MS);
  if (hours < 1) return 'less than an hour left of the 24-hour promise';
  return `${hours} hour${hours === 1 ? '' : 's'} left of the 24-hour promise`;
}

export function buildReminderSms(lead: AlertLead, now: number): string {
  const left = timeLeft(lead.createdAt, now);
  return fitSms(
    ([name, company]) =>
      `Reminder${languageMark(lead)}: ${name}, ${company} is still waiting: ${left}. Lead #${lead.id}`,
    [lead.name, lead.company],
  );
}

export function buildReminderEmail(
  lead: AlertLead,
  envelope: EmailEnvelope,
  now: number,
  markUrl?: string,
): MailMessage {
  const left = timeLeft(lead.createdAt, now);
  const rows = leadFacts(lead);
  const intro = `This lead is still marked new: ${left}.`;
  const cli = `Or on the server: npm run leads -- mark ${lead.id} contacted`;
  const text = [intro, '', ...factsText(rows), '', ...(markUrl ? [`${MARK_LINK_TEXT}: ${markUrl}`] : []), cli, ''].join(
    '\n',
  );
  const html = htmlPage([
    `<p>${escapeHtml(intro)}</p>`,
    ...factsHtml(rows),
    ...linkHtml(markUrl, MARK_LINK_TEXT),
    `<p>${escapeHtml(cli)}</p>`,
  ]);
  const subject = `Reminder${languageMark(lead)}: ${lead.name} (${lead.company}) is still waiting: ${left}`;
  return ownerEmail('reminder', lead, envelope, { subject, text, html });
}
