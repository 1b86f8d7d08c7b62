/**
 * The alert queue: every SQL statement on the alerts table, prepared once. One row per (lead, channel); the
 * runner, the lead service and the CLI all go through here, so an alert's life is written here only: pending ->
 * sent | failed; skipped when the channel was off; cancelled when the owner's mark made it needless (a reminder),
 * pending again if he undoes the mark; held when a site-wide cap kept it from being queued (an auto-reply). A sent
 * alert may get a delivery report. Claiming an attempt is a compare-and-swap inside one UPDATE (pending, due,
 * unleased): the server and a CLI run (`leads retry`) may share the database, and whichever claims first sends.
 * The queue knows alerts only: what a lead is, and which of its alerts are still wanted, is the leads layer's.
 * Whatever becomes pending here is announced to one listener (the runner), once the statement's transaction is
 * over.
 */
import { type Db, relaxedWrite } from '../storage/database';
import { alertReads } from './alertReads';
import type { AlertKey, AlertRow, AlertStatus, Channel, PlannedAlert } from './alertRows';

export type { AlertKey, AlertRow, AlertStatus, Channel, PlannedAlert };

export type AlertQueue = ReturnType<typeof createAlertQueue>;

const MAX_ERROR_LENGTH = 500;

type QueuedRow = { lead_id: number; channel: Channel };

