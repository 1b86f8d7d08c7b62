/**
 * Delivers the alerts queued in the database, at least once and, as far as the providers allow, at
 * most once. The runner's loop is the queue's: claim the due rows of each channel up to its limit,
 * run them, sleep until the next due time (never longer than the idle look). What runs is counted
 * from one in-flight map; everything else is read from the database.
 * - every attempt is claimed in the database first (counted and leased by a
 *   compare-and-swap, see alertQueue.ts), so two processes never both send one
 *   alert, and a crash mid-attempt is retried after the lease;
 * - within this process an alert has at most one attempt under way, whose
 *   outcome is shared by everyone who asks;
 * - failures are retried with exponential backoff until the last attempt,
 *   then marked 'failed'; alerts left pending by a crash are picked up at start;
 * - an alert that no longer applies when its attempt comes (`stillApplies`) is
 *   cancelled, its sender not called.
 * The one window left is a crash between the provider accepting and the
 * database recording it: that alert is sent again after the restart.
 */
import type { Logger } from '../lib/logger';
import { iso } from '../lib/time';
import type { AlertQueue } from './alertQueue';
import { type AlertLead, type AlertSender, describeSendError, retryHintOf } from './alertSender';
import type { ChannelSpec } from './channels';
import { afterFailure } from './retryRules';
import { createSentRecorder } from './sentRecorder';

/** Whether an alert is still wanted when its attempt comes; if not, why (kept on the cancelled alert). */
export type AlertStillApplies = (leadId: number, channel: string) => { ok: true } | { ok: false; reason: string };

export interface DeliveryWorkerOptions {
  queue: AlertQueue;
  /** The channels, in the order they are run, with their limits; one without a sender is off. */
  channels: readonly Pick<ChannelSpec, 'name' | 'maxInFlight' | 'retryForMs'>[];
  senders: ReadonlyMap<string, AlertSender>;
  /** What the channel's sender needs to know about the lead; undefined when it no longer exists. */
  readLead: (leadId: number, channel: string) => AlertLead | undefined;
  /** Asked before each attempt (the leads layer's rules); absent, every alert applies until it is sent. */
  stillApplies?: AlertStillApplies;
  logger: Logger;
  now?: () => number;
  /** How long a sender may take before it gives up on its own; sizes the lease. */
  sendTimeoutMs: number;
  retryBaseMs: number;
  maxAttempts: number;
}

export interface DeliveryWorker {
  /** The channels with a sender, in order. */
  readonly channels: readonly string[];
  /** Attempts one alert now (or joins the attempt under way); true when the provider accepted it. */
  attempt(leadId: number, channel: string): Promise<boolean>;
  /** Starts the loop (and picks up alerts left pending by an earlier run). */
  start(): void;
  /** Attempts every alert that is due now, and waits for them; for a one-off run (the CLI). */
  runUntilEmpty(): Promise<void>;
  /** No new attempts; waits up to `timeoutMs` for attempts under way. True when none was left running. */
  stop(timeoutMs: number): Promise<boolean>;
  /** Attempts under way now. */
  inFlight(): number;
}

const MAX_TIMER_MS = 2 ** 31 - 1;
const MIN_SLEEP_MS = 50; // keeps a stuck row from spinning the loop
const CLAIM_BATCH = 50;
const MAX_IDLE_MS = 60_000;

