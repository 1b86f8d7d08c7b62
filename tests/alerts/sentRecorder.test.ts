/**
 * The acceptances of one turn are recorded in one batch; when the batch
 * cannot commit, each is written alone, so one bad row fails only its own
 * alert (the worker then keeps it as sent-but-unrecorded, never resending it).
 * The real queue on a SQLite file; one row made to fail by a trigger.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createAlertQueue } from '../../src/alerts/alertQueue';
import { createSentRecorder } from '../../src/alerts/sentRecorder';
import { createLeadsTable } from '../../src/leads/leadsTable';
import { openDatabase } from '../../src/storage/database';
import { newLeadRow } from '../support/newLeadRow';
import { testTempDir } from '../support/site';

const T0 = '2026-01-01T10:00:00.000Z';

function setUp() {
  const db = openDatabase(join(testTempDir(), 'leads.db'));
  const queue = createAlertQueue(db);
  const lead = createLeadsTable(db).insert(newLeadRow());
  const channels = ['a', 'b', 'c'];
  queue.enqueue(
    lead,
    channels.map((channel) => ({ channel, status: 'pending' as const, at: T0 })),
  );
  for (const channel of channels) queue.claim(lead, channel, T0, '2026-01-01T10:01:00.000Z');
  let commits = 0;
  const counting = {
    ...queue,
    batch<T>(writes: () => T): T {
      commits += 1;
      return queue.batch(writes);
    },
  };
  return { db, queue, lead, recorder: createSentRecorder(counting), commits: () => commits };
}

describe('the record of accepted alerts', () => {
  it('writes the acceptances of one turn in one batch', async () => {
    const { queue, lead, recorder, commits, db } = setUp();
    await Promise.all(['a', 'b', 'c'].map((ch) => recorder.record(lead, ch, `id-${ch}`, T0)));
    assert.equal(commits(), 1);
    assert.deepEqual(
      queue.ofLeads([lead]).map((r) => [r.channel, r.status, r.provider_message_id]),
      [
        ['a', 'sent', 'id-a'],
        ['b', 'sent', 'id-b'],
        ['c', 'sent', 'id-c'],
      ],
    );
    db.close();
  });

  it('when the batch fails, writes each alone: only the bad one is refused', async () => {
    const { queue, lead, recorder, db } = setUp();
    db.exec(`CREATE TRIGGER refuse_b BEFORE UPDATE OF status ON alerts WHEN NEW.channel = 'b' AND NEW.status = 'sent'
             BEGIN SELECT RAISE(ABORT, 'disk says no'); END`);
    const outcomes = await Promise.allSettled(['a', 'b', 'c'].map((ch) => recorder.record(lead, ch, `id-${ch}`, T0)));
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.deepEqual(
      queue.ofLeads([lead]).map((r) => [r.channel, r.status]),
      [
        ['a', 'sent'],
        ['b', 'pending'],
        ['c', 'sent'],
      ],
    );
    db.close();
  });
});
