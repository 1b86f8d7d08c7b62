/**
 * Which alerts a lead gets, by its verdict (pure):
 * - verified: the owner's SMS and e-mail, and the auto-reply when it is on
 *   and this address got none in the last 24 hours;
 * - unverified: the owner's e-mail only (its subject says [unverified]);
 * - spam: nothing.
 * Verified and unverified leads also get the owner's reminders, due when the
 * follow-up time is up (FOLLOW_UP_AFTER_HOURS), on the channels configured.
 * An owner channel that is not configured gets a 'skipped' row, so the
 * operator sees it was off; the reply only exists where it is on.
 */
import type { Channel, PlannedAlert } from '../alerts/alertQueue';
import { REMINDER_CHANNELS, REPLY_CHANNEL } from '../alerts/senders';
import type { Verdict } from './grading';

export interface PlanContext {
  /** The channels with a sender in this process. */
  configured: readonly Channel[];
  /** The auto-reply is on and this address has not had one in the last 24 hours. */
  replyAllowed: boolean;
  /** When the alerts are due (ISO time): now. */
  at: string;
  /** When the reminders are due (ISO time); null: no reminders. */
  remindAt: string | null;
}

const OWNER_CHANNELS: Record<Verdict, readonly Channel[]> = { verified: ['sms', 'email'], unverified: ['email'], spam: [] };

export function alertPlan(verdict: Verdict, { configured, replyAllowed, at, remindAt }: PlanContext): PlannedAlert[] {
  const plan: PlannedAlert[] = OWNER_CHANNELS[verdict].map((channel) =>
    configured.includes(channel) ? { channel, status: 'pending', at } : { channel, status: 'skipped', at: null },
  );
  if (verdict === 'verified' && replyAllowed && configured.includes(REPLY_CHANNEL)) plan.push({ channel: REPLY_CHANNEL, status: 'pending', at });
  if (verdict !== 'spam' && remindAt !== null) {
    for (const channel of REMINDER_CHANNELS) if (configured.includes(channel)) plan.push({ channel, status: 'pending', at: remindAt });
  }
  return plan;
}
