/**
 * Delivers each lead's alerts, at least once and, as far as the providers
 * allow, at most once:
 * - the request path waits for the first attempt only up to the answer
 *   timeout, but the attempt itself runs on and its outcome is recorded
 *   (a slow provider that accepts late is recorded as sent, never resent);
 * - an alert has at most one attempt under way (the in-memory map below), and
 *   each attempt is counted and leased in the database before it starts;
 * - failures are retried with exponential backoff until the last attempt,
 *   then marked 'failed'; pending alerts left by a crash are picked up at start;
 * - each channel has a bounded number of attempts under way: in a burst the
 *   rest wait in the database (pending, due now), not in memory, and start
 *   as earlier attempts finish.
 * The one window left is a crash between the provider accepting and the
 * database recording it: that alert is sent again after the restart.
 */
import type { Logger } from '../logger';
import type { Channel, LeadRow, LeadStore } from '../storage/leadStore';
import { describeSendError, type AlertSender } from './sender';

export interface DispatcherOptions {
  store: LeadStore;
  /** A channel without a sender is not configured: its alerts are 'skipped'. */
  senders: Partial<Record<Channel, AlertSender>>;
  logger: Logger;
  now?: () => number;
  /** How long the visitor's answer waits for the first attempt (ALERT_TIMEOUT_MS). */
  answerTimeoutMs: number;
  /** How long a sender may take before it gives up on its own; sizes the lease. */
  sendTimeoutMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  /** Attempts under way per channel at most (defaults: MAX_IN_FLIGHT). */
  maxInFlight?: Partial<Record<Channel, number>>;
}

export interface AlertDispatcher {
  readonly channels: readonly Channel[];
  /**
   * Starts every configured channel's first attempt in parallel. Resolves within the answer
   * timeout with whether the SMS was accepted; the e-mail attempt finishes in the background.
   */
  notifyNewLead(leadId: number): Promise<{ sms: boolean }>;
  /** Starts the retry loop (and picks up alerts left pending by an earlier run). */
  start(): void;
  /** No new attempts; waits up to `timeoutMs` for attempts under way. True when none was left running. */
  stop(timeoutMs: number): Promise<boolean>;
  /** Attempts under way now. */
  inFlight(): number;
}

const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
const MAX_TIMER_MS = 2 ** 31 - 1;
const MIN_TIMER_MS = 50; // keeps a stuck row from spinning the loop
const DUE_BATCH = 50;
const MAX_IDLE_MS = 60_000;
// Measured under the lead benchmark (700 leads/s): without a bound, 6,000 e-mails queued behind
// the 5 pooled SMTP connections held about 200 MB until they drained. 16 keeps every connection
// busy; 64 SMS is far above what the fakes or Twilio see at that rate (about 20 under way).
const MAX_IN_FLIGHT: Record<Channel, number> = { sms: 64, email: 16 };

const iso = (ms: number) => new Date(ms).toISOString();

function settleWithin<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

export function createAlertDispatcher(options: DispatcherOptions): AlertDispatcher {
  const { store, senders, logger, answerTimeoutMs, sendTimeoutMs, retryBaseMs, maxAttempts } = options;
  const now = options.now ?? Date.now;
  const channels = (['sms', 'email'] as const).filter((ch) => senders[ch] !== undefined);
  const inFlight = new Map<string, Promise<boolean>>();
  const maxInFlight = { ...MAX_IN_FLIGHT, ...options.maxInFlight };
  const underWay: Record<Channel, number> = { sms: 0, email: 0 };
  // Accepted by the provider but not recorded (the database failed): never resend from this process,
  // and record it once the database answers again (tests/faults/databaseFaults.test.ts found such
  // alerts left 'pending' for good, to be sent a second time after the next restart).
  const delivered = new Map<string, { providerMessageId: string; sentAt: string }>();
  let timer: NodeJS.Timeout | undefined;
  let timerFiresAt = Infinity; // performance.now() time of the pending wake-up
  let running = false;

  const backoffMs = (attempts: number) => Math.min(retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);

  async function run(leadId: number, channel: Channel, sender: AlertSender): Promise<boolean> {
    const lead: LeadRow | undefined = store.get(leadId);
    if (!lead) return false;
    // Counted and leased before the provider is called: a crash now means a retry after the lease, not a lost alert.
    const attempt = store.claimAttempt(leadId, channel, iso(now() + 2 * sendTimeoutMs + retryBaseMs));
    if (attempt === undefined) return lead[`${channel}_status`] === 'sent';
    const log = { leadId, channel, attempt };
    let providerMessageId: string;
    try {
      ({ providerMessageId } = await sender.send({ id: lead.id, createdAt: lead.created_at, name: lead.name, company: lead.company, email: lead.email }));
    } catch (err) {
      const error = describeSendError(err);
      const last = attempt >= maxAttempts;
      store.recordFailure(leadId, channel, error, last ? null : iso(now() + backoffMs(attempt)));
      if (last) logger.error({ ...log, error }, 'alert failed for good: no attempts left');
      else logger.warn({ ...log, error, retryInMs: backoffMs(attempt) }, 'alert attempt failed; will retry');
      return false;
    }
    const sentAt = iso(now());
    try {
      store.recordSent(leadId, channel, providerMessageId, sentAt);
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
      store.recordSent(leadId, channel, sent.providerMessageId, sent.sentAt);
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
    if (underWay[channel] >= maxInFlight[channel]) return Promise.resolve(false);
    underWay[channel] += 1;
    const promise = run(leadId, channel, sender)
      .catch((err: unknown) => {
        logger.error({ leadId, channel, err }, 'alert attempt could not be recorded');
        return false;
      })
      .finally(() => {
        inFlight.delete(key);
        underWay[channel] -= 1;
        if (running) startDue(channel);
        schedule();
      });
    inFlight.set(key, promise);
    return promise;
  }

  /** Starts due alerts of a channel while it has room for them. */
  function startDue(channel: Channel): void {
    const room = maxInFlight[channel] - underWay[channel];
    if (room <= 0) return;
    try {
      for (const id of store.due(channel, iso(now()), Math.min(room, DUE_BATCH))) void attempt(id, channel);
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
    let delay: number;
    try {
      const at = store.nextDueAt(channels);
      // Nothing pending: still look now and then, so an alert an operator reset to
      // 'pending' in the sqlite3 shell is sent without a restart.
      delay = at === undefined ? Math.min(retryBaseMs, MAX_IDLE_MS) : Date.parse(at) - now();
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

  return {
    channels,
    async notifyNewLead(leadId) {
      // Both start now, side by side; the answer waits for the SMS only (it is what the
      // visitor is told about), and never longer than the answer timeout.
      const sms = channels.includes('sms') ? attempt(leadId, 'sms') : Promise.resolve(false);
      if (channels.includes('email')) void attempt(leadId, 'email');
      return { sms: await settleWithin(sms, answerTimeoutMs, false) };
    },
    start() {
      running = true;
      runDue();
    },
    async stop(timeoutMs) {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      timerFiresAt = Infinity;
      if (inFlight.size === 0) return true;
      const all = Promise.allSettled([...inFlight.values()]).then(() => true);
      return settleWithin(all, timeoutMs, false);
    },
    inFlight: () => inFlight.size,
  };
}
