/**
 * One attempt of one alert, from its claim to its record: asked whether it still applies, claimed in the database
 * (counted and leased by a compare-and-swap, alertQueue.ts), sent within the attempt's deadline (the sender gets
 * an AbortSignal), then recorded as sent, or as failed with its next attempt by the retry rules. Two things the
 * database may not show are kept here, so that this process never sends an alert twice: an acceptance the database
 * could not record (recorded once it answers), and a sender still running past its deadline (an SDK that cannot
 * stop early: no second attempt before it settles, and its late acceptance is recorded).
 */
import type { Logger } from '../lib/logger';
import { iso } from '../lib/time';
import type { AlertQueue, Channel } from './alertQueue';
import { type AlertLead, type AlertSender, describeSendError, retryHintOf } from './alertSender';
import type { ChannelSpec } from './channels';
import { withinDeadline } from './deadline';
import { afterFailure } from './retryRules';

/** Whether an alert is still wanted when its attempt comes; if not, why (kept on the cancelled alert). */
export type AlertStillApplies = (leadId: number, channel: Channel) => { ok: true } | { ok: false; reason: string };

export interface AttemptOptions {
  queue: AlertQueue;
  channels: readonly Pick<ChannelSpec, 'name' | 'retryForMs' | 'deadlineMs'>[];
  /** What the channel's sender needs to know about the lead; undefined when it no longer exists. */
  readLead: (leadId: number, channel: Channel) => AlertLead | undefined;
  /** Asked before each attempt (the leads layer's rules); absent, every alert applies until it is sent. */
  stillApplies?: AlertStillApplies;
  logger: Logger;
  now: () => number;
  /** How long one attempt may run before it counts as failed; sizes the lease. */
  deadlineMs: number;
  retryBaseMs: number;
  maxAttempts: number;
}

