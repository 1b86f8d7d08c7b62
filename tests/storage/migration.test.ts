/**
 * Upgrading a database written by the release before the alerts table: the
 * file is created here with that release's schema, written out literally
 * (migration 1, alert state in sms_* and email_* columns of leads), holding a
 * lead in every alert state. openDatabase must carry every lead and every
 * alert's state over to the alerts table exactly (one row per lead and
 * channel), drop the old columns, and the server's pipeline must then deliver
 * the alerts that were pending and due, each exactly once, and no other.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openServices, type Services } from '../../src/services/services';
import { createLogger } from '../../src/lib/logger';
import { openDatabase } from '../../src/storage/database';
import { startFakeTwilio, type FakeTwilio } from '../support/fakeTwilio';
import { alertEnv, FAST_ALERTS } from '../support/leadSite';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { testConfig } from '../support/site';
import { INDEXES, LEADS_COLUMNS, SCHEMA_VERSION } from '../support/latestSchema';
import { tempDir as testTempDir } from '../support/tempDirs';
import { sleep, waitFor } from '../support/waitFor';

const OLD_SCHEMA = `
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT;

  CREATE TABLE leads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL,
    name TEXT NOT NULL,
    company TEXT NOT NULL,
    email TEXT NOT NULL,
    user_agent TEXT,
    ip_hash TEXT,
    dedupe_key TEXT NOT NULL,
    sms_status TEXT NOT NULL CHECK (sms_status IN ('pending', 'sent', 'failed', 'skipped')),
    sms_attempts INTEGER NOT NULL DEFAULT 0,
    sms_last_error TEXT,
    sms_provider_message_id TEXT,
    sms_sent_at TEXT,
    sms_next_attempt_at TEXT,
    email_status TEXT NOT NULL CHECK (email_status IN ('pending', 'sent', 'failed', 'skipped')),
    email_attempts INTEGER NOT NULL DEFAULT 0,
    email_last_error TEXT,
    email_provider_message_id TEXT,
    email_sent_at TEXT,
    email_next_attempt_at TEXT
  ) STRICT;

  CREATE INDEX leads_dedupe ON leads (dedupe_key, created_at);
  CREATE INDEX leads_sms_due ON leads (sms_next_attempt_at) WHERE sms_status = 'pending';
  CREATE INDEX leads_email_due ON leads (email_next_attempt_at) WHERE email_status = 'pending';
`;

// One lead per line: id, name, sms (status, attempts, last_error, provider id, sent_at, next_attempt_at), email (the same).
type Alert = [string, number, string | null, string | null, string | null, string | null];
const OLD_LEADS: [number, string, Alert, Alert][] = [
  [
    1,
    'Ada One',
    ['sent', 1, null, 'SM0001', '2026-01-01T10:01:01.000Z', null],
    ['sent', 2, null, '<lead-1@example.com>', '2026-01-01T10:01:40.000Z', null],
  ],
  [
    2,
    'Bea Two',
    ['failed', 10, 'HTTP 500 20500: Internal Server Error', null, null, null],
    ['skipped', 0, null, null, null, null],
  ],
  // sms due since long ago after two failures; e-mail mid-attempt when the old process stopped (its lease in next_attempt_at)
  [
    3,
    'Cleo Three',
    ['pending', 2, 'ECONNREFUSED', null, null, '2026-01-01T10:05:00.000Z'],
    ['pending', 1, null, null, null, '2026-01-01T10:03:45.000Z'],
  ],
  [
    4,
    'Dana Four',
    ['skipped', 0, null, null, null, null],
    ['failed', 10, 'SMTP 550: Mailbox unavailable', null, null, null],
  ],
  // sms backing off until a time that has not come yet
  [
    5,
    'Eve Five',
    ['pending', 3, 'HTTP 429', null, null, '2099-01-01T00:00:00.000Z'],
    ['sent', 1, null, '<lead-5@example.com>', '2026-01-01T10:05:30.000Z', null],
  ],
  [
    6,
    'Fay Six',
    ['pending', 0, null, null, null, '2026-01-01T10:06:00.000Z'],
    ['pending', 0, null, null, null, '2026-01-01T10:06:00.000Z'],
  ],
];

const email = (name: string) => `${name.split(' ')[0]?.toLowerCase()}@example.com`;

function writeOldDatabase(path: string): void {
  const db = new Database(path);
  db.exec(OLD_SCHEMA);
  db.pragma('user_version = 1');
  db.prepare("INSERT INTO settings (key, value) VALUES ('ip_hash_salt', 'old-salt'), ('other', 'kept')").run();
  const insert = db.prepare(`INSERT INTO leads (id, created_at, name, company, email, user_agent, ip_hash, dedupe_key,
      sms_status, sms_attempts, sms_last_error, sms_provider_message_id, sms_sent_at, sms_next_attempt_at,
      email_status, email_attempts, email_last_error, email_provider_message_id, email_sent_at, email_next_attempt_at)
    VALUES (?, ?, ?, 'Acme', ?, 'Mozilla/5.0', 'old-hash', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const [id, name, sms, mail] of OLD_LEADS)
    insert.run(id, `2026-01-01T10:0${id}:00.000Z`, name, email(name), `key-${id}`, ...sms, ...mail);
  db.close();
}

describe('migrating a database of the previous release', () => {
  let path: string;
  let twilio: FakeTwilio;
  let smtp: SmtpSink;
  let pipeline: Services | undefined;
  before(async () => {
    path = join(testTempDir(), 'leads.db');
    writeOldDatabase(path);
    [twilio, smtp] = await Promise.all([startFakeTwilio(), startSmtpSink()]);
  });
  after(async () => {
    await pipeline?.close(1000);
    await Promise.all([twilio.close(), smtp.close()]);
  });

  it('carries every lead and every alert state over to the alerts table, exactly', () => {
    const db = openDatabase(path);
    try {
      assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
      assert.deepEqual(
        (db.prepare('PRAGMA table_info(leads)').all() as { name: string }[]).map((c) => c.name),
        LEADS_COLUMNS,
      );
      assert.deepEqual(
        db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
          .pluck()
          .all(),
        INDEXES,
      );
      // Leads stored before grading were all alerted as they came: they count as verified, still new,
      // from a source nobody recorded.
      assert.deepEqual(
        db.prepare('SELECT DISTINCT verdict, verdict_reasons, status, utm_source, referrer FROM leads').all(),
        [{ verdict: 'verified', verdict_reasons: '', status: 'new', utm_source: null, referrer: null }],
      );
      assert.deepEqual(
        db.prepare('SELECT id, created_at, name, email, user_agent, ip_hash, dedupe_key FROM leads ORDER BY id').all(),
        [
          {
            id: 1,
            created_at: '2026-01-01T10:01:00.000Z',
            name: 'Ada One',
            email: 'ada@example.com',
            user_agent: 'Mozilla/5.0',
            ip_hash: null,
            dedupe_key: 'key-1',
          },
          {
            id: 2,
            created_at: '2026-01-01T10:02:00.000Z',
            name: 'Bea Two',
            email: 'bea@example.com',
            user_agent: 'Mozilla/5.0',
            ip_hash: null,
            dedupe_key: 'key-2',
          },
          {
            id: 3,
            created_at: '2026-01-01T10:03:00.000Z',
            name: 'Cleo Three',
            email: 'cleo@example.com',
            user_agent: 'Mozilla/5.0',
            ip_hash: null,
            dedupe_key: 'key-3',
          },
          {
            id: 4,
            created_at: '2026-01-01T10:04:00.000Z',
            name: 'Dana Four',
            email: 'dana@example.com',
            user_agent: 'Mozilla/5.0',
            ip_hash: null,
            dedupe_key: 'key-4',
          },
          {
            id: 5,
            created_at: '2026-01-01T10:05:00.000Z',
            name: 'Eve Five',
            email: 'eve@example.com',
            user_agent: 'Mozilla/5.0',
            ip_hash: null,
            dedupe_key: 'key-5',
          },
          {
            id: 6,
            created_at: '2026-01-01T10:06:00.000Z',
            name: 'Fay Six',
            email: 'fay@example.com',
            user_agent: 'Mozilla/5.0',
            ip_hash: null,
            dedupe_key: 'key-6',
          },
        ],
        'the old salted hashes are dropped (migration 3)',
      );
      assert.deepEqual(db.prepare('SELECT key, value FROM settings').all(), [{ key: 'other', value: 'kept' }]);
      const cols =
        'lead_id, channel, status, attempts, last_error, provider_message_id, sent_at, next_attempt_at, lease_until';
      assert.deepEqual(db.prepare(`SELECT ${cols} FROM alerts ORDER BY lead_id, channel`).raw().all(), [
        [1, 'email', 'sent', 2, null, '<lead-1@example.com>', '2026-01-01T10:01:40.000Z', null, null],
        [1, 'sms', 'sent', 1, null, 'SM0001', '2026-01-01T10:01:01.000Z', null, null],
        [2, 'email', 'skipped', 0, null, null, null, null, null],
        [2, 'sms', 'failed', 10, 'HTTP 500 20500: Internal Server Error', null, null, null, null],
        [3, 'email', 'pending', 1, null, null, null, '2026-01-01T10:03:45.000Z', null],
        [3, 'sms', 'pending', 2, 'ECONNREFUSED', null, null, '2026-01-01T10:05:00.000Z', null],
        [4, 'email', 'failed', 10, 'SMTP 550: Mailbox unavailable', null, null, null, null],
        [4, 'sms', 'skipped', 0, null, null, null, null, null],
        [5, 'email', 'sent', 1, null, '<lead-5@example.com>', '2026-01-01T10:05:30.000Z', null, null],
        [5, 'sms', 'pending', 3, 'HTTP 429', null, null, '2099-01-01T00:00:00.000Z', null],
        [6, 'email', 'pending', 0, null, null, null, '2026-01-01T10:06:00.000Z', null],
        [6, 'sms', 'pending', 0, null, null, null, '2026-01-01T10:06:00.000Z', null],
      ]);
    } finally {
      db.close();
    }
    const reopened = openDatabase(path); // a second start leaves the migrated file alone
    assert.equal(reopened.prepare('SELECT COUNT(*) FROM alerts').pluck().get(), 12);
    reopened.close();
  });

  it("then the server's pipeline delivers the due pending alerts exactly once, and nothing else", async () => {
    const config = testConfig({ ...FAST_ALERTS, ...alertEnv(twilio, smtp), DATABASE_PATH: path });
    pipeline = openServices(config, createLogger(config));
    await pipeline.warmSenders();
    pipeline.runner.start();
    const status = (id: number, ch: string) =>
      pipeline?.db.prepare('SELECT status FROM alerts WHERE lead_id = ? AND channel = ?').pluck().get(id, ch);
    await waitFor(
      () => [status(3, 'sms'), status(3, 'email'), status(6, 'sms'), status(6, 'email')].every((s) => s === 'sent'),
      5000,
      'the due alerts',
    );
    await sleep(500); // several retry periods: nothing else may be sent
    assert.deepEqual(twilio.messages.map((m) => m.body).sort(), [
      `New lead: Cleo Three, Acme\ncleo@example.com\nReply within 24h: ${config.publicUrl}/owner/leads/3`,
      `New lead: Fay Six, Acme\nfay@example.com\nReply within 24h: ${config.publicUrl}/owner/leads/6`,
    ]);
    assert.equal(twilio.requests, 2);
    assert.deepEqual(smtp.messages.map((m) => m.subject).sort(), [
      'New lead: Cleo Three (Acme)',
      'New lead: Fay Six (Acme)',
    ]);
    const rows = pipeline.db
      .prepare(
        'SELECT lead_id, channel, status, attempts, last_error, lease_until FROM alerts ORDER BY lead_id, channel',
      )
      .raw()
      .all();
    assert.deepEqual(rows, [
      [1, 'email', 'sent', 2, null, null],
      [1, 'sms', 'sent', 1, null, null],
      [2, 'email', 'skipped', 0, null, null],
      [2, 'sms', 'failed', 10, 'HTTP 500 20500: Internal Server Error', null],
      [3, 'email', 'sent', 2, null, null],
      [3, 'sms', 'sent', 3, null, null],
      [4, 'email', 'failed', 10, 'SMTP 550: Mailbox unavailable', null],
      [4, 'sms', 'skipped', 0, null, null],
      [5, 'email', 'sent', 1, null, null],
      [5, 'sms', 'pending', 3, 'HTTP 429', null],
      [6, 'email', 'sent', 1, null, null],
      [6, 'sms', 'sent', 1, null, null],
    ]);
    const sid = (id: number) =>
      pipeline?.db
        .prepare("SELECT provider_message_id FROM alerts WHERE lead_id = ? AND channel = 'sms'")
        .pluck()
        .get(id);
    assert.deepEqual([sid(3), sid(6)].sort(), twilio.messages.map((m) => m.sid).sort());
  });
});
