/**
 * Who received which alert, when, and what the server believed at the time.
 * The runner (src/alerts/runner.ts) delivers at least once,
 * which allows exactly two kinds of duplicate, and this tells them apart from
 * a bug:
 * - crash window (the window the worker's header names): the provider
 *   accepted the alert, then the process was SIGKILLed before the database
 *   recorded it (a snapshot right after each kill shows the alert still
 *   'pending' with the copy already received);
 * - late acceptance: the provider accepted the alert as our attempt timed out
 *   (the copy arrived while an attempt the server logged as a timeout was
 *   under way), so the worker, rightly, tried again.
 * Any other second copy is a bug. Every channel is read the same way: what
 * its stand-in received, in arrival order, found by the lead's address.
 */
import Database from 'better-sqlite3';
import type { FakeNtfy } from '../support/fakeNtfy';
import type { FakeTelegram } from '../support/fakeTelegram';
import type { FakeTwilio } from '../support/fakeTwilio';
import type { SmtpSink } from '../support/smtpSink';
import type { WebhookReceiver } from '../support/webhookReceiver';

export type Channel = 'sms' | 'email' | 'telegram' | 'ntfy' | 'webhook';

export interface Receivers {
  twilio: FakeTwilio;
  smtp: SmtpSink;
  telegram?: FakeTelegram;
  ntfy?: FakeNtfy;
  webhook?: WebhookReceiver;
}

/** What one stand-in received: each message's text (to find an address in) and arrival time. */
type Received = { text: string; at: number | undefined }[];

interface KillSnapshot {
  received: Record<Channel, number>;
  /** `${email} ${channel}` -> the alert's status in the database right after the kill. */
  status: Map<string, string>;
}

export type Duplicate = 'crash-window' | 'late-acceptance' | 'bug';

export interface Ledger {
  /** The channels with a stand-in. */
  channels: Channel[];
  /** Indexes (arrival order) of the messages that carry this lead's address. */
  copies(channel: Channel, email: string): number[];
  /** Call right after a SIGKILL, before the restart. */
  snapshotAfterKill(databasePath: string): void;
  /** Classifies an alert that arrived more than once, given the server's JSON log lines (all process lives). */
  classify(channel: Channel, email: string, leadId: number, logs: string, sendTimeoutMs: number): Duplicate;
  kills(): number;
  stop(): void;
}

const TIMEOUT = /timeout|ECONNABORTED|ETIMEDOUT|no answer within/i;

export function deliveryLedger(receivers: Receivers): Ledger {
  const { twilio, smtp, telegram, ntfy, webhook } = receivers;
  const snapshots: KillSnapshot[] = [];
  // The SMTP sink keeps no arrival time: each new message is stamped (at most 10 ms late).
  const mailArrived: number[] = [];
  const stamp = () => {
    while (mailArrived.length < smtp.messages.length) mailArrived.push(Date.now());
  };
  const timer = setInterval(stamp, 10);
  // Each message as text the lead's address can be found in: the SMS ends its second line with it,
  // the e-mail, Telegram and ntfy have an "Email:" line, the webhook's event names it.
  const received: Partial<Record<Channel, () => Received>> = {
    sms: () => twilio.messages.map((m) => ({ text: m.body, at: m.receivedAt.getTime() })),
    email: () => smtp.messages.map((m, i) => ({ text: m.text ?? '', at: mailArrived[i] })),
    ...(telegram && { telegram: () => telegram.messages.map((m) => ({ text: `${m.text}\n`, at: m.at })) }),
    ...(ntfy && { ntfy: () => ntfy.notifications.map((n) => ({ text: `${n.message}\n`, at: n.at })) }),
    ...(webhook && {
      webhook: () => webhook.events.map((e) => ({ text: `Email: ${String(e.data.email)}\n`, at: e.at })),
    }),
  };
  const channels = Object.keys(received) as Channel[];
  const of = (channel: Channel): Received => received[channel]?.() ?? [];
  const marker = (channel: Channel, email: string) => (channel === 'sms' ? `\n${email}\n` : `Email: ${email}\n`);
  const copies = (channel: Channel, email: string) =>
    of(channel).flatMap((m, i) => (m.text.includes(marker(channel, email)) ? [i] : []));

  return {
    channels,
    copies,
    snapshotAfterKill(databasePath) {
      stamp();
      const counts = Object.fromEntries(channels.map((ch) => [ch, of(ch).length])) as Record<Channel, number>;
      const db = new Database(databasePath, { readonly: true, fileMustExist: true });
      try {
        const rows = db
          .prepare(
            'SELECT leads.email, alerts.channel, alerts.status FROM alerts JOIN leads ON leads.id = alerts.lead_id',
          )
          .all() as { email: string; channel: string; status: string }[];
        snapshots.push({ received: counts, status: new Map(rows.map((r) => [`${r.email} ${r.channel}`, r.status])) });
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
            s.status.get(`${email} ${channel}`) === 'pending',
        )
      )
        return 'crash-window';
      const at = of(channel)[first]?.at ?? 0;
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