export function createAttempts(options: AttemptOptions) {
  const { queue, readLead, stillApplies, logger, now, deadlineMs, retryBaseMs, maxAttempts } = options;
  const spec = (channel: Channel) => options.channels.find((ch) => ch.name === channel);
  const unrecorded = new Map<string, { providerMessageId: string; sentAt: string }>();
  const overrunning = new Map<string, Promise<void>>();

  function recordFailure(leadId: number, channel: Channel, attempt: number, err: unknown): void {
    const error = describeSendError(err);
    const retryForMs = spec(channel)?.retryForMs;
    const firstAttemptAt = retryForMs === undefined ? undefined : queue.firstAttemptAt(leadId, channel);
    const failure = { attempt, maxAttempts, retryBaseMs, now: now(), retryForMs, firstAttemptAt };
    const { last, delayMs } = afterFailure({ ...failure, ...retryHintOf(err) });
    queue.recordFailure(leadId, channel, error, last ? null : iso(now() + delayMs));
    const log = { leadId, channel, attempt, error };
    // recordFailure leaves a row cancelled during the attempt (a mark) as it is: no retry to announce.
    if (queue.status(leadId, channel) === 'cancelled') logger.info(log, 'alert attempt failed; cancelled');
    else if (last) logger.error(log, 'alert failed for good: no attempts left');
    else logger.warn({ ...log, retryInMs: delayMs }, 'alert attempt failed; will retry');
  }

  function recordSent(leadId: number, channel: Channel, providerMessageId: string): void {
    const sentAt = iso(now());
    try {
      queue.recordSent(leadId, channel, providerMessageId, sentAt);
      logger.info({ leadId, channel }, 'alert sent');
    } catch (err) {
      unrecorded.set(`${channel}:${leadId}`, { providerMessageId, sentAt });
      logger.error({ leadId, channel, err }, 'alert sent but could not be recorded');
    }
  }

  // The acceptances of one turn of the event loop are recorded in one commit, their alerts leased until then: with
  // a commit for each, a burst of leads cost the server a fifth more CPU. One failed write records them one by
  // one, so that one bad row leaves no other unrecorded.
  let accepted: { leadId: number; channel: Channel; providerMessageId: string; recorded: () => void }[] = [];
  function recordAccepted() {
    const records = accepted;
    accepted = [];
    const sentAt = iso(now());
    try {
      queue.writeTogether(() => {
        for (const r of records) queue.recordSent(r.leadId, r.channel, r.providerMessageId, sentAt);
      });
      for (const { leadId, channel } of records) logger.info({ leadId, channel }, 'alert sent');
    } catch {
      for (const r of records) recordSent(r.leadId, r.channel, r.providerMessageId);
    }
    for (const r of records) r.recorded();
  }
  const recordSoon = (leadId: number, channel: Channel, providerMessageId: string) =>
    new Promise<void>((recorded) => {
      if (accepted.length === 0) setImmediate(recordAccepted);
      accepted.push({ leadId, channel, providerMessageId, recorded });
    });

  /** A sender's acceptance after its deadline: recorded, unless the alert was queued again meanwhile. */
  function recordLate(leadId: number, channel: Channel, providerMessageId: string): void {
    try {
      if (queue.recordSent(leadId, channel, providerMessageId, iso(now()), true))
        logger.info({ leadId, channel }, 'alert accepted after its deadline; recorded as sent');
      else logger.info({ leadId, channel }, 'alert accepted after its deadline, but queued again since: sent anew');
    } catch (err) {
      unrecorded.set(`${channel}:${leadId}`, { providerMessageId, sentAt: iso(now()) });
      logger.error({ leadId, channel, err }, 'alert sent but could not be recorded');
    }
  }

  function overrun(leadId: number, channel: Channel, sending: Promise<{ providerMessageId: string }>): void {
    const key = `${channel}:${leadId}`;
    const settled = sending.then(
      ({ providerMessageId }) => recordLate(leadId, channel, providerMessageId),
      () => undefined,
    );
    overrunning.set(
      key,
      settled.finally(() => overrunning.delete(key)),
    );
  }

  return {
    /** Claims the alert and sends it; true when the provider accepted it (now, or in an earlier attempt). */
    async run(leadId: number, channel: Channel, sender: AlertSender): Promise<boolean> {
      // Asked before the claim, from the database: a lead marked since the alert was queued (here or in another
      // process) cancels it, even under another process's lease; one marked after the claim is the mark's to cancel.
      const applies = stillApplies?.(leadId, channel);
      if (applies && !applies.ok) {
        if (queue.cancelPending(leadId, [channel], applies.reason) > 0)
          logger.info({ leadId, channel, reason: applies.reason }, 'alert cancelled: it no longer applies');
        return queue.status(leadId, channel) === 'sent';
      }
      // Counted and leased before the provider is called: a crash now means a retry after the lease, not a lost alert.
      const attempt = queue.claim(leadId, channel, iso(now()), iso(now() + 2 * deadlineMs + retryBaseMs));
      if (attempt === undefined) return queue.status(leadId, channel) === 'sent';
      let sending: Promise<{ providerMessageId: string }> | undefined;
      let settled = false;
      try {
        const lead = readLead(leadId, channel);
        if (!lead) throw new Error('the lead no longer exists');
        const ms = Math.min(deadlineMs, spec(channel)?.deadlineMs ?? deadlineMs);
        const { providerMessageId } = await withinDeadline(ms, (signal) => {
          sending = sender.send(lead, signal);
          const done = () => {
            settled = true;
          };
          sending.then(done, done);
          return sending;
        });
        await recordSoon(leadId, channel, providerMessageId);
        return true;
      } catch (err) {
        if (sending && !settled) overrun(leadId, channel, sending);
        recordFailure(leadId, channel, attempt, err);
        return false;
      }
    },
    /** Must not be sent now: true once an unrecorded acceptance is recorded, false while a sender overruns. */
    held(leadId: number, channel: Channel): boolean | undefined {
      const key = `${channel}:${leadId}`;
      if (overrunning.has(key)) return false;
      const sent = unrecorded.get(key);
      if (!sent) return undefined;
      try {
        queue.recordSent(leadId, channel, sent.providerMessageId, sent.sentAt);
        unrecorded.delete(key);
        logger.info({ leadId, channel }, 'alert sent earlier is now recorded');
      } catch {
        // Still failing: the alert stays due and this is tried again on the next pass of the loop.
      }
      return true;
    },
    /** The senders still running past their deadline, for a shutdown to wait for. */
    settling: () => [...overrunning.values()],
  };
}