type Running = { channel: string; outcome: Promise<boolean> };

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { queue, senders, readLead, stillApplies, logger, sendTimeoutMs, retryBaseMs, maxAttempts } = options;
  const now = options.now ?? Date.now;
  const channels = options.channels.filter((ch) => senders.has(ch.name));
  const running = new Map<string, Running>(); // by `${channel}:${leadId}`
  const recorder = createSentRecorder(queue);
  // Accepted by the provider but not recorded (the database failed): never resend from this process,
  // and record it once the database answers again.
  const unrecorded = new Map<string, { providerMessageId: string; sentAt: string }>();
  // Channels with more alerts due than room: a finished attempt claims the next (others: the loop's pass).
  const backlog = new Set<string>();
  const claiming = new Set<string>();
  let sleeping: NodeJS.Timeout | undefined;
  let started = false;

  const runningOn = (channel: string) => {
    let count = 0;
    for (const r of running.values()) if (r.channel === channel) count++;
    return count;
  };

  async function send(leadId: number, channel: string, sender: AlertSender): Promise<boolean> {
    // Asked before the claim, from the database: a lead marked since the alert was queued (here or in another
    // process) cancels it, even under another process's lease; one marked after the claim is the mark's to cancel.
    const applies = stillApplies?.(leadId, channel);
    if (applies && !applies.ok) {
      if (queue.cancelPending(leadId, [channel], applies.reason) > 0)
        logger.info({ leadId, channel, reason: applies.reason }, 'alert cancelled: it no longer applies');
      return queue.status(leadId, channel) === 'sent';
    }
    // Counted and leased before the provider is called: a crash now means a retry after the lease, not a lost alert.
    const attempt = queue.claim(leadId, channel, iso(now()), iso(now() + 2 * sendTimeoutMs + retryBaseMs));
    if (attempt === undefined) return queue.status(leadId, channel) === 'sent';
    const log = { leadId, channel, attempt };
    let providerMessageId: string;
    try {
      const lead = readLead(leadId, channel);
      if (!lead) throw new Error('the lead no longer exists');
      ({ providerMessageId } = await sender.send(lead));
    } catch (err) {
      const error = describeSendError(err);
      const retryForMs = options.channels.find((ch) => ch.name === channel)?.retryForMs;
      const firstAttemptAt = retryForMs === undefined ? undefined : queue.firstAttemptAt(leadId, channel);
      const failure = { attempt, maxAttempts, retryBaseMs, now: now(), retryForMs, firstAttemptAt };
      const { last, delayMs: delay } = afterFailure({ ...failure, ...retryHintOf(err) });
      queue.recordFailure(leadId, channel, error, last ? null : iso(now() + delay));
      // recordFailure leaves a row cancelled during the attempt (a mark) as it is: no retry to announce.
      if (queue.status(leadId, channel) === 'cancelled')
        logger.info({ ...log, error }, 'alert attempt failed; cancelled');
      else if (last) logger.error({ ...log, error }, 'alert failed for good: no attempts left');
      else logger.warn({ ...log, error, retryInMs: delay }, 'alert attempt failed; will retry');
      return false;
    }
    const sentAt = iso(now());
    try {
      await recorder.record(leadId, channel, providerMessageId, sentAt);
    } catch (err) {
      unrecorded.set(`${channel}:${leadId}`, { providerMessageId, sentAt });
      logger.error({ ...log, err }, 'alert sent but could not be recorded');
    }
    logger.info(log, 'alert sent');
    return true;
  }

  /** Records a delivery the database could not take at the time; true either way (it was sent). */
  function recordLate(leadId: number, channel: string, key: string): boolean {
    const sent = unrecorded.get(key);
    if (!sent) return true;
    try {
      queue.recordSent(leadId, channel, sent.providerMessageId, sent.sentAt);
      unrecorded.delete(key);
      logger.info({ leadId, channel }, 'alert sent earlier is now recorded');
    } catch {
      // Still failing: the alert stays due and this is tried again on the next pass of the loop.
    }
    return true;
  }

  function attempt(leadId: number, channel: string): Promise<boolean> {
    const key = `${channel}:${leadId}`;
    if (unrecorded.has(key)) return Promise.resolve(recordLate(leadId, channel, key));
    const under = running.get(key);
    if (under) return under.outcome;
    const spec = channels.find((ch) => ch.name === channel);
    const sender = senders.get(channel);
    // Off here, or full: the alert stays pending and due, and is claimed when an attempt finishes.
    if (!spec || !sender) return Promise.resolve(false);
    if (runningOn(channel) >= spec.maxInFlight) {
      backlog.add(channel);
      return Promise.resolve(false);
    }
    const outcome = send(leadId, channel, sender)
      .catch((err: unknown) => {
        logger.error({ leadId, channel, err }, 'alert attempt could not be recorded');
        return false;
      })
      .finally(() => {
        running.delete(key);
        if (started && backlog.has(channel)) claimSoon(spec); // room for the next one
      });
    running.set(key, { channel, outcome });
    return outcome;
  }

  /** Claims once for every attempt of the channel that finished in this turn: one query, one commit. */
  function claimSoon(spec: Pick<ChannelSpec, 'name' | 'maxInFlight'>): void {
    if (claiming.has(spec.name)) return;
    claiming.add(spec.name);
    setImmediate(() => claiming.delete(spec.name) && started && claimDue(spec));
  }

  /** Claims the channel's due alerts up to its limit and runs them. */
  function claimDue(spec: Pick<ChannelSpec, 'name' | 'maxInFlight'>): void {
    const room = Math.min(spec.maxInFlight - runningOn(spec.name), CLAIM_BATCH);
    if (room <= 0) return void backlog.add(spec.name);
    try {
      const ids = queue.due(spec.name, iso(now()), room);
      if (ids.length < room) backlog.delete(spec.name);
      else backlog.add(spec.name);
      queue.batch(() => ids.forEach((id) => void attempt(id, spec.name))); // their claims: one commit
    } catch (err) {
      logger.error({ err }, 'could not read pending alerts');
    }
  }

  /** One pass of the loop: claim and run what is due, then sleep until the next due time. */
  function pass(): void {
    sleeping = undefined;
    if (!started) return;
    for (const spec of channels) claimDue(spec);
    // Never sleep longer than the idle look, even with an alert due hours from now (a reminder): an
    // alert an operator reset to 'pending' in the sqlite3 shell, or another process requeued or
    // released, is sent without a restart.
    let delay = Math.min(retryBaseMs, MAX_IDLE_MS);
    try {
      const at = queue.nextDueAt(channels.map((ch) => ch.name));
      if (at !== undefined) delay = Math.min(Date.parse(at) - now(), delay);
    } catch {
      delay = retryBaseMs; // database trouble: look again later
    }
    sleeping = setTimeout(pass, Math.min(Math.max(delay, MIN_SLEEP_MS), MAX_TIMER_MS));
    sleeping.unref();
  }

  async function settleAll(timeoutMs: number): Promise<boolean> {
    let timeout: NodeJS.Timeout | undefined;
    const expired = new Promise<false>((resolve) => (timeout = setTimeout(() => resolve(false), timeoutMs)));
    const all = Promise.allSettled([...running.values()].map((r) => r.outcome)).then(() => true);
    try {
      return await Promise.race([all, expired]);
    } finally {
      clearTimeout(timeout);
    }
  }

  return {
    channels: channels.map((ch) => ch.name),
    attempt,
    start() {
      if (started) return;
      started = true;
      pass();
    },
    async runUntilEmpty() {
      // Each pass claims what is due and unclaimed; an alert that fails gets a later due time,
      // so the passes end once every due alert has had its attempt.
      for (;;) {
        for (const spec of channels) claimDue(spec);
        if (running.size === 0) return;
        await Promise.race([...running.values()].map((r) => r.outcome));
      }
    },
    async stop(timeoutMs) {
      started = false;
      clearTimeout(sleeping);
      sleeping = undefined;
      return settleAll(timeoutMs);
    },
    inFlight: () => running.size,
  };
}
