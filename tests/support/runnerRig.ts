/**
 * A runner over a real SQLite file, with the real SMS and e-mail
 * senders talking to the fake Twilio API and the SMTP sink, and the lead
 * service in front of it (answer timeout 300 ms). Leads are added as another
 * process stores them: the lead and its alert rows in one transaction.
 * Written for tests/alerts/runner.test.ts (owner: the alerts tests).
 */
import { join } from 'node:path';
import { afterEach } from 'node:test';
import { createAlertQueue, type AlertQueue } from '../../src/alerts/alertQueue';
import { CHANNELS } from '../../src/alerts/channels';
import { createRunner, type Runner, type RunnerOptions } from '../../src/alerts/runner';
import { createEmailSender } from '../../src/alerts/emailSender';
import { createSmsSender } from '../../src/alerts/smsSender';
import { createLeadService, type LeadService } from '../../src/leads/leadService';
import { createLeadsTable } from '../../src/leads/leadsTable';
import { createUsedProofsTable } from '../../src/leads/usedProofsTable';
import { createLogger } from '../../src/lib/logger';
import { openDatabase, type Db } from '../../src/storage/database';
import { createIpHasher } from '../../src/storage/ipHash';
import { startFakeTwilio, type FakeTwilio } from './fakeTwilio';
import { readLeadRows, type StoredLead } from './leadRows';
import { newLeadRow } from './newLeadRow';
import { startSmtpSink, type SmtpSink } from './smtpSink';
import { tempDir as testTempDir } from './tempDirs';

export interface Rig {
  db: Db;
  path: string;
  queue: AlertQueue;
  twilio: FakeTwilio;
  smtp: SmtpSink;
  runner: Runner;
  /** The lead service in front of the runner, answering within 300 ms (ALERT_TIMEOUT_MS). */
  service: LeadService;
  addLead(createdAt?: string): number;
  row(id: number): StoredLead | undefined;
  closeSenders(): void;
}

export type RigOptions = Partial<Omit<RunnerOptions, 'queue' | 'channels' | 'senders' | 'readLead' | 'logger'>> & {
  email?: boolean;
  realSendTimeoutMs?: number;
  /** Attempts under way at most, per channel, in place of the channel's own limit. */
  maxInFlight?: Record<string, number>;
};

async function startRig(options: RigOptions): Promise<Rig> {
  const path = join(testTempDir(), 'leads.db');
  const db = openDatabase(path);
  const queue = createAlertQueue(db);
  const leads = createLeadsTable(db);
  const [twilio, smtp] = await Promise.all([startFakeTwilio(), startSmtpSink()]);
  const { email: withEmail, realSendTimeoutMs, maxInFlight, ...runnerOptions } = options;
  const deadlineMs = options.deadlineMs ?? 1500;
  // realSendTimeoutMs: an SDK that runs past the runner's deadline (it cannot take the AbortSignal).
  const senderTimeout = realSendTimeoutMs ?? deadlineMs;
  const sms = createSmsSender(
    {
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: '+15005550006',
      to: '+15551230000',
      apiUrl: twilio.url,
    },
    senderTimeout,
  );
  const email = createEmailSender(
    { smtpUrl: smtp.url, to: 'owner@example.com', from: 'alerts@example.com', allowPlaintext: false },
    senderTimeout,
  );
  await Promise.all([sms.warm?.(), email.warm?.()]); // as the server does once it listens
  const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' });
  const runner = createRunner({
    queue,
    channels: CHANNELS.map((ch) => ({ name: ch.name, maxInFlight: maxInFlight?.[ch.name] ?? ch.maxInFlight })),
    senders: new Map(
      withEmail === false
        ? [['sms', sms]]
        : [
            ['sms', sms],
            ['email', email],
          ],
    ),
    readLead: (id) => {
      const l = leads.get(id);
      return (
        l && {
          id: l.id,
          createdAt: l.created_at,
          name: l.name,
          company: l.company,
          email: l.email,
          verdict: l.verdict,
          source: 'direct',
        }
      );
    },
    logger,
    retryBaseMs: 100,
    maxAttempts: 10,
    ...runnerOptions,
    deadlineMs,
  });
  const service = createLeadService({
    db,
    leads,
    usedProofs: createUsedProofsTable(db),
    queue,
    channels: CHANNELS,
    runner,
    challenges: undefined,
    rules: { verification: 'off', minFillMs: 0, maxPerEmailPerDay: 1_000_000 },
    autoReply: false,
    autoReplyCap: { perHour: 0, perDay: 0 },
    followUpAfterMs: null,
    ownHost: 'localhost',
    warmSenders: async () => {},
    hashIp: createIpHasher('salt'),
    logger,
    now: Date.now,
    answerTimeoutMs: 300,
  });
  let n = 0;
  // As another process (or an earlier run) stores a lead: through a queue of its own, which tells this
  // runner nothing; a test attempts it, or lets the runner's loop find it.
  const elsewhere = createAlertQueue(db);
  const addLead = db.transaction((createdAt: string = new Date().toISOString()) => {
    const id = leads.insert(newLeadRow({ createdAt, dedupeKey: `k${n++}` }));
    elsewhere.enqueue(id, [
      { channel: 'sms', status: 'pending', at: createdAt },
      withEmail === false
        ? { channel: 'email', status: 'skipped', at: null }
        : { channel: 'email', status: 'pending', at: createdAt },
    ]);
    return id;
  });
  const r: Rig = {
    db,
    path,
    queue,
    twilio,
    smtp,
    runner,
    service,
    addLead: (at) => addLead(at),
    row: (id) => readLeadRows(db).find((l) => l.id === id),
    closeSenders: () => {
      for (const s of [sms, email]) s.close?.();
    },
  };
  return r;
}

/** For a test file: a factory of rigs, every one stopped and closed after each test. */
export function runnerRigsPerTest(): (options?: RigOptions) => Promise<Rig> {
  let rigs: Rig[] = [];
  afterEach(async () => {
    for (const r of rigs) {
      await r.runner.stop(0);
      r.closeSenders();
      await Promise.all([r.twilio.close(), r.smtp.close()]);
      r.db.close();
    }
    rigs = [];
  });
  return async (options = {}) => {
    const r = await startRig(options);
    rigs.push(r);
    return r;
  };
}
