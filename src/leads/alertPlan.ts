/**
 * Which alerts a lead gets, by its verdict and the kinds of the channels
 * (pure; the channels are declared in src/alerts/channels.ts):
 * - verified: the owner's instant alerts (SMS) and e-mail, and the visitor's
 *   auto-reply when it is on and this address got none in the last 24 hours
 *   ('held', never sent, when the site-wide cap is reached);
 * - unverified: the owner's e-mail only (its subject says [unverified]);
 * - spam: nothing.
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
}

/** The kinds of alert each verdict earns at once. */
const KINDS_NOW: Record<Verdict, readonly ChannelKind[]> = {
  verified: ['instant', 'email', 'reply'],
  unverified: ['email'],
  spam: [],
};

export function alertPlan(
  verdict: Verdict,
  { channels, configured, reply, at, remindAt }: PlanContext,
): PlannedAlert[] {
  const plan: PlannedAlert[] = [];
  for (const { name, kind, recordWhenOff } of channels) {
    const on = configured.includes(name);
    if (kind === 'reminder') {
      if (on && verdict !== 'spam' && remindAt !== null) plan.push({ channel: name, status: 'pending', at: remindAt });
    } else if (KINDS_NOW[verdict].includes(kind) && (kind !== 'reply' || reply !== 'none')) {
      if (on && kind === 'reply' && reply === 'hold') plan.push({ channel: name, status: 'held', at: null });
      else if (on) plan.push({ channel: name, status: 'pending', at });
      else if (recordWhenOff) plan.push({ channel: name, status: 'skipped', at: null });
    }
  }
  return plan;
}
