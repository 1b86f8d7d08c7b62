/**
 * The rules of an alert's life as the queue enforces them in SQL: new alerts
 * are due at once (skipped ones never), an attempt is counted and leased by a
 * compare-and-swap before it starts (two connections to one file, as two
 * processes have, never both win), a leased alert is not due until its lease
 * runs out, a failure sets the next attempt and clears the lease, a sent or
 * failed alert is never claimed again, and requeueFailed touches failed rows
 * only. Rows are read back with this file's own SQL.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { createAlertQueue, type AlertQueue } from '../../src/alerts/alertQueue';
import { createLeadsTable } from '../../src/leads/leadsTable';
import { openDatabase, type Db } from '../../src/storage/database';
import { newLeadRow } from '../support/newLeadRow';
import { tempDir as testTempDir } from '../support/tempDirs';

let open: Db[] = [];
afterEach(() => {
  for (const db of open) if (db.open) db.close();
  open = [];
});

function connect(path = join(testTempDir(), 'leads.db')): { db: Db; queue: AlertQueue; path: string } {
  const db = openDatabase(path);
  open.push(db);
  return { db, queue: createAlertQueue(db), path };
}

let keys = 0;
const addLead = (db: Db, createdAt = '2026-01-01T10:00:00.000Z') =>
  createLeadsTable(db).insert(newLeadRow({ createdAt, dedupeKey: `key-${keys++}` }));

/** Pending rows due at `at` for `pending`, skipped rows for `skipped`; returns the channels added as pending. */
const enqueue = (queue: AlertQueue, leadId: number, channels: { pending: string[]; skipped: string[] }, at: string) =>
  queue.enqueue(leadId, [
    ...channels.pending.map((channel) => ({ channel, status: 'pending' as const, at })),
    ...channels.skipped.map((channel) => ({ channel, status: 'skipped' as const, at: null })),
  ]);

const alert = (db: Db, leadId: number, channel: string) =>
  db.prepare('SELECT * FROM alerts WHERE lead_id = ? AND channel = ?').get(leadId, channel);
const allAlerts = (db: Db) => db.prepare('SELECT * FROM alerts ORDER BY lead_id, channel').all();

const T0 = '2026-01-01T10:00:00.000Z';
const both = { pending: ['sms', 'email'], skipped: [] };

