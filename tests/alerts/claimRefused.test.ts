/**
 * A claim whose commit is refused is no claim. The runner must not send an alert whose lease was never written: a
 * second runner (the server beside `leads retry`) would claim and send it too. The refusal is staged at commit time,
 * where a full disk refuses the write-ahead log's frames: a deferred foreign key that this file's trigger breaks,
 * which SQLite checks only when the claim's own implicit transaction commits.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, it } from 'node:test';
import { createAlertQueue } from '../../src/alerts/alertQueue';
import { createLeadsTable } from '../../src/leads/leadsTable';
import { openDatabase, type Db } from '../../src/storage/database';
import { newLeadRow } from '../support/newLeadRow';
import { tempDir } from '../support/tempDirs';

let db: Db;
afterEach(() => db.close());

it('a claim refused at commit throws, and the alert is still unleased for the next claim', () => {
  db = openDatabase(join(tempDir(), 'leads.db'));
  const queue = createAlertQueue(db);
  const lead = createLeadsTable(db).insert(newLeadRow({ createdAt: '2026-01-01T10:00:00.000Z', dedupeKey: 'k' }));
  queue.resend(lead, ['sms'], '2026-01-01T10:00:00.000Z');
  db.exec(`CREATE TRIGGER refuse_commit AFTER UPDATE OF attempts ON alerts BEGIN
    INSERT INTO bookings (lead_id, uid, starts_at, ends_at, status, sequence, event, created_at, updated_at)
    VALUES (-1, 'x', 'a', 'b', 'booked', 0, 'created', 'c', 'c'); END`);
  db.pragma('defer_foreign_keys = ON');
  assert.throws(
    () => queue.claim(lead, 'sms', '2026-01-01T10:00:01.000Z', '2026-01-01T10:01:00.000Z'),
    /FOREIGN KEY/,
    'the claim reported an attempt its commit refused',
  );
  db.exec('DROP TRIGGER refuse_commit');
  const attempts = db.prepare("SELECT attempts, lease_until FROM alerts WHERE channel = 'sms'").get();
  assert.deepEqual(attempts, { attempts: 0, lease_until: null }, 'the refused claim left a lease behind');
  assert.equal(queue.claim(lead, 'sms', '2026-01-01T10:00:02.000Z', '2026-01-01T10:01:00.000Z'), 1);
});
