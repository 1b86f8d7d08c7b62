/**
 * Upgrading a database of the release before the 'cancelled' status: that
 * release stored a reminder the owner's mark made needless as 'skipped' with
 * a last_error starting "cancelled". The file is made here with that
 * release's five migrations (released migrations are never edited) and holds
 * a lead in every such state, with marks and a source. After the upgrade
 * every row is still there with its values; only the cancelled reminders
 * read 'cancelled', in the table, in `leads status` and in `leads export`;
 * a reminder of a channel that was off stays 'skipped', and marking the lead
 * new again re-arms a cancelled reminder as before.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { migrations } from '../../src/storage/migrations';
import { runCli } from '../support/cli';
import { tempDir } from '../support/tempDirs';

const PREVIOUS_RELEASE = 5;

function writePreviousRelease(path: string, createdAt: string): void {
  const db = new Database(path);
  for (const migration of migrations.slice(0, PREVIOUS_RELEASE)) db.exec(migration as string);
  db.pragma(`user_version = ${PREVIOUS_RELEASE}`);
  db.prepare(`INSERT INTO leads (id, created_at, name, company, email, dedupe_key, verdict, verdict_reasons, status, utm_source, utm_campaign, referrer)
    VALUES (1, ?, 'Ada Lovelace', 'Engines', 'ada@example.com', 'k1', 'verified', '', 'contacted', 'linkedin', 'q1', 'news.example.org'),
           (2, ?, 'Grace Hopper', 'Navy', 'grace@example.com', 'k2', 'unverified', 'no-proof', 'new', NULL, NULL, NULL)`).run(
    createdAt,
    createdAt,
  );
  const alert = db.prepare(
    'INSERT INTO alerts (lead_id, channel, status, attempts, next_attempt_at, provider_message_id, last_error, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  alert.run(1, 'sms', 'sent', 1, null, 'SM1', null, createdAt);
  alert.run(1, 'email', 'sent', 1, null, '<1@example.com>', null, createdAt);
  alert.run(1, 'reminder-sms', 'skipped', 0, null, null, 'cancelled: lead marked contacted', null);
  alert.run(1, 'reminder-email', 'skipped', 0, null, null, 'cancelled: lead marked contacted', null);
  alert.run(2, 'sms', 'skipped', 0, null, null, null, null); // SMS was off: not a cancellation
  alert.run(2, 'email', 'failed', 10, null, null, 'SMTP 550: mailbox unavailable', null);
  alert.run(2, 'reminder-email', 'pending', 0, '2099-01-01T00:00:00.000Z', null, null, null);
  db.prepare("INSERT INTO lead_marks (lead_id, status, marked_at, via) VALUES (1, 'contacted', ?, 'link')").run(
    createdAt,
  );
  db.close();
}

const alertsOf = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare(
        'SELECT lead_id, channel, status, attempts, next_attempt_at, provider_message_id, last_error, sent_at FROM alerts ORDER BY lead_id, channel',
      )
      .all();
  } finally {
    db.close();
  }
};

describe('the migration that gives a cancelled alert its own status', () => {
  it('keeps every alert, mark and source of an old database; only the cancelled reminders change status', async () => {
    const path = join(tempDir(), 'leads.db');
    const createdAt = new Date(Date.now() - 60_000).toISOString();
    writePreviousRelease(path, createdAt);
    const env = { DATABASE_PATH: path };

    const status = await runCli(['status'], env); // opens the file: the migration runs
    assert.equal(status.code, 0, status.stderr);
    assert.deepEqual(alertsOf(path), [
      {
        lead_id: 1,
        channel: 'email',
        status: 'sent',
        attempts: 1,
        next_attempt_at: null,
        provider_message_id: '<1@example.com>',
        last_error: null,
        sent_at: createdAt,
      },
      {
        lead_id: 1,
        channel: 'reminder-email',
        status: 'cancelled',
        attempts: 0,
        next_attempt_at: null,
        provider_message_id: null,
        last_error: 'cancelled: lead marked contacted',
        sent_at: null,
      },
      {
        lead_id: 1,
        channel: 'reminder-sms',
        status: 'cancelled',
        attempts: 0,
        next_attempt_at: null,
        provider_message_id: null,
        last_error: 'cancelled: lead marked contacted',
        sent_at: null,
      },
      {
        lead_id: 1,
        channel: 'sms',
        status: 'sent',
        attempts: 1,
        next_attempt_at: null,
        provider_message_id: 'SM1',
        last_error: null,
        sent_at: createdAt,
      },
      {
        lead_id: 2,
        channel: 'email',
        status: 'failed',
        attempts: 10,
        next_attempt_at: null,
        provider_message_id: null,
        last_error: 'SMTP 550: mailbox unavailable',
        sent_at: null,
      },
      {
        lead_id: 2,
        channel: 'reminder-email',
        status: 'pending',
        attempts: 0,
        next_attempt_at: '2099-01-01T00:00:00.000Z',
        provider_message_id: null,
        last_error: null,
        sent_at: null,
      },
      {
        lead_id: 2,
        channel: 'sms',
        status: 'skipped',
        attempts: 0,
        next_attempt_at: null,
        provider_message_id: null,
        last_error: null,
        sent_at: null,
      },
    ]);
    const counts = status.stdout.split('\n\n')[0] ?? '';
    assert.match(counts, /^reminder-sms\s+cancelled\s+1$/m);
    assert.match(counts, /^reminder-email\s+cancelled\s+1$/m);
    assert.match(counts, /^sms\s+skipped\s+1$/m);
    assert.doesNotMatch(counts, /^reminder-\w+\s+skipped/m);
    assert.match(
      status.stdout,
      /^2\s+\S+\s+failed\s+10\s+SMTP 550: mailbox unavailable/m,
      'the failed e-mail is listed to act on',
    );

    const exported = await runCli(['export', '--format', 'json'], env);
    assert.equal(exported.code, 0, exported.stderr);
    const [ada, grace] = JSON.parse(exported.stdout) as Record<string, unknown>[];
    assert.deepEqual(
      [ada?.status, ada?.verdict, ada?.utm_source, ada?.utm_campaign, ada?.referrer, ada?.marks],
      [
        'contacted',
        'verified',
        'linkedin',
        'q1',
        'news.example.org',
        [{ status: 'contacted', marked_at: createdAt, via: 'link' }],
      ],
    );
    assert.deepEqual(
      [ada?.['reminder-sms_status'], ada?.['reminder-sms_last_error'], ada?.sms_provider_message_id],
      ['cancelled', 'cancelled: lead marked contacted', 'SM1'],
    );
    assert.deepEqual(
      [grace?.status, grace?.verdict_reasons, grace?.sms_status, grace?.email_status, grace?.['reminder-email_status']],
      ['new', 'no-proof', 'skipped', 'failed', 'pending'],
    );

    const marked = await runCli(['mark', '1', 'new'], { ...env, FOLLOW_UP_AFTER_HOURS: '20' });
    assert.equal(marked.code, 0, marked.stderr);
    assert.equal(marked.stdout, 'lead 1: contacted -> new (its reminder is due again)\n');
    const rearmed = alertsOf(path).filter(
      (a) =>
        (a as { lead_id: number; channel: string }).lead_id === 1 &&
        String((a as { channel: string }).channel).startsWith('reminder-'),
    );
    assert.deepEqual(
      rearmed.map((a) => (a as { status: string }).status),
      ['pending', 'pending'],
    );
  });
});
