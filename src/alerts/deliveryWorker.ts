/**
 * Delivers the alerts queued in the database, at least once and, as far as
 * the providers allow, at most once:
 * - every attempt is claimed in the database first (counted and leased by a
 *   compare-and-swap, see alertQueue.ts), so two processes never both send one
 *   alert, and a crash mid-attempt is retried after the lease;
 * - within this process an alert has at most one attempt under way, whose
 *   outcome is shared by everyone who asks;
 * - failures are retried with exponential backoff until the last attempt,
 *   then marked 'failed'; alerts left pending by a crash are picked up at start;
 * - each channel has a bounded number of attempts under way: in a burst the
 *   rest wait in the database (pending, due now), not in memory.
 * The one window left is a crash between the provider accepting and the
 * database recording it: that alert is sent again after the restart.
 */
import type { Logger } from '../logger';
import type { AlertQueue, Channel } from './alertQueue';
import { retryDelayMs } from './retryRules';
import { describeSendError, type AlertLead, type AlertSender } from './sender';

export interface DeliveryWorkerOptions {
  queue: AlertQueue;
  /** The configured channels' senders; a channel without one is off. */
  senders: Record<Channel, AlertSender>;
  /** What a sender needs to know about the lead; undefined when it no longer exists. */
  readLead: (leadId: number) => AlertLead | undefined;
  logger: Logger;
  now?: () => number;
  /** How long a sender may take before it gives up on its own; sizes the lease. */
  sendTimeoutMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  /** Attempts under way per channel at most (default: MAX_IN_FLIGHT, else 16). */
  maxInFlight?: Record<Channel, number>;
}

export interface DeliveryWorker {
  /** The channels with a sender, in the order given. */
  readonly channels: readonly Channel[];
  /** Starts an attempt of the lead's alerts (on these channels, or all) now; each promise says whether the provider accepted. */
  deliverNow(leadId: number, only?: readonly Channel[]): Record<Channel, Promise<boolean>>;
  /** Starts the retry loop (and picks up alerts left pending by an earlier run). */
  start(): void;
  /** Attempts every alert that is due now, and waits for them; for a one-off run (the CLI). */
  runUntilEmpty(): Promise<void>;
  /** No new attempts; waits up to `timeoutMs` for attempts under way. True when none was left running. */
  stop(timeoutMs: number): Promise<boolean>;
  /** Attempts under way now. */
  inFlight(): number;
}

const MAX_TIMER_MS = 2 ** 31 - 1;
const MIN_TIMER_MS = 50; // keeps a stuck row from spinning the loop
const DUE_BATCH = 50;
const MAX_IDLE_MS = 60_000;
// Measured under the lead benchmark (700 leads/s): without a bound, 6,000 e-mails queued behind
// the 5 pooled SMTP connections held about 200 MB until they drained. 16 keeps every connection
// busy; 64 SMS is far above what the fakes or Twilio see at that rate (about 20 under way).
const MAX_IN_FLIGHT: Record<Channel, number> = { sms: 64, email: 16 };
const DEFAULT_IN_FLIGHT = 16;

