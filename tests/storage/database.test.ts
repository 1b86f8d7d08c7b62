/**
 * The database file: created with its directories, in WAL mode with a busy
 * timeout, migrated once (user_version), refused when newer than the code;
 * the IP salt is generated once and kept, and the stored hash never is the IP.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { BUSY_TIMEOUT_MS, openDatabase } from '../../src/storage/database';
import { hashIp, loadIpSalt } from '../../src/storage/ipHash';
import { migrations } from '../../src/storage/migrations';
import { testTempDir } from '../helpers/site';

describe('openDatabase', () => {
  it('creates missing directories and sets WAL, busy timeout and full sync', () => {
    const path = join(testTempDir(), 'deep', 'er', 'leads.db');
    const db = openDatabase(path);
    try {
      assert.ok(existsSync(path));
      assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
      assert.equal(db.pragma('busy_timeout', { simple: true }), BUSY_TIMEOUT_MS);
      assert.equal(db.pragma('synchronous', { simple: true }), 2);
    } finally {
      db.close();
    }
  });

  it('migrates a new file to the latest version and leaves a migrated file alone', () => {
    const path = join(testTempDir(), 'leads.db');
    const first = openDatabase(path);
    assert.equal(first.pragma('user_version', { simple: true }), migrations.length);
    first.prepare("INSERT INTO settings (key, value) VALUES ('marker', 'kept')").run();
    first.close();
    const again = openDatabase(path); // would fail with "table exists" if it ran the migration twice
    try {
      assert.equal(again.pragma('user_version', { simple: true }), migrations.length);
      assert.deepEqual(again.prepare("SELECT value FROM settings WHERE key = 'marker'").get(), { value: 'kept' });
      const columns = (again.prepare('PRAGMA table_info(leads)').all() as { name: string }[]).map((c) => c.name);
      for (const ch of ['sms', 'email']) {
        for (const col of ['status', 'attempts', 'last_error', 'provider_message_id', 'sent_at', 'next_attempt_at']) {
          assert.ok(columns.includes(`${ch}_${col}`), `missing ${ch}_${col}`);
        }
      }
      for (const col of ['id', 'created_at', 'name', 'company', 'email', 'user_agent', 'ip_hash']) assert.ok(columns.includes(col), col);
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

  it('rejects an unknown alert status (CHECK constraint)', () => {
    const db = openDatabase(join(testTempDir(), 'leads.db'));
    try {
      assert.throws(
        () =>
          db.prepare(
            "INSERT INTO leads (created_at, name, company, email, dedupe_key, sms_status, email_status) VALUES ('t', 'n', 'c', 'e', 'k', 'queued', 'sent')",
          ).run(),
        /CHECK constraint/,
      );
    } finally {
      db.close();
    }
  });
});

describe('IP hashing', () => {
  it('generates a salt once and keeps it across restarts', () => {
    const path = join(testTempDir(), 'leads.db');
    const db1 = openDatabase(path);
    const salt = loadIpSalt(db1, undefined);
    assert.match(salt, /^[0-9a-f]{64}$/);
    db1.close();
    const db2 = openDatabase(path);
    try {
      assert.equal(loadIpSalt(db2, undefined), salt);
      assert.equal(loadIpSalt(db2, 'configured-salt'), 'configured-salt');
    } finally {
      db2.close();
    }
  });

  it('hashes with the salt and never returns the address itself', () => {
    const a = hashIp('salt-a', '203.0.113.7');
    assert.match(a ?? '', /^[0-9a-f]{64}$/);
    assert.equal(hashIp('salt-a', '203.0.113.7'), a);
    assert.notEqual(hashIp('salt-b', '203.0.113.7'), a);
    assert.notEqual(hashIp('salt-a', '203.0.113.8'), a);
    assert.ok(!a?.includes('203.0.113.7'));
    assert.equal(hashIp('salt-a', undefined), null);
  });
});
