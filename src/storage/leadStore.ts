/**
 * Every query the application runs against the leads table, prepared once.
 * The request path and the alert dispatcher both go through this, so the
 * rules of an alert's life (pending -> sent | failed) live in one place.
 */
import type { Db } from './database';

export type Channel = 'sms' | 'email';
export const CHANNELS: readonly Channel[] = ['sms', 'email'];
export type AlertStatus = 'pending' | 'sent' | 'failed' | 'skipped';

export interface NewLead {
  createdAt: string;
  name: string;
  company: string;
  email: string;
  userAgent: string | null;
  ipHash: string | null;
  dedupeKey: string;
  smsStatus: 'pending' | 'skipped';
  emailStatus: 'pending' | 'skipped';
}

export interface LeadRow {
  id: number;
  created_at: string;
  name: string;
  company: string;
  email: string;
  user_agent: string | null;
  ip_hash: string | null;
  dedupe_key: string;
  sms_status: AlertStatus;
  sms_attempts: number;
  sms_last_error: string | null;
  sms_provider_message_id: string | null;
  sms_sent_at: string | null;
  sms_next_attempt_at: string | null;
  email_status: AlertStatus;
  email_attempts: number;
  email_last_error: string | null;
  email_provider_message_id: string | null;
  email_sent_at: string | null;
  email_next_attempt_at: string | null;
}

export interface LeadStore {
  /** Commits the lead; returns its id. */
  insert(lead: NewLead): number;
  get(id: number): LeadRow | undefined;
  /** The earliest lead with this key created at or after `since`. */
  findDuplicate(dedupeKey: string, since: string): LeadRow | undefined;
  /** Counts an attempt and leases the alert until `leaseUntil`; undefined when the alert is no longer pending. */
  claimAttempt(id: number, channel: Channel, leaseUntil: string): number | undefined;
  recordSent(id: number, channel: Channel, providerMessageId: string, sentAt: string): void;
  /** nextAttemptAt null: that was the last attempt, the alert is 'failed'. */
  recordFailure(id: number, channel: Channel, error: string, nextAttemptAt: string | null): void;
  /** Ids of pending alerts due at `now`, oldest first. */
  due(channel: Channel, now: string, limit: number): number[];
  /** When the next pending alert of these channels is due, or undefined if none is pending. */
  nextDueAt(channels: readonly Channel[]): string | undefined;
  /** Throws when the database does not answer. */
  ping(): void;
}

const MAX_ERROR_LENGTH = 500;

export function createLeadStore(db: Db): LeadStore {
  const insert = db.prepare<NewLead>(`
    INSERT INTO leads (created_at, name, company, email, user_agent, ip_hash, dedupe_key,
                       sms_status, sms_next_attempt_at, email_status, email_next_attempt_at)
    VALUES (@createdAt, @name, @company, @email, @userAgent, @ipHash, @dedupeKey,
            @smsStatus, CASE @smsStatus WHEN 'pending' THEN @createdAt END,
            @emailStatus, CASE @emailStatus WHEN 'pending' THEN @createdAt END)`);
  const get = db.prepare<[number], LeadRow>('SELECT * FROM leads WHERE id = ?');
  const findDuplicate = db.prepare<[string, string], LeadRow>(
    'SELECT * FROM leads WHERE dedupe_key = ? AND created_at >= ? ORDER BY id LIMIT 1',
  );
  const ping = db.prepare('SELECT 1');

  /*
   * The lead itself is committed with the connection's synchronous = FULL: one fsync, and a lead
   * the visitor was told is saved survives a power cut. An alert's status updates (claim, sent,
   * failure; four commits per lead) run with synchronous = NORMAL: in WAL mode that still survives
   * a crash of the process, but a power cut may lose the last of them (until the next FULL commit
   * or checkpoint syncs the WAL, which also covers every frame written before it). Losing one means
   * an attempt is counted once less, or an alert the provider accepted is sent again after the
   * restart: the same window as a crash between the provider's answer and recordSent. Measured
   * (scripts/bench.mjs): fsync took 0.25-3.6 ms on the VM's disk, and these four commits made the
   * lead run stall on the disk; with NORMAL they cost ~0.02 ms each.
   */
  const relaxedSync = db.prepare('PRAGMA synchronous = NORMAL');
  const fullSync = db.prepare('PRAGMA synchronous = FULL');
  function relaxed<T>(write: () => T): T {
    relaxedSync.run();
    try {
      return write();
    } finally {
      fullSync.run();
    }
  }

  // Column names cannot be bound, so one statement set per channel, from a fixed list.
  const perChannel = Object.fromEntries(
    CHANNELS.map((ch) => [
      ch,
      {
        claim: db.prepare<[string, number], { attempts: number }>(`
          UPDATE leads SET ${ch}_attempts = ${ch}_attempts + 1, ${ch}_next_attempt_at = ?
          WHERE id = ? AND ${ch}_status = 'pending' RETURNING ${ch}_attempts AS attempts`),
        sent: db.prepare<[string, string, number]>(`
          UPDATE leads SET ${ch}_status = 'sent', ${ch}_provider_message_id = ?, ${ch}_sent_at = ?,
                           ${ch}_last_error = NULL, ${ch}_next_attempt_at = NULL
          WHERE id = ?`),
        failure: db.prepare<{ id: number; error: string; next: string | null }>(`
          UPDATE leads SET ${ch}_last_error = @error, ${ch}_next_attempt_at = @next,
                           ${ch}_status = CASE WHEN @next IS NULL THEN 'failed' ELSE 'pending' END
          WHERE id = @id AND ${ch}_status = 'pending'`),
        due: db.prepare<[string, number], { id: number }>(`
          SELECT id FROM leads WHERE ${ch}_status = 'pending' AND ${ch}_next_attempt_at <= ?
          ORDER BY ${ch}_next_attempt_at, id LIMIT ?`),
        nextDue: db.prepare<[], { at: string | null }>(
          `SELECT MIN(${ch}_next_attempt_at) AS at FROM leads WHERE ${ch}_status = 'pending'`,
        ),
      },
    ]),
  ) as Record<Channel, {
    claim: import('better-sqlite3').Statement<[string, number], { attempts: number }>;
    sent: import('better-sqlite3').Statement<[string, string, number]>;
    failure: import('better-sqlite3').Statement<{ id: number; error: string; next: string | null }>;
    due: import('better-sqlite3').Statement<[string, number], { id: number }>;
    nextDue: import('better-sqlite3').Statement<[], { at: string | null }>;
  }>;

  return {
    insert: (lead) => Number(insert.run(lead).lastInsertRowid),
    get: (id) => get.get(id),
    findDuplicate: (key, since) => findDuplicate.get(key, since),
    claimAttempt: (id, ch, leaseUntil) => relaxed(() => perChannel[ch].claim.get(leaseUntil, id)?.attempts),
    recordSent: (id, ch, providerMessageId, sentAt) => void relaxed(() => perChannel[ch].sent.run(providerMessageId, sentAt, id)),
    recordFailure: (id, ch, error, next) =>
      void relaxed(() => perChannel[ch].failure.run({ id, error: error.slice(0, MAX_ERROR_LENGTH), next })),
    due: (ch, now, limit) => perChannel[ch].due.all(now, limit).map((r) => r.id),
    nextDueAt: (channels) =>
      channels
        .map((ch) => perChannel[ch].nextDue.get()?.at ?? undefined)
        .filter((at): at is string => at !== undefined)
        .sort()[0],
    ping: () => void ping.get(),
  };
}
