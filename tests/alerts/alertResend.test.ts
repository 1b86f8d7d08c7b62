/**
 * An alert wanted again (a booking's invite after a move or a cancel): a new or finished alert is pending at once
 * with a fresh set of attempts; one whose attempt is under way goes again once that attempt ends, sent or failed,
 * so what the alert says now is always sent after what it said before. Rows are read back with this file's SQL.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { createAlertQueue } from '../../src/alerts/alertQueue';
import { createLeadsTable } from '../../src/leads/leadsTable';
import { openDatabase, type Db } from '../../src/storage/database';
import { newLeadRow } from '../support/newLeadRow';
import { tempDir } from '../support/tempDirs';

let db: Db;
afterEach(() => db.close());

const T0 = '2026-01-01T10:00:00.000Z';
const T1 = '2026-01-01T10:00:05.000Z';
const T2 = '2026-01-01T10:00:09.000Z';
const LEASE = '2026-01-01T10:01:00.000Z';

function setUp() {
  db = openDatabase(join(tempDir(), 'leads.db'));
  const queue = createAlertQueue(db);
  const woken: string[] = [];
  queue.onQueued((alerts) => woken.push(...alerts.map((a) => `${a.leadId}:${a.channel}`)));
  const lead = createLeadsTable(db).insert(newLeadRow({ createdAt: T0, dedupeKey: 'k' }));
  const row = (channel = 'invite') =>
    db
      .prepare(
        'SELECT status, attempts, next_attempt_at, lease_until, again FROM alerts WHERE lead_id = ? AND channel = ?',
      )
      .get(lead, channel);
  return { queue, lead, row, woken };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('an alert wanted again', () => {
  it('is added as pending, due at once, and the runner is told', async () => {
    const { queue, lead, row, woken } = setUp();
    queue.resend(lead, ['invite'], T0);
    await tick();
    assert.deepEqual(row(), { status: 'pending', attempts: 0, next_attempt_at: T0, lease_until: null, again: 0 });
    assert.deepEqual(woken, [`${lead}:invite`]);
  });

  it('is pending again with a fresh set of attempts once it was sent or failed', () => {
    const { queue, lead, row } = setUp();
    queue.resend(lead, ['invite', 'other'], T0);
    queue.claim(lead, 'invite', T0, LEASE);
    queue.recordSent(lead, 'invite', 'm-1', T1);
    queue.claim(lead, 'other', T0, LEASE);
    queue.recordFailure(lead, 'other', 'down', null);
    assert.equal((row('other') as { status: string }).status, 'failed');
    queue.resend(lead, ['invite', 'other'], T2);
    for (const channel of ['invite', 'other'])
      assert.deepEqual(row(channel), {
        status: 'pending',
        attempts: 0,
        next_attempt_at: T2,
        lease_until: null,
        again: 0,
      });
  });

  it('while an attempt is under way, goes again after it is sent, never counted as sent', async () => {
    const { queue, lead, row, woken } = setUp();
    queue.resend(lead, ['invite'], T0);
    assert.equal(queue.claim(lead, 'invite', T0, LEASE), 1);
    queue.resend(lead, ['invite'], T1);
    assert.deepEqual(row(), { status: 'pending', attempts: 1, next_attempt_at: T1, lease_until: LEASE, again: 1 });
    assert.equal(queue.claim(lead, 'invite', T1, LEASE), undefined, 'not claimed beside the attempt under way');
    await tick();
    woken.length = 0;
    queue.recordSent(lead, 'invite', 'm-1', T2);
    await tick();
    assert.deepEqual(row(), { status: 'pending', attempts: 0, next_attempt_at: T1, lease_until: null, again: 0 });
    assert.deepEqual(woken, [`${lead}:invite`], 'the runner is told it is due');
    assert.equal(queue.claim(lead, 'invite', T2, LEASE), 1);
    queue.recordSent(lead, 'invite', 'm-2', T2);
    assert.equal((row() as { status: string }).status, 'sent');
  });

  it('while an attempt is under way, goes again after its last attempt failed, instead of failing', () => {
    const { queue, lead, row } = setUp();
    queue.resend(lead, ['invite'], T0);
    queue.claim(lead, 'invite', T0, LEASE);
    queue.resend(lead, ['invite'], T1);
    queue.recordFailure(lead, 'invite', 'refused', null);
    assert.deepEqual(row(), { status: 'pending', attempts: 0, next_attempt_at: T1, lease_until: null, again: 0 });
  });

  it("takes a late acceptance (a sender past its failed attempt's deadline) for sent only if not queued again since", () => {
    const { queue, lead, row } = setUp();
    queue.resend(lead, ['invite', 'other', 'third'], T0);
    for (const channel of ['invite', 'other', 'third']) {
      queue.claim(lead, channel, T0, LEASE);
      queue.recordFailure(lead, channel, 'ETIMEDOUT: no answer within 1.5 s', T1);
    }
    // Not queued again: what it accepted is what the alert says, so it is sent.
    assert.equal(queue.recordSent(lead, 'other', 'm-late', T1, true), true);
    assert.equal((row('other') as { status: string }).status, 'sent');
    // Queued again (a booking cancelled meanwhile): the late acceptance carried the old version; the new one is owed.
    queue.resend(lead, ['invite'], T1);
    assert.equal(queue.recordSent(lead, 'invite', 'm-late', T2, true), false);
    assert.deepEqual(row(), { status: 'pending', attempts: 0, next_attempt_at: T1, lease_until: null, again: 0 });
    // Queued again and claimed by another attempt (another process): that attempt records what it sends.
    queue.resend(lead, ['third'], T1);
    queue.claim(lead, 'third', T1, LEASE);
    assert.equal(queue.recordSent(lead, 'third', 'm-late', T2, true), false);
    assert.deepEqual(row('third'), {
      status: 'pending',
      attempts: 1,
      next_attempt_at: T1,
      lease_until: LEASE,
      again: 0,
    });
  });
});
