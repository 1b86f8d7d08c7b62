/**
 * The database file: created with its directories (0700), in WAL mode with a
 * busy timeout and foreign keys, migrated once (user_version) to the schema
 * of leads plus one alerts row per (lead, channel), refused when newer than
 * the code. The IP hash: a keyed HMAC of the network, never the address, with
 * a key that is never written to the database.
 */
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/storage/database';
import { createIpHasher, networkOf } from '../../src/storage/ipHash';
import { migrations } from '../../src/storage/migrations';
import { INDEXES, LEADS_COLUMNS, SCHEMA_VERSION } from '../support/latestSchema';
import { tempDir as testTempDir } from '../support/tempDirs';

const columnsOf = (db: Database.Database, table: string) =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);

describe('openDatabase', () => {
  it('creates missing directories (0700) and sets WAL, busy timeout, full sync, foreign keys and a 2 MB page cache', () => {
    const path = join(testTempDir(), 'deep', 'er', 'leads.db');
    const db = openDatabase(path);
    try {
      assert.ok(existsSync(path));
      assert.equal(statSync(dirname(path)).mode & 0o777, 0o700);
      assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
      assert.equal(
        db.pragma('busy_timeout', { simple: true }),
        2000,
        "another connection's write lock is waited for 2 s",
      );
      assert.equal(db.pragma('synchronous', { simple: true }), 2);
      assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
      assert.equal(
        db.pragma('cache_size', { simple: true }),
        -2000,
        "SQLite's 2 MB page cache, not better-sqlite3's 16 MB",
      );
    } finally {
      db.close();
    }
  });

  it('migrates a new file to the latest version and leaves a migrated file alone', () => {
    const path = join(testTempDir(), 'leads.db');
    const first = openDatabase(path);
    assert.equal(first.pragma('user_version', { simple: true }), SCHEMA_VERSION);
    assert.equal(migrations.length, SCHEMA_VERSION);
    first.prepare("INSERT INTO settings (key, value) VALUES ('marker', 'kept')").run();
    first.close();
    const again = openDatabase(path); // would fail with "table exists" if it ran a migration twice
    try {
      assert.equal(again.pragma('user_version', { simple: true }), SCHEMA_VERSION);
      assert.deepEqual(again.prepare("SELECT value FROM settings WHERE key = 'marker'").get(), { value: 'kept' });
      assert.deepEqual(columnsOf(again, 'leads'), LEADS_COLUMNS, 'no sms_* or email_* columns left');
      assert.deepEqual(columnsOf(again, 'alerts'), [
        'lead_id',
        'channel',
        'status',
        'attempts',
        'next_attempt_at',
        'lease_until',
        'provider_message_id',
        'last_error',
        'sent_at',
        'first_attempt_at',
        'delivery',
        'delivery_error',
        'delivery_at',
        'again',
      ]);
      const indexes = again
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
        .pluck()
        .all();
      assert.deepEqual(indexes, INDEXES);
      assert.deepEqual(columnsOf(again, 'proofs_used'), ['id', 'expires_at']);
      assert.deepEqual(columnsOf(again, 'lead_marks'), ['lead_id', 'status', 'marked_at', 'via']);
      assert.deepEqual(columnsOf(again, 'page_views'), ['day', 'source', 'language', 'views']);
      assert.deepEqual(columnsOf(again, 'used_links'), ['id', 'used_at']);
    } finally {
      again.close();
    }
  });

  it('refuses a database written by a newer release', () => {
    const path = join(testTempDir(), 'leads.db');
    const raw = new Database(path);
    raw.pragma(`user_version = ${migrations.length + 1}`);
    raw.close();
    assert.throws(() => openDatabase(path), /newer than this release/);
  });

  it('rejects an unknown alert status (CHECK constraint) and an alert of a lead that does not exist', () => {
    const db = openDatabase(join(testTempDir(), 'leads.db'));
    try {
      db.prepare(
        "INSERT INTO leads (created_at, name, company, email, dedupe_key) VALUES ('t', 'n', 'c', 'e', 'k')",
      ).run();
      assert.throws(
        () => db.prepare("INSERT INTO alerts (lead_id, channel, status) VALUES (1, 'sms', 'queued')").run(),
        /CHECK constraint/,
      );
      assert.throws(
        () => db.prepare("INSERT INTO alerts (lead_id, channel, status) VALUES (2, 'sms', 'pending')").run(),
        /FOREIGN KEY constraint/,
      );
      db.prepare("INSERT INTO alerts (lead_id, channel, status) VALUES (1, 'sms', 'pending')").run();
      assert.throws(
        () => db.prepare("INSERT INTO alerts (lead_id, channel, status) VALUES (1, 'sms', 'sent')").run(),
        /UNIQUE constraint/,
      );
    } finally {
      db.close();
    }
  });
});

describe('IP hashing', () => {
  it('without IP_HASH_SALT, keys with a random value kept in memory only (never in the database), replaced every UTC day', () => {
    const path = join(testTempDir(), 'leads.db');
    const db = openDatabase(path);
    let now = Date.parse('2026-01-01T10:00:00.000Z');
    const hash = createIpHasher(undefined, () => now);
    const first = hash('203.0.113.7');
    assert.match(first ?? '', /^[0-9a-f]{32}$/);
    assert.equal(hash('203.0.113.200'), first, 'same /24 network, same day');
    now = Date.parse('2026-01-01T23:59:59.999Z');
    assert.equal(hash('203.0.113.7'), first);
    now = Date.parse('2026-01-02T00:00:00.000Z');
    assert.notEqual(hash('203.0.113.7'), first, 'a new key the next day');
    assert.notEqual(
      createIpHasher(undefined, () => Date.parse('2026-01-01T10:00:00.000Z'))('203.0.113.7'),
      first,
      'a restart has a new key',
    );
    try {
      assert.deepEqual(db.prepare('SELECT * FROM settings').all(), [], 'no key in the database');
    } finally {
      db.close();
    }
  });

  it('hashes with the configured key, stable across restarts, and never returns the address itself', () => {
    const a = createIpHasher('key-a')('203.0.113.7');
    assert.match(a ?? '', /^[0-9a-f]{32}$/);
    assert.equal(createIpHasher('key-a')('203.0.113.7'), a);
    assert.notEqual(createIpHasher('key-b')('203.0.113.7'), a);
    assert.notEqual(createIpHasher('key-a')('203.0.114.7'), a);
    assert.ok(!a?.includes('203.0.113.7'));
    assert.equal(createIpHasher('key-a')(undefined), null);
    assert.equal(createIpHasher('key-a')('not an address'), null);
    assert.equal(networkOf('::ffff:203.0.113.7'), '203.0.113.0/24');
    assert.equal(networkOf('2001:db8:1:2::5'), '2001:db8:1::/48');
  });
});