const iso = (ms: number) => new Date(ms).toISOString();

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { queue, senders, readLead, logger, sendTimeoutMs, retryBaseMs, maxAttempts } = options;
  const now = options.now ?? Date.now;
  const channels = Object.keys(senders);
  const limits = { ...MAX_IN_FLIGHT, ...options.maxInFlight };
  const limit = (channel: Channel) => limits[channel] ?? DEFAULT_IN_FLIGHT;
  const inFlight = new Map<string, Promise<boolean>>();
  const underWay = new Map<Channel, number>(channels.map((ch) => [ch, 0]));
  // Accepted by the provider but not recorded (the database failed): never resend from this process,
  // and record it once the database answers again.
  const delivered = new Map<string, { providerMessageId: string; sentAt: string }>();
  let timer: NodeJS.Timeout | undefined;
  let timerFiresAt = Infinity; // performance.now() time of the pending wake-up
  let running = false;

  async function run(leadId: number, channel: Channel, sender: AlertSender): Promise<boolean> {
    // Counted and leased before the provider is called: a crash now means a retry after the lease, not a lost alert.
    const attempt = queue.claim(leadId, channel, iso(now()), iso(now() + 2 * sendTimeoutMs + retryBaseMs));
    if (attempt === undefined) return queue.status(leadId, channel) === 'sent';
    const log = { leadId, channel, attempt };
    const lead = readLead(leadId);
    let providerMessageId: string;
    try {
      if (!lead) throw new Error('the lead no longer exists');
      ({ providerMessageId } = await sender.send(lead));
    } catch (err) {
      const error = describeSendError(err);
      const last = attempt >= maxAttempts;
      const delay = retryDelayMs(attempt, retryBaseMs);
      queue.recordFailure(leadId, channel, error, last ? null : iso(now() + delay));
      if (last) logger.error({ ...log, error }, 'alert failed for good: no attempts left');
      else logger.warn({ ...log, error, retryInMs: delay }, 'alert attempt failed; will retry');
      return false;
    }
    const sentAt = iso(now());
    try {
      queue.recordSent(leadId, channel, providerMessageId, sentAt);
    } catch (err) {
      delivered.set(`${channel}:${leadId}`, { providerMessageId, sentAt });
      logger.error({ ...log, err }, 'alert sent but could not be recorded');
    }
    logger.info(log, 'alert sent');
    return true;
  }

  /** Records a delivery the database could not take at the time; true either way (it was sent). */
  function recordLate(leadId: number, channel: Channel, key: string, sent: { providerMessageId: string; sentAt: string }): boolean {
    try {
      queue.recordSent(leadId, channel, sent.providerMessageId, sent.sentAt);
      delivered.delete(key);
      logger.info({ leadId, channel }, 'alert sent earlier is now recorded');
    } catch {
      // Still failing: the alert stays due and this is tried again on the next pass of the loop.
    }
    return true;
  }

  /** Starts an attempt unless one is already under way for this alert, whose outcome is then shared. */
  function attempt(leadId: number, channel: Channel): Promise<boolean> {
    const key = `${channel}:${leadId}`;
    const sender = senders[channel];
    const unrecorded = delivered.get(key);
    if (unrecorded) return Promise.resolve(recordLate(leadId, channel, key, unrecorded));
    if (!sender) return Promise.resolve(false);
    const existing = inFlight.get(key);
    if (existing) return existing;
    // Full: the alert stays pending and due; startDue() starts it when an attempt finishes.
    const busy = underWay.get(channel) ?? 0;
    if (busy >= limit(channel)) return Promise.resolve(false);
    underWay.set(channel, busy + 1);
    const promise = run(leadId, channel, sender)
      .catch((err: unknown) => {
        logger.error({ leadId, channel, err }, 'alert attempt could not be recorded');
        return false;
      })
      .finally(() => {
        inFlight.delete(key);
        underWay.set(channel, (underWay.get(channel) ?? 1) - 1);
        if (running) startDue(channel);
        schedule();
      });
    inFlight.set(key, promise);
    return promise;
  }

  /** Starts due alerts of a channel while it has room for them. */
  function startDue(channel: Channel): void {
    const room = limit(channel) - (underWay.get(channel) ?? 0);
    if (room <= 0) return;
    try {
      for (const id of queue.due(channel, iso(now()), Math.min(room, DUE_BATCH))) void attempt(id, channel);
    } catch (err) {
      logger.error({ err }, 'could not read pending alerts');
    }
  }

  function runDue(): void {
    timer = undefined;
    timerFiresAt = Infinity;
    if (!running) return;
    for (const channel of channels) startDue(channel);
    schedule();
  }

  function schedule(): void {
    if (!running || channels.length === 0) return;
    // A wake-up as soon as the loop ever sleeps is already set: no need to ask the database. In a
    // burst every finishing attempt comes here, and the question costs two queries per channel.
    if (timer && timerFiresAt - performance.now() <= MIN_TIMER_MS) return;
    let delay: number;
    try {
      const at = queue.nextDueAt(channels);
      // Never sleep longer than the idle look, even with an alert due hours from now (a reminder):
      // an alert an operator reset to 'pending' in the sqlite3 shell, or another process requeued
      // or released, is sent without a restart.
      const idle = Math.min(retryBaseMs, MAX_IDLE_MS);
      delay = at === undefined ? idle : Math.min(Date.parse(at) - now(), idle);
    } catch {
      delay = retryBaseMs; // database trouble: look again later
    }
    delay = Math.min(Math.max(delay, MIN_TIMER_MS), MAX_TIMER_MS);
    // Never postpone an earlier wake-up: attempts finishing every few ms would otherwise keep
    // pushing it back, and the loop would not run until they stopped.
    const firesAt = performance.now() + delay;
    if (timer && timerFiresAt <= firesAt) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(runDue, delay);
    timerFiresAt = firesAt;
    timer.unref();
  }

  async function settleAll(timeoutMs: number): Promise<boolean> {
    if (inFlight.size === 0) return true;
    let timeout: NodeJS.Timeout | undefined;
    const expired = new Promise<false>((resolve) => (timeout = setTimeout(() => resolve(false), timeoutMs)));
    const all = Promise.allSettled([...inFlight.values()]).then(() => true);
    try {
      return await Promise.race([all, expired]);
    } finally {
      clearTimeout(timeout);
    }
  }

  return {
    channels,
    deliverNow(leadId, only) {
      const list = only === undefined ? channels : channels.filter((ch) => only.includes(ch));
      return Object.fromEntries(list.map((ch) => [ch, attempt(leadId, ch)]));
    },
    start() {
      running = true;
      runDue();
    },
    async runUntilEmpty() {
      // Each pass starts what is due and unclaimed; an alert that fails gets a later due time,
      // so the passes end once every due alert has had its attempt.
      for (;;) {
        for (const channel of channels) startDue(channel);
        if (inFlight.size === 0) return;
        await Promise.race(inFlight.values());
      }
    },
    async stop(timeoutMs) {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      timerFiresAt = Infinity;
      return settleAll(timeoutMs);
    },
    inFlight: () => inFlight.size,
  };
}
