/**
 * Who received which alert, when, and what the server believed at the time.
 * The delivery worker (src/alerts/deliveryWorker.ts) delivers at least once,
 * which allows exactly two kinds of duplicate, and this tells them apart from
 * a bug:
 * - crash window (the window the worker's header names): the provider
 *   accepted the alert, then the process was SIGKILLed before the database
 *   recorded it (a snapshot right after each kill shows the alert still
 *   'pending' with the copy already received);
 * - late acceptance: the provider accepted the alert as our attempt timed out
 *   (the copy arrived while an attempt the server logged as a timeout was
 *   under way), so the worker, rightly, tried again.
 * Any other second copy is a bug.
 */
import Database from 'better-sqlite3';
import { readLeadRows } from '../support/leadRows';
import type { FakeTwilio } from '../support/fakeTwilio';
import type { SmtpSink } from '../support/smtpSink';

export type Channel = 'sms' | 'email';

interface KillSnapshot {
  received: Record<Channel, number>;
  status: Map<string, Record<Channel, string>>;
}

export type Duplicate = 'crash-window' | 'late-acceptance' | 'bug';

export interface Ledger {
  /** Indexes (arrival order) of the messages that carry this lead's address. */
  copies(channel: Channel, email: string): number[];
  /** Call right after a SIGKILL, before the restart. */
  snapshotAfterKill(databasePath: string): void;
  /** Classifies an alert that arrived more than once, given the server's JSON log lines (all process lives). */
  classify(channel: Channel, email: string, leadId: number, logs: string, sendTimeoutMs: number): Duplicate;
  kills(): number;
  stop(): void;
}

const TIMEOUT = /timeout|ECONNABORTED|ETIMEDOUT/i;

export function deliveryLedger(twilio: FakeTwilio, smtp: SmtpSink): Ledger {
  const snapshots: KillSnapshot[] = [];
  const arrived: Record<Channel, number[]> = { sms: [], email: [] };
  // The SMTP fake keeps no arrival time: stamp each new message (at most 10 ms late).
  const stamp = () => {
    const now = Date.now();
    twilio.messages.forEach((m, i) => {
      arrived.sms[i] = m.receivedAt.getTime();
    });
    while (arrived.email.length < smtp.messages.length) arrived.email.push(now);
  };
  const timer = setInterval(stamp, 10);
  // An address ends the second line of the SMS and has its own line in the e-mail's text part.
  const copies = (channel: Channel, email: string) =>
    channel === 'sms'
      ? twilio.messages.flatMap((m, i) => (m.body.includes(`\n${email}\n`) ? [i] : []))
      : smtp.messages.flatMap((m, i) => (m.text?.includes(`Email: ${email}\n`) ? [i] : []));

  return {
    copies,
    snapshotAfterKill(databasePath) {
      stamp();
      const received = { sms: twilio.messages.length, email: smtp.messages.length };
      const db = new Database(databasePath, { readonly: true, fileMustExist: true });
      try {
        const rows = readLeadRows(db);
        snapshots.push({
          received,
          status: new Map(
            rows.map((r) => [r.email, { sms: r.sms_status ?? 'missing', email: r.email_status ?? 'missing' }]),
          ),
        });
      } finally {
        db.close();
      }
    },
    classify(channel, email, leadId, logs, sendTimeoutMs) {
      stamp();
      const [first, second, ...more] = copies(channel, email);
      if (first === undefined || second === undefined || more.length > 0) return 'bug';
      if (
        snapshots.some(
          (s) =>
            first < s.received[channel] &&
            second >= s.received[channel] &&
            s.status.get(email)?.[channel] === 'pending',
        )
      )
        return 'crash-window';
      const at = arrived[channel][first] as number;
      const timedOut = logs
        .split('\n')
        .filter((l) => l.includes(`"leadId":${leadId},`) && l.includes(`"channel":"${channel}"`) && TIMEOUT.test(l))
        .map((l) => (JSON.parse(l) as { time: number }).time);
      // The copy arrived during an attempt that ended in a timeout (slack: stamping and scheduling delays).
      return timedOut.some((t) => at >= t - sendTimeoutMs - 100 && at <= t + 300) ? 'late-acceptance' : 'bug';
    },
    kills: () => snapshots.length,
    stop: () => clearInterval(timer),
  };
}
