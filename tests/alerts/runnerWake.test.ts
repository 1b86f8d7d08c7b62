/**
 * The runner hears of queued alerts from the queue itself: an alert queued in a transaction (by the
 * lead service, a release, a requeue, an SMS's fallback) is attempted once the transaction is over,
 * with nobody calling the runner; one rolled back is not sent. Each attempt gets an AbortSignal that
 * aborts at its deadline, where the attempt counts as failed whatever the sender does. A real queue
 * on a SQLite file, a sender of the test's own.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import pino from 'pino';
import { createAlertQueue } from '../../src/alerts/alertQueue';
import type { AlertSender } from '../../src/alerts/alertSender';
import { createRunner } from '../../src/alerts/runner';
import { createLeadsTable } from '../../src/leads/leadsTable';
import { openDatabase } from '../../src/storage/database';
import { newLeadRow } from '../support/newLeadRow';
import { testTempDir } from '../support/site';
import { sleep, waitFor } from '../support/waitFor';

function rig(sender: AlertSender, options: { attemptQueued?: boolean; deadlineMs?: number } = {}) {
  const db = openDatabase(join(testTempDir(), 'leads.db'));
  const queue = createAlertQueue(db);
  const leads = createLeadsTable(db);
  const runner = createRunner({
    queue,
    channels: [{ name: 'pager', maxInFlight: 4 }],
    senders: new Map([['pager', sender]]),
    readLead: (id) => ({
      id,
      createdAt: '2026-01-01T00:00:00.000Z',
      name: 'Ada',
      company: 'E',
      email: 'a@e.x',
      verdict: 'verified',
      source: 'direct',
    }),
    logger: pino({ level: 'silent' }),
    deadlineMs: options.deadlineMs ?? 1_000,
    retryBaseMs: 60_000,
    maxAttempts: 3,
    attemptQueued: options.attemptQueued,
  });
  const queueLead = db.transaction((fail = false) => {
    const id = leads.insert(newLeadRow({ dedupeKey: `k${Math.random()}` }));
    queue.enqueue(id, [{ channel: 'pager', status: 'pending', at: new Date().toISOString() }]);
    if (fail) throw new Error('rolled back');
    return id;
  });
  const status = (id: number) => queue.ofLeads([id])[0]?.status;
  return { db, queue, runner, queueLead, status };
}

describe('the queue and the runner', () => {
  it('attempts an alert once the transaction that queued it is over, with nobody calling the runner', async () => {
    const sent: number[] = [];
    const r = rig({
      send: async (lead) => {
        sent.push(lead.id);
        return { providerMessageId: `m${lead.id}` };
      },
    });
    const id = r.queueLead();
    assert.deepEqual(sent, [], 'not inside the transaction');
    await waitFor(() => r.status(id) === 'sent', 2_000, 'the alert sent');
    assert.deepEqual(sent, [id]);
    assert.throws(() => r.queueLead(true), /rolled back/);
    await sleep(100);
    assert.deepEqual(sent, [id], 'nothing for a transaction rolled back');
    await r.runner.stop(100);
    r.db.close();
  });

  it('leaves queued alerts to a command that runs the runner, in a process that sends only when asked', async () => {
    let calls = 0;
    const send = async () => {
      calls += 1;
      return { providerMessageId: 'm' };
    };
    const r = rig({ send }, { attemptQueued: false });
    const id = r.queueLead();
    await sleep(150);
    assert.equal(calls, 0);
    assert.equal(r.status(id), 'pending');
    await r.runner.runUntilEmpty();
    assert.equal(r.status(id), 'sent');
    r.db.close();
  });

  it('gives each attempt a signal that aborts at its deadline, and fails the attempt then', async () => {
    let aborted = false;
    const sender: AlertSender = {
      send: (_lead, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            // A sender that stops on the signal; one that does not is failed all the same.
            setTimeout(() => resolve({ providerMessageId: 'too late' }), 50);
          });
        }),
    };
    const r = rig(sender, { deadlineMs: 200 });
    const started = Date.now();
    const id = r.queueLead();
    await waitFor(() => r.queue.ofLeads([id])[0]?.last_error !== null, 2_000, 'the failure');
    const took = Date.now() - started;
    assert.ok(took >= 180 && took < 1_000, `failed at the deadline (${took} ms)`);
    assert.equal(aborted, true, 'the sender was told');
    assert.match(r.queue.ofLeads([id])[0]?.last_error ?? '', /ETIMEDOUT: no answer within 0\.2 s/);
    await waitFor(() => r.status(id) === 'sent', 2_000, 'its late acceptance recorded');
    await r.runner.stop(100);
    r.db.close();
  });
});