export function createAlertQueue(db: Db) {
  const insert = db.prepare<[number, Channel, AlertStatus, string | null]>(
    'INSERT OR IGNORE INTO alerts (lead_id, channel, status, next_attempt_at) VALUES (?, ?, ?, ?)',
  );
  // Leased rows too: the cancel wins over an attempt under way, whose failure (recordFailure: pending rows only)
  // then leaves it cancelled. lease_until stays, so a row reopened before the lease ends is not claimed beside it.
  const cancel = db.prepare<{ leadId: number; channels: string; reason: string }>(`
    UPDATE alerts SET status = 'cancelled', last_error = @reason, next_attempt_at = NULL
    WHERE lead_id = @leadId AND channel IN (SELECT value FROM json_each(@channels)) AND status = 'pending'`);
  const reopen = db.prepare<{ leadId: number; channels: string; at: string }, { channel: Channel }>(`
    UPDATE alerts SET status = 'pending', last_error = NULL, next_attempt_at = @at
    WHERE lead_id = @leadId AND channel IN (SELECT value FROM json_each(@channels)) AND status = 'cancelled'
    RETURNING channel`);
  const claim = db.prepare<
    { leadId: number; channel: Channel; now: string; leaseUntil: string },
    { attempts: number }
  >(`
    UPDATE alerts SET attempts = attempts + 1, lease_until = @leaseUntil,
                      first_attempt_at = CASE WHEN attempts = 0 THEN @now ELSE first_attempt_at END
    WHERE lead_id = @leadId AND channel = @channel AND status = 'pending'
      AND next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
    RETURNING attempts`);
  // Writes with RETURNING are stepped to the end (all(), never get()): get() stops at the first row and leaves the
  // statement's commit to a reset whose error is not reported, so a write the disk refused would pass for done.
  // An alert asked for again during its attempt (again = 1) is pending again when it ends, with fresh attempts, due
  // at once. A late acceptance (a sender past its deadline, already failed) is not recorded over an alert queued
  // again since (attempts 0) or claimed again: that one is owed what the alert says now.
  type Sent = { id: string; at: string; leadId: number; channel: Channel; late: number };
  const sent = db.prepare<Sent, { status: AlertStatus }>(`
    UPDATE alerts SET status = CASE WHEN again = 1 THEN 'pending' ELSE 'sent' END,
                      provider_message_id = @id, sent_at = @at, last_error = NULL,
                      next_attempt_at = CASE WHEN again = 1 THEN next_attempt_at END,
                      attempts = CASE WHEN again = 1 THEN 0 ELSE attempts END, lease_until = NULL, again = 0
    WHERE lead_id = @leadId AND channel = @channel
      AND (@late = 0 OR NOT (status = 'pending' AND (attempts = 0 OR lease_until IS NOT NULL)))
    RETURNING status`);
  const failure = db.prepare<
    { leadId: number; channel: Channel; error: string; next: string | null },
    { status: AlertStatus }
  >(`
    UPDATE alerts SET last_error = @error, lease_until = NULL,
                      next_attempt_at = CASE WHEN again = 1 THEN COALESCE(@next, next_attempt_at) ELSE @next END,
                      attempts = CASE WHEN again = 1 THEN 0 ELSE attempts END,
                      status = CASE WHEN again = 0 AND @next IS NULL THEN 'failed' ELSE 'pending' END, again = 0
    WHERE lead_id = @leadId AND channel = @channel AND status = 'pending'
    RETURNING status`);
  // Wanted again with what it says now (a booking moved or cancelled): a new alert, or one sent, failed, skipped or
  // cancelled, is pending at `at` with a fresh set of attempts; one under way is marked to go again after it.
  const resend = db.prepare<{ leadId: number; channel: Channel; at: string }, { again: number }>(`
    INSERT INTO alerts (lead_id, channel, status, next_attempt_at) VALUES (@leadId, @channel, 'pending', @at)
    ON CONFLICT (lead_id, channel) DO UPDATE SET
      again = CASE WHEN status = 'pending' AND lease_until IS NOT NULL AND lease_until > @at THEN 1 ELSE 0 END,
      lease_until = CASE WHEN status = 'pending' AND lease_until > @at THEN lease_until END,
      attempts = CASE WHEN status = 'pending' AND lease_until > @at THEN attempts ELSE 0 END,
      status = 'pending', next_attempt_at = @at, last_error = NULL, first_attempt_at = NULL,
      provider_message_id = NULL, sent_at = NULL, delivery = NULL, delivery_error = NULL, delivery_at = NULL
    RETURNING again`);
  // Each a walk of one partial index in its order, stopping after `limit` rows: attempts cut off
  // by the end of their lease (a crash, a stuck provider), then alerts waiting for their time.
  const dueAfterLease = db.prepare<[Channel, string, string, number], { lead_id: number }>(`
    SELECT lead_id FROM alerts
    WHERE status = 'pending' AND channel = ? AND lease_until IS NOT NULL AND lease_until <= ? AND next_attempt_at <= ?
    ORDER BY lease_until LIMIT ?`);
  const dueWaiting = db.prepare<[Channel, string, number], { lead_id: number }>(`
    SELECT lead_id FROM alerts
    WHERE status = 'pending' AND channel = ? AND lease_until IS NULL AND next_attempt_at <= ?
    ORDER BY next_attempt_at LIMIT ?`);
  // The first waiting alert in due order, and the earliest end of a lease among the few alerts under way.
  const nextWaiting = db.prepare<[Channel], { at: string }>(`
    SELECT next_attempt_at AS at FROM alerts
    WHERE status = 'pending' AND channel = ? AND lease_until IS NULL ORDER BY next_attempt_at LIMIT 1`);
  const nextLeased = db.prepare<[Channel], { at: string | null }>(`
    SELECT MIN(MAX(next_attempt_at, lease_until)) AS at FROM alerts
    WHERE status = 'pending' AND channel = ? AND lease_until IS NOT NULL`);
  const one = db.prepare<[number, Channel], AlertRow>('SELECT * FROM alerts WHERE lead_id = ? AND channel = ?');
  // Only a sent alert without a report yet: the first final report wins, whatever comes after it.
  const delivered = db.prepare<
    { channels: string; id: string; state: string; errorCode: string | null; at: string },
    { lead_id: number; channel: Channel }
  >(`
    UPDATE alerts SET delivery = @state, delivery_error = @errorCode, delivery_at = @at
    WHERE provider_message_id = @id AND channel IN (SELECT value FROM json_each(@channels))
      AND status = 'sent' AND delivery IS NULL
    RETURNING lead_id, channel`);
  const requeue = db.prepare<{ now: string; leadId: number | null; except: string }, QueuedRow>(`
    UPDATE alerts SET status = 'pending', attempts = 0, next_attempt_at = @now, lease_until = NULL
    WHERE status = 'failed' AND (@leadId IS NULL OR lead_id = @leadId)
      AND channel NOT IN (SELECT value FROM json_each(@except))
    RETURNING lead_id, channel`);
  const requeueOne = db.prepare<[string, number, Channel]>(`
    UPDATE alerts SET status = 'pending', attempts = 0, next_attempt_at = ?, lease_until = NULL
    WHERE lead_id = ? AND channel = ? AND status = 'failed'`);
  const failedOn = db.prepare<{ channels: string; leadId: number | null }, QueuedRow>(`
    SELECT lead_id, channel FROM alerts
    WHERE status = 'failed' AND channel IN (SELECT value FROM json_each(@channels))
      AND (@leadId IS NULL OR lead_id = @leadId)
    ORDER BY lead_id, channel`);
  // The status updates of an attempt are the alerts' many small commits: NORMAL, as storage/database.ts says.
  const relaxed = relaxedWrite(db);
  const together = db.transaction((writes: () => unknown) => writes());
  // Told in a microtask: better-sqlite3's transactions are synchronous, so by then the transaction that
  // queued the alerts has committed (or rolled back, and the listener's claim finds nothing).
  let listener: ((alerts: AlertKey[]) => void) | undefined;
  let woken: AlertKey[] = [];
  const tell = () => {
    const alerts = woken;
    woken = [];
    listener?.(alerts);
  };
  const wake = (leadId: number, channel: Channel) => {
    if (!listener) return;
    if (woken.length === 0) queueMicrotask(tell);
    woken.push({ leadId, channel });
  };

  return {
    /** Adds the lead's alerts it does not have yet (none twice), in the lead's transaction; those added as pending. */
    enqueue(leadId: number, alerts: readonly PlannedAlert[]): Channel[] {
      const added: Channel[] = [];
      for (const alert of alerts) {
        const pending = alert.status === 'pending';
        const { changes } = insert.run(leadId, alert.channel, alert.status, pending ? alert.at : null);
        if (changes === 1 && pending) {
          added.push(alert.channel);
          wake(leadId, alert.channel);
        }
      }
      return added;
    },
    /** Pending alerts of these channels, leased or not, become 'cancelled' with `reason`; returns how many. */
    cancelPending: (leadId: number, channels: readonly Channel[], reason: string): number =>
      cancel.run({ leadId, channels: JSON.stringify(channels), reason: `cancelled: ${reason}` }).changes,
    /** Cancelled alerts of these channels are pending again, due at `at`; returns how many. */
    reopenCancelled(leadId: number, channels: readonly Channel[], at: string): number {
      const reopened = reopen.all({ leadId, channels: JSON.stringify(channels), at });
      for (const { channel } of reopened) wake(leadId, channel);
      return reopened.length;
    },
    /** Counts an attempt and leases the alert until `leaseUntil`; undefined when another claim won or it is not due. */
    claim: (leadId: number, channel: Channel, now: string, leaseUntil: string) =>
      relaxed(() => claim.all({ leadId, channel, now, leaseUntil })[0]?.attempts),
    /** Records the provider's acceptance; `late`: see sent. False when a late one was not this alert's. */
    recordSent(leadId: number, channel: Channel, id: string, at: string, late = false): boolean {
      const [row] = relaxed(() => sent.all({ id, at, leadId, channel, late: late ? 1 : 0 }));
      if (row?.status === 'pending') wake(leadId, channel);
      return row !== undefined;
    },
    /**
     * `next`: when the next attempt is due; null: that was the last attempt, the alert is 'failed' (unless it was
     * asked for again meanwhile: then it starts over).
     */
    recordFailure(leadId: number, channel: Channel, error: string, next: string | null): void {
      const [row] = relaxed(() => failure.all({ leadId, channel, error: error.slice(0, MAX_ERROR_LENGTH), next }));
      if (row?.status === 'pending' && next === null) wake(leadId, channel);
    },
    /**
     * These alerts of the lead are wanted again, due at `at`, saying what they say now (a booking's invite after a
     * move): each is sent once more, after the attempt under way if there is one.
     */
    resend(leadId: number, channels: readonly Channel[], at: string): void {
      for (const channel of channels) if (resend.all({ leadId, channel, at })[0]?.again === 0) wake(leadId, channel);
    },
    /** Lead ids of this channel's alerts that are pending, due and unleased at `now`, oldest first. */
    due(channel: Channel, now: string, limit: number): number[] {
      const ids = dueAfterLease.all(channel, now, now, limit).map((r) => r.lead_id);
      if (ids.length < limit) ids.push(...dueWaiting.all(channel, now, limit - ids.length).map((r) => r.lead_id));
      return ids;
    },
    /** When the next pending alert of these channels can be claimed, or undefined if none is pending. */
    nextDueAt: (channels: readonly Channel[]): string | undefined =>
      channels
        .flatMap((ch) => [nextWaiting.get(ch)?.at, nextLeased.get(ch)?.at ?? undefined])
        .filter((at): at is string => at !== undefined)
        .sort()[0],
    status: (leadId: number, channel: Channel) => one.get(leadId, channel)?.status,
    /** When the alert's current run of attempts began; undefined before its first attempt. */
    firstAttemptAt: (leadId: number, channel: Channel) => one.get(leadId, channel)?.first_attempt_at ?? undefined,
    /** Records a provider's final report on a sent message, once; whose alert it was, the first time only. */
    recordDelivery(
      channels: readonly Channel[],
      id: string,
      { state, errorCode, at }: { state: string; errorCode: string | null; at: string },
    ): AlertKey | undefined {
      const row = delivered.get({ channels: JSON.stringify(channels), id, state, errorCode, at });
      return row && { leadId: row.lead_id, channel: row.channel };
    },
    /** The provider's final report on an alert, if any. */
    deliveryOf: (leadId: number, channel: Channel) => {
      const row = one.get(leadId, channel);
      return row?.delivery ? { state: row.delivery, errorCode: row.delivery_error } : undefined;
    },
    /**
     * Failed alerts (of one lead, or all) back to pending with a fresh set of attempts, due at `now`, but those on
     * `except`; how many per channel.
     */
    requeueFailed(now: string, leadId?: number, except: readonly Channel[] = []): Record<Channel, number> {
      const perChannel: Record<Channel, number> = {};
      for (const row of requeue.all({ now, leadId: leadId ?? null, except: JSON.stringify(except) })) {
        perChannel[row.channel] = (perChannel[row.channel] ?? 0) + 1;
        wake(row.lead_id, row.channel);
      }
      return perChannel;
    },
    /** One failed alert back to pending with a fresh set of attempts, due at `now`; false when it was not failed. */
    requeueOne(now: string, leadId: number, channel: Channel): boolean {
      const requeued = requeueOne.run(now, leadId, channel).changes === 1;
      if (requeued) wake(leadId, channel);
      return requeued;
    },
    /** The failed alerts of these channels, of one lead or all. */
    failedOn: (channels: readonly Channel[], leadId?: number): AlertKey[] =>
      failedOn
        .all({ channels: JSON.stringify(channels), leadId: leadId ?? null })
        .map((row) => ({ leadId: row.lead_id, channel: row.channel })),
    ...alertReads(db),
    /**
     * Runs several claims or records as one commit (at NORMAL, as the status updates): those of one wake, or the
     * acceptances of one turn of the event loop.
     */
    writeTogether: <T>(writes: () => T): T => relaxed(() => together(writes) as T),
    /** The one listener told of alerts that became pending, after the transaction that queued them. */
    onQueued(told: (alerts: AlertKey[]) => void): void {
      listener = told;
    },
  };
}