describe('alert queue', () => {
  it('stores pending alerts due at the lead creation time, skipped ones never due', () => {
    const { db, queue } = connect();
    const id = addLead(db);
    enqueue(queue, id, { pending: ['sms'], skipped: ['email'] }, T0);
    assert.deepEqual(alert(db, id, 'sms'), {
      lead_id: id,
      channel: 'sms',
      status: 'pending',
      attempts: 0,
      next_attempt_at: T0,
      lease_until: null,
      provider_message_id: null,
      last_error: null,
      sent_at: null,
      first_attempt_at: null,
      delivery: null,
      delivery_error: null,
      delivery_at: null,
      again: 0,
    });
    assert.deepEqual(alert(db, id, 'email'), {
      lead_id: id,
      channel: 'email',
      status: 'skipped',
      attempts: 0,
      next_attempt_at: null,
      lease_until: null,
      provider_message_id: null,
      last_error: null,
      sent_at: null,
      first_attempt_at: null,
      delivery: null,
      delivery_error: null,
      delivery_at: null,
      again: 0,
    });
    assert.deepEqual(queue.due('email', '2030-01-01T00:00:00.000Z', 10), []);
    assert.deepEqual(queue.due('sms', T0, 10), [id]);
    assert.deepEqual(queue.due('sms', '2026-01-01T09:59:59.999Z', 10), []);
    assert.equal(queue.status(id, 'email'), 'skipped');
    // One row per lead and channel: adding a channel the lead has already changes nothing.
    assert.deepEqual(enqueue(queue, id, { pending: ['sms', 'email'], skipped: [] }, '2026-01-02T00:00:00.000Z'), []);
    assert.equal((alert(db, id, 'sms') as { next_attempt_at: string }).next_attempt_at, T0);
    assert.equal(queue.status(id, 'email'), 'skipped');
  });

  it('counts and leases an attempt, then records success for good', () => {
    const { db, queue } = connect();
    const id = addLead(db);
    enqueue(queue, id, both, T0);
    assert.equal(queue.claim(id, 'sms', '2026-01-01T10:00:00.000Z', '2026-01-01T10:00:30.000Z'), 1);
    assert.equal((alert(db, id, 'sms') as { lease_until: string }).lease_until, '2026-01-01T10:00:30.000Z');
    queue.recordFailure(id, 'sms', 'ECONNREFUSED', '2026-01-01T10:01:00.000Z');
    assert.equal(queue.claim(id, 'sms', '2026-01-01T10:01:00.000Z', '2026-01-01T10:01:30.000Z'), 2);
    queue.recordSent(id, 'sms', 'SM123', '2026-01-01T10:01:01.000Z');
    assert.deepEqual(alert(db, id, 'sms'), {
      lead_id: id,
      channel: 'sms',
      status: 'sent',
      attempts: 2,
      next_attempt_at: null,
      lease_until: null,
      provider_message_id: 'SM123',
      last_error: null,
      sent_at: '2026-01-01T10:01:01.000Z',
      first_attempt_at: '2026-01-01T10:00:00.000Z',
      delivery: null,
      delivery_error: null,
      delivery_at: null,
      again: 0,
    });
    assert.equal(
      queue.claim(id, 'sms', '2026-01-01T10:02:00.000Z', '2026-01-01T10:02:30.000Z'),
      undefined,
      'a sent alert is never claimed again',
    );
    queue.recordFailure(id, 'sms', 'late failure', '2026-01-01T10:03:00.000Z');
    assert.equal(queue.status(id, 'sms'), 'sent', 'a failure report cannot undo a success');
    assert.equal(queue.status(id, 'email'), 'pending', 'the other channel is untouched');
  });

  it('marks an alert failed after its last attempt and never claims it again', () => {
    const { db, queue } = connect();
    const id = addLead(db);
    enqueue(queue, id, both, T0);
    queue.claim(id, 'email', T0, '2026-01-01T10:00:30.000Z');
    queue.recordFailure(id, 'email', `SMTP 550: ${'x'.repeat(600)}`, null);
    const row = alert(db, id, 'email') as Record<string, unknown>;
    assert.deepEqual([row.status, row.attempts, row.next_attempt_at, row.lease_until], ['failed', 1, null, null]);
    assert.equal((row.last_error as string).length, 500, 'errors are cut to 500 characters');
    assert.match(row.last_error as string, /^SMTP 550: x+$/);
    assert.equal(queue.claim(id, 'email', '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:30.000Z'), undefined);
    assert.deepEqual(queue.due('email', '2030-01-01T00:00:00.000Z', 10), []);
  });

  it('lets exactly one of two connections claim a due alert, even when both saw it due', () => {
    const a = connect();
    const b = connect(a.path); // a second connection to the same file, as the CLI has next to the server
    const ids = [addLead(a.db), addLead(a.db), addLead(a.db), addLead(a.db)];
    for (const id of ids) enqueue(a.queue, id, both, T0);
    const now = '2026-01-01T10:00:01.000Z';
    const lease = '2026-01-01T10:00:31.000Z';
    // Both check first (as each process's loop does), then both try to claim: the check is stale for the loser.
    assert.deepEqual(a.queue.due('sms', now, 10), ids);
    assert.deepEqual(b.queue.due('sms', now, 10), ids);
    const results = ids.map((id, i) => {
      const [first, second] = i % 2 === 0 ? [a.queue, b.queue] : [b.queue, a.queue];
      return [first.claim(id, 'sms', now, lease), second.claim(id, 'sms', now, lease)];
    });
    assert.deepEqual(results, [
      [1, undefined],
      [1, undefined],
      [1, undefined],
      [1, undefined],
    ]);
    assert.deepEqual(
      a.db.prepare("SELECT attempts, lease_until FROM alerts WHERE channel = 'sms' ORDER BY lead_id").all(),
      ids.map(() => ({ attempts: 1, lease_until: lease })),
    );
    assert.deepEqual(b.queue.due('sms', now, 10), [], 'leased alerts are not due for anyone');
  });

  it('keeps a leased alert from another claimer until the lease runs out, then it is due again (a crash mid-attempt)', () => {
    const a = connect();
    const b = connect(a.path);
    const id = addLead(a.db);
    enqueue(a.queue, id, { pending: ['sms'], skipped: ['email'] }, T0);
    assert.equal(a.queue.claim(id, 'sms', T0, '2026-01-01T10:00:30.000Z'), 1);
    assert.deepEqual(b.queue.due('sms', '2026-01-01T10:00:29.999Z', 10), []);
    assert.equal(b.queue.claim(id, 'sms', '2026-01-01T10:00:29.999Z', '2026-01-01T10:01:00.000Z'), undefined);
    assert.equal(b.queue.nextDueAt(['sms']), '2026-01-01T10:00:30.000Z');
    assert.deepEqual(b.queue.due('sms', '2026-01-01T10:00:30.000Z', 10), [id]);
    assert.equal(b.queue.claim(id, 'sms', '2026-01-01T10:00:30.000Z', '2026-01-01T10:01:00.000Z'), 2);
    assert.equal(a.queue.claim(id, 'sms', '2026-01-01T10:00:30.000Z', '2026-01-01T10:01:00.000Z'), undefined);
    assert.equal((alert(a.db, id, 'sms') as { lease_until: string }).lease_until, '2026-01-01T10:01:00.000Z');
  });

  it('on a failure, sets the next attempt and clears the lease', () => {
    const { db, queue } = connect();
    const id = addLead(db);
    enqueue(queue, id, { pending: ['sms'], skipped: ['email'] }, T0);
    queue.claim(id, 'sms', T0, '2026-01-01T10:00:30.000Z');
    queue.recordFailure(id, 'sms', 'HTTP 500 20500: Internal Server Error', '2026-01-01T10:00:05.000Z');
    assert.deepEqual(alert(db, id, 'sms'), {
      lead_id: id,
      channel: 'sms',
      status: 'pending',
      attempts: 1,
      next_attempt_at: '2026-01-01T10:00:05.000Z',
      lease_until: null,
      provider_message_id: null,
      last_error: 'HTTP 500 20500: Internal Server Error',
      sent_at: null,
      first_attempt_at: T0,
      delivery: null,
      delivery_error: null,
      delivery_at: null,
      again: 0,
    });
    assert.equal(queue.nextDueAt(['sms']), '2026-01-01T10:00:05.000Z', 'due at the next attempt, not at the old lease');
    assert.equal(queue.claim(id, 'sms', '2026-01-01T10:00:04.999Z', '2026-01-01T10:00:35.000Z'), undefined);
    assert.equal(queue.claim(id, 'sms', '2026-01-01T10:00:05.000Z', '2026-01-01T10:00:35.000Z'), 2);
  });

  it('reports the earliest pending due time across channels', () => {
    const { db, queue } = connect();
    assert.equal(queue.nextDueAt(['sms', 'email']), undefined);
    const a = addLead(db, '2026-01-01T12:00:00.000Z');
    enqueue(queue, a, both, '2026-01-01T12:00:00.000Z');
    queue.claim(a, 'sms', '2026-01-01T12:00:00.000Z', '2026-01-01T12:05:00.000Z');
    assert.equal(queue.nextDueAt(['sms']), '2026-01-01T12:05:00.000Z');
    assert.equal(queue.nextDueAt(['sms', 'email']), '2026-01-01T12:00:00.000Z');
  });

  it('requeues failed alerts only (all, or one lead), with a fresh set of attempts due now', () => {
    const { db, queue } = connect();
    const [l1, l2, l3, l4] = [addLead(db), addLead(db), addLead(db), addLead(db)] as [number, number, number, number];
    for (const id of [l1, l2, l3, l4]) enqueue(queue, id, both, T0);
    const fail = (id: number, ch: string) => {
      queue.claim(id, ch, T0, '2026-01-01T10:00:30.000Z');
      queue.recordFailure(id, ch, 'HTTP 500', null);
    };
    fail(l1, 'sms');
    queue.claim(l1, 'email', T0, '2026-01-01T10:00:30.000Z');
    queue.recordSent(l1, 'email', '<m1@example.com>', '2026-01-01T10:00:01.000Z');
    fail(l2, 'email'); // l2 sms stays pending and due
    queue.claim(l3, 'email', T0, '2026-01-01T10:00:30.000Z'); // l3 email is under way
    fail(l4, 'sms');
    assert.deepEqual(queue.undeliveredLeadIds(), [l1, l2, l3, l4]);
    const before = allAlerts(db) as Record<string, unknown>[];
    const now = '2026-01-02T08:00:00.000Z';
    assert.deepEqual(queue.requeueFailed(now, l4), { sms: 1 });
    assert.deepEqual(queue.requeueFailed(now), { sms: 1, email: 1 });
    assert.deepEqual(queue.requeueFailed(now), {}, 'nothing failed is left');
    const requeued = { status: 'pending', attempts: 0, next_attempt_at: now, lease_until: null };
    const expected = before.map((r) => (r.status === 'failed' ? { ...r, ...requeued } : r));
    assert.deepEqual(allAlerts(db), expected, 'every other row is exactly as it was');
    assert.deepEqual(
      expected
        .filter((r) => r.status === 'pending' && r.next_attempt_at === now)
        .map((r) => `${r.lead_id}:${r.channel}`),
      [`${l1}:sms`, `${l2}:email`, `${l4}:sms`],
    );
    assert.deepEqual(queue.countsByStatus(), [
      { channel: 'email', status: 'pending', count: 3 },
      { channel: 'email', status: 'sent', count: 1 },
      { channel: 'sms', status: 'pending', count: 4 },
    ]);
    assert.deepEqual(
      queue.ofLeads([l4]).map((r) => [r.channel, r.status, r.attempts, r.last_error]),
      [
        ['email', 'pending', 0, null],
        ['sms', 'pending', 0, 'HTTP 500'],
      ],
    );
    assert.deepEqual(queue.ofLeads([]), []);
  });

  it('records a delivery report once, on a sent alert of the named channels only', () => {
    const { db, queue } = connect();
    const id = addLead(db);
    enqueue(queue, id, both, T0);
    const report = { state: 'undelivered', errorCode: '30034', at: '2026-01-01T10:00:09.000Z' };
    assert.equal(queue.recordDelivery(['sms'], 'SM1', report), undefined, 'not sent yet: no message of that id');
    queue.claim(id, 'sms', T0, '2026-01-01T10:00:30.000Z');
    queue.recordSent(id, 'sms', 'SM1', '2026-01-01T10:00:01.000Z');
    assert.equal(queue.recordDelivery(['email'], 'SM1', report), undefined, 'another channel');
    assert.deepEqual(queue.recordDelivery(['sms'], 'SM1', report), { leadId: id, channel: 'sms' });
    const late = { state: 'delivered', errorCode: null, at: '2026-01-01T10:00:10.000Z' };
    assert.equal(queue.recordDelivery(['sms'], 'SM1', late), undefined, 'a final state stays');
    assert.equal(queue.recordDelivery(['sms'], 'SM1', report), undefined, 'a repeat is not recorded twice');
    assert.deepEqual(queue.deliveryOf(id, 'sms'), { state: 'undelivered', errorCode: '30034' });
    assert.equal((alert(db, id, 'sms') as { delivery_at: string }).delivery_at, '2026-01-01T10:00:09.000Z');
    assert.equal(queue.deliveryOf(id, 'email'), undefined);
  });

  it('starts the run of attempts again when a failed alert is requeued', () => {
    const { db, queue } = connect();
    const id = addLead(db);
    enqueue(queue, id, { pending: ['sms'], skipped: [] }, T0);
    queue.claim(id, 'sms', T0, '2026-01-01T10:00:30.000Z');
    queue.recordFailure(id, 'sms', 'down', null);
    assert.equal(queue.firstAttemptAt(id, 'sms'), T0);
    queue.requeueFailed('2026-01-02T08:00:00.000Z');
    queue.claim(id, 'sms', '2026-01-02T08:00:00.000Z', '2026-01-02T08:00:30.000Z');
    assert.equal(queue.firstAttemptAt(id, 'sms'), '2026-01-02T08:00:00.000Z');
  });

  it("deletes a lead's alerts with the lead", () => {
    const { db, queue } = connect();
    const id = addLead(db);
    enqueue(queue, id, both, T0);
    db.prepare('DELETE FROM leads WHERE id = ?').run(id);
    assert.deepEqual(allAlerts(db), []);
  });
});
