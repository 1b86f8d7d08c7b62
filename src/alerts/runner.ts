/**
 * Runs the alerts queued in the database, at least once and, as far as the providers allow, at most once. The
 * queue tells the runner of every alert that becomes pending, and the runner attempts it at once; its loop catches
 * the rest (retries, reminders, alerts a crash or another process left): claim the due rows of each channel up to
 * its limit, run them, sleep until the next due time (never longer than the idle look). What runs is counted from
 * one in-flight map; everything else is read from the database. Within this process an alert has at most one
 * attempt under way, whose outcome is shared by everyone who asks. Each attempt (attempts.ts) is claimed in the
 * database first, so two processes never both send one alert and a crash mid-attempt is retried after the lease;
 * it fails at the runner's deadline, is retried with backoff until the last attempt, and is cancelled, its sender
 * not called, when the alert no longer applies (`stillApplies`). The one window left is a crash between the
 * provider accepting and the database recording it: that alert is sent again after the restart.
 */
import { iso, within } from '../lib/time';
import type { Channel } from './alertQueue';
import type { AlertSender } from './alertSender';
import { type AttemptOptions, createAttempts } from './attempts';
import type { ChannelSpec } from './channels';

export type { AlertStillApplies } from './attempts';

export interface RunnerOptions extends Omit<AttemptOptions, 'now'> {
  /** The channels, in the order they are run, with their limits; one without a sender is off. */
  channels: readonly Pick<ChannelSpec, 'name' | 'maxInFlight' | 'retryForMs' | 'deadlineMs'>[];
  senders: ReadonlyMap<string, AlertSender>;
  now?: () => number;
  /**
   * Attempt what the queue announces, at once (the server). False for a process that sends only when
   * asked (the CLI: an attempt it started and then left at exit would be sent again after its lease).
   */
  attemptQueued?: boolean;
}

export type Runner = ReturnType<typeof createRunner>;

const MAX_TIMER_MS = 2 ** 31 - 1;
const MIN_SLEEP_MS = 50; // keeps a stuck row from spinning the loop
const CLAIM_BATCH = 50;
const MAX_IDLE_MS = 60_000;

type Running = { channel: Channel; outcome: Promise<boolean> };

export function createRunner(options: RunnerOptions) {
  const { queue, senders, logger, retryBaseMs } = options;
  const now = options.now ?? Date.now;
  const channels = options.channels.filter((ch) => senders.has(ch.name));
  const running = new Map<string, Running>(); // by `${channel}:${leadId}`
  const attempts = createAttempts({ ...options, now });
  let sleeping: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;
  // The channels where a due alert found no room: an attempt of theirs that ends claims the next. Only
  // those: a look at every channel after every attempt took a tenth of the server's time in a burst.
  const full = new Set<Channel>();
  const claiming = new Set<Channel>();

  const runningOn = (channel: Channel) => {
    let count = 0;
    for (const r of running.values()) if (r.channel === channel) count++;
    return count;
  };

  function attempt(leadId: number, channel: Channel): Promise<boolean> {
    const key = `${channel}:${leadId}`;
    const under = running.get(key);
    if (under) return under.outcome;
    const held = attempts.held(leadId, channel);
    if (held !== undefined) return Promise.resolve(held);
    const spec = channels.find((ch) => ch.name === channel);
    const sender = senders.get(channel);
    // Off here, or full: the alert stays pending and due, and the loop claims it when there is room.
    if (stopped || !spec || !sender) return Promise.resolve(false);
    if (runningOn(channel) >= spec.maxInFlight) {
      full.add(channel);
      return Promise.resolve(false);
    }
    const outcome = attempts
      .run(leadId, channel, sender)
      .catch((err: unknown) => {
        logger.error({ leadId, channel, err }, 'alert attempt could not be recorded');
        return false;
      })
      .finally(() => {
        running.delete(key);
        if (started && full.has(channel)) claimSoon(spec);
      });
    running.set(key, { channel, outcome });
    return outcome;
  }

  /** Claims the channel's due alerts up to its limit and runs them. */
  function claimDue(spec: Pick<ChannelSpec, 'name' | 'maxInFlight'>): void {
    const room = Math.min(spec.maxInFlight - runningOn(spec.name), CLAIM_BATCH);
    if (room <= 0) return void full.add(spec.name);
    try {
      const ids = queue.due(spec.name, iso(now()), room);
      if (ids.length < room) full.delete(spec.name);
      else full.add(spec.name); // perhaps more than room
      queue.writeTogether(() => {
        for (const id of ids) void attempt(id, spec.name);
      });
    } catch (err) {
      logger.error({ err }, 'could not read pending alerts');
    }
  }

  /** Claims for the channel after the current turn: its attempts that end together share one look. */
  function claimSoon(spec: Pick<ChannelSpec, 'name' | 'maxInFlight'>): void {
    if (claiming.has(spec.name)) return;
    claiming.add(spec.name);
    setImmediate(() => claiming.delete(spec.name) && started && claimDue(spec));
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

  if (options.attemptQueued !== false)
    queue.onQueued((alerts) => {
      queue.writeTogether(() => {
        for (const { leadId, channel } of alerts) void attempt(leadId, channel);
      });
    });

  return {
    /** The channels with a sender, in order. */
    channels: channels.map((ch) => ch.name) as readonly Channel[],
    /** The outcome of the alert's attempt under way, or of one started now; true when the provider accepted it. */
    outcome: attempt,
    /** Starts the loop (and picks up alerts left pending by an earlier run). */
    start() {
      if (started || stopped) return;
      started = true;
      pass();
    },
    /** Attempts every alert that is due now, and waits for them; for a one-off run (the CLI). */
    async runUntilEmpty() {
      // Each pass claims what is due and unclaimed; an alert that fails gets a later due time,
      // so the passes end once every due alert has had its attempt.
      for (;;) {
        for (const spec of channels) claimDue(spec);
        if (running.size === 0) return;
        await Promise.race([...running.values()].map((r) => r.outcome));
      }
    },
    /** No new attempts; waits up to `timeoutMs` for attempts under way. True when none was left running. */
    async stop(timeoutMs: number): Promise<boolean> {
      started = false;
      stopped = true;
      clearTimeout(sleeping);
      sleeping = undefined;
      const outcomes = [...[...running.values()].map((r) => r.outcome), ...attempts.settling()];
      return within(Promise.allSettled(outcomes), timeoutMs);
    },
    /** Attempts under way now. */
    inFlight: () => running.size,
  };
}
