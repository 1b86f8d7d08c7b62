/**
 * Which alerts a lead gets, by its verdict and the kinds of the channels
 * (pure; the channels are declared in src/alerts/channels.ts):
 * - verified: the owner's instant alerts (SMS, Telegram, ntfy), e-mail and
 *   webhook, and the visitor's auto-reply when it is on and this address got
 *   none in the last 24 hours ('held', never sent, when the site-wide cap is reached);
 * - unverified: the owner's e-mail (its subject says [unverified]) and webhook;
 * - spam: the webhook only when WEBHOOK_INCLUDE_SPAM asks for it.
 * A release (spam or unverified made verified) adds what a verified lead gets,
 * with the webhook's lead.released event in place of lead.created. Fallbacks
 * and notices are queued by their own events, never by a plan.
 * Verified and unverified leads also get the owner's reminders, due when the
 * follow-up time is up (FOLLOW_UP_AFTER_HOURS), on the channels configured.
 * An owner channel that is off gets a 'skipped' row where its entry asks for
 * one, so the operator sees it was off; the others only exist where they are on.
 */
import type { PlannedAlert } from '../alerts/alertQueue';
import type { ChannelKind, ChannelSpec } from '../alerts/channels';
import type { Verdict } from './grading';

export interface PlanContext {
  /** Every channel, in order. */
  channels: readonly Pick<ChannelSpec, 'name' | 'kind' | 'recordWhenOff'>[];
  /** The channels with a sender in this process. */
  configured: readonly string[];
  /**
   * send: the auto-reply is on and this address has not had one in the last 24 hours; hold: the
   * same, but the site-wide cap is reached (recorded as 'held', so the owner can count them); none.
   */
  reply: 'send' | 'hold' | 'none';
  /** When the alerts are due (ISO time): now. */
  at: string;
  /** When the reminders are due (ISO time); null: no reminders. */
  remindAt: string | null;
  /** WEBHOOK_INCLUDE_SPAM: spam is posted to the webhook too. */
  webhookSpam?: boolean;
  /** The plan of a release: the webhook gets lead.released instead of lead.created. */
  released?: boolean;
}

/** The kinds of alert each verdict earns at once. */
const KINDS_NOW: Record<Verdict, readonly ChannelKind[]> = {
  verified: ['instant', 'email', 'webhook', 'reply'],
  unverified: ['email', 'webhook'],
  spam: [],
};
const KINDS_ON_RELEASE: readonly ChannelKind[] = ['instant', 'email', 'release', 'reply'];

export function alertPlan(
  verdict: Verdict,
  { channels, configured, reply, at, remindAt, webhookSpam = false, released = false }: PlanContext,
): PlannedAlert[] {
  const plan: PlannedAlert[] = [];
  const kinds = released ? KINDS_ON_RELEASE : verdict === 'spam' && webhookSpam ? ['webhook'] : KINDS_NOW[verdict];
  for (const { name, kind, recordWhenOff } of channels) {
    const on = configured.includes(name);
    if (kind === 'reminder') {
      if (on && verdict !== 'spam' && remindAt !== null) plan.push({ channel: name, status: 'pending', at: remindAt });
    } else if (kinds.includes(kind) && (kind !== 'reply' || reply !== 'none')) {
      if (on && kind === 'reply' && reply === 'hold') plan.push({ channel: name, status: 'held', at: null });
      else if (on) plan.push({ channel: name, status: 'pending', at });
      else if (recordWhenOff) plan.push({ channel: name, status: 'skipped', at: null });
    }
  }
  return plan;
}
