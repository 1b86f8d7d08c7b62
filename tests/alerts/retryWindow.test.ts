/**
 * How long a failing alert is tried: the most attempts (10 unless a test says less) for most channels;
 * at least a day for a channel that says so (the owner's webhook, whose
 * endpoint may be down for a night); never again after a failure its sender
 * calls permanent (410 Gone); and not before the time a provider asked for
 * (Telegram's retry_after). The real queue on a SQLite file, a clock of the
 * test's own, a sender that fails as told.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import pino from 'pino';
import { createAlertQueue } from '../../src/alerts/alertQueue';
import { type AlertSender, permanentFailure, retryLater } from '../../src/alerts/alertSender';
import { createRunner } from '../../src/alerts/runner';
import { createLeadsTable } from '../../src/leads/leadsTable';
import { openDatabase } from '../../src/storage/database';
import { newLeadRow } from '../support/newLeadRow';
import { testTempDir } from '../support/site';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-01-01T10:00:00.000Z');

function rig(fail: () => Error, retryForMs?: number) {
  const db = openDatabase(join(testTempDir(), 'leads.db'));
  const queue = createAlertQueue(db);
  const leadId = createLeadsTable(db).insert(newLeadRow());
  queue.enqueue(leadId, [{ channel: 'hook', status: 'pending', at: new Date(T0).toISOString() }]);
  let clock = T0;
  let calls = 0;
  const sender: AlertSender = {
    send: async () => {
      calls++;
      throw fail();
    },
  };
  const runner = createRunner({
    queue,
    channels: [{ name: 'hook', maxInFlight: 1, ...(retryForMs === undefined ? {} : { retryForMs }) }],
    senders: new Map([['hook', sender]]),
    readLead: () => ({
      id: leadId,
      createdAt: '2026-01-01T10:00:00.000Z',
      name: 'Ada',
      company: 'E',
      email: 'a@e.x',
      verdict: 'verified',
      source: 'direct',
    }),
    logger: pino({ level: 'silent' }),
    now: () => clock,
    deadlineMs: 1000,
    retryBaseMs: 60_000,
    maxAttempts: 3,
  });
  const row = () => queue.ofLeads([leadId])[0];
  /** Moves the clock to the alert's next attempt and makes it. */
  async function next() {
    const due = row()?.next_attempt_at;
    if (due) clock = Math.max(clock, Date.parse(due));
    await runner.outcome(leadId, 'hook');
  }
  return { row, next, calls: () => calls, at: () => clock, close: () => db.close() };
}

describe('the retries of a failing alert', () => {
  it('end after the most attempts on a channel without a retry window', async () => {
    const r = rig(() => new Error('down'));
    for (let i = 0; i < 3; i++) await r.next();
    assert.equal(r.row()?.status, 'failed');
    assert.equal(r.calls(), 3);
    r.close();
  });

  it("go on past the last attempt until the channel's window (a day) has passed since the first", async () => {
    const r = rig(() => new Error('down'), 24 * HOUR);
    while (r.row()?.status === 'pending' && r.calls() < 50) await r.next();
    assert.equal(r.row()?.status, 'failed');
    const lastAttempt = r.at();
    assert.ok(lastAttempt - T0 >= 24 * HOUR, `gave up ${(lastAttempt - T0) / HOUR} h after the first attempt`);
    assert.ok(lastAttempt - T0 < 31 * HOUR, 'and not much later (backoff of at most six hours)');
    assert.ok(r.calls() > 3, `${r.calls()} attempts`);
    r.close();
  });

  it('end at once after a permanent failure, even inside the window', async () => {
    const r = rig(() => permanentFailure('the endpoint answered 410 Gone', 'HTTP 410'), 24 * HOUR);
    await r.next();
    assert.equal(r.row()?.status, 'failed');
    assert.equal(r.row()?.last_error, 'HTTP 410: the endpoint answered 410 Gone');
    assert.equal(r.calls(), 1);
    r.close();
  });

  it("wait at least as long as the provider's retry-after, when it is longer than the backoff", async () => {
    const r = rig(() => retryLater('Too Many Requests', 5 * 60_000));
    await r.next();
    assert.equal(r.row()?.next_attempt_at, new Date(T0 + 5 * 60_000).toISOString());
    r.close();
  });
});
