/**
 * The rules of an alert's life as the store enforces them: new alerts are due
 * at once, an attempt is counted and leased before it starts, a sent or failed
 * alert can never be claimed again, and duplicates are found only inside
 * the window.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type Db } from '../../src/storage/database';
import { createLeadStore, type LeadStore, type NewLead } from '../../src/storage/leadStore';
import { testTempDir } from '../helpers/site';

const lead = (over: Partial<NewLead> = {}): NewLead => ({
  createdAt: '2026-01-01T10:00:00.000Z',
  name: 'Ada',
  company: 'Engines',
  email: 'ada@example.com',
  userAgent: 'test',
  ipHash: 'h',
  dedupeKey: 'key-1',
  smsStatus: 'pending',
  emailStatus: 'pending',
  ...over,
});

describe('lead store', () => {
  let db: Db;
  let store: LeadStore;
  before(() => {
    db = openDatabase(join(testTempDir(), 'leads.db'));
    store = createLeadStore(db);
  });
  after(() => db.close());

  it('stores a lead with pending alerts due at its creation time, skipped ones never due', () => {
    const id = store.insert(lead({ emailStatus: 'skipped' }));
    const row = store.get(id);
    assert.equal(row?.sms_status, 'pending');
    assert.equal(row?.sms_next_attempt_at, '2026-01-01T10:00:00.000Z');
    assert.equal(row?.email_status, 'skipped');
    assert.equal(row?.email_next_attempt_at, null);
    assert.deepEqual(store.due('email', '2030-01-01T00:00:00.000Z', 10).includes(id), false);
    assert.ok(store.due('sms', '2026-01-01T10:00:00.000Z', 10).includes(id));
    assert.deepEqual(store.due('sms', '2026-01-01T09:59:59.999Z', 10).includes(id), false);
  });

  it('counts and leases an attempt, then records success for good', () => {
    const id = store.insert(lead({ dedupeKey: 'key-2' }));
    assert.equal(store.claimAttempt(id, 'sms', '2026-01-01T10:00:30.000Z'), 1);
    assert.equal(store.get(id)?.sms_next_attempt_at, '2026-01-01T10:00:30.000Z');
    store.recordFailure(id, 'sms', 'ECONNREFUSED', '2026-01-01T10:01:00.000Z');
    assert.equal(store.claimAttempt(id, 'sms', '2026-01-01T10:01:30.000Z'), 2);
    store.recordSent(id, 'sms', 'SM123', '2026-01-01T10:01:01.000Z');
    const row = store.get(id);
    assert.equal(row?.sms_status, 'sent');
    assert.equal(row?.sms_attempts, 2);
    assert.equal(row?.sms_provider_message_id, 'SM123');
    assert.equal(row?.sms_last_error, null);
    assert.equal(row?.sms_next_attempt_at, null);
    assert.equal(store.claimAttempt(id, 'sms', '2026-01-01T10:02:00.000Z'), undefined, 'a sent alert is never claimed again');
    store.recordFailure(id, 'sms', 'late failure', '2026-01-01T10:03:00.000Z');
    assert.equal(store.get(id)?.sms_status, 'sent', 'a failure report cannot undo a success');
  });

  it('marks an alert failed after its last attempt', () => {
    const id = store.insert(lead({ dedupeKey: 'key-3' }));
    store.claimAttempt(id, 'email', '2026-01-01T10:00:30.000Z');
    store.recordFailure(id, 'email', 'SMTP 550: rejected', null);
    const row = store.get(id);
    assert.equal(row?.email_status, 'failed');
    assert.equal(row?.email_last_error, 'SMTP 550: rejected');
    assert.equal(store.claimAttempt(id, 'email', '2026-01-01T10:01:00.000Z'), undefined);
  });

  it('reports the earliest pending due time across channels', () => {
    const fresh = createLeadStore(openDatabase(join(testTempDir(), 'leads.db')));
    assert.equal(fresh.nextDueAt(['sms', 'email']), undefined);
    const a = fresh.insert(lead({ createdAt: '2026-01-01T12:00:00.000Z' }));
    fresh.claimAttempt(a, 'sms', '2026-01-01T12:05:00.000Z');
    assert.equal(fresh.nextDueAt(['sms']), '2026-01-01T12:05:00.000Z');
    assert.equal(fresh.nextDueAt(['sms', 'email']), '2026-01-01T12:00:00.000Z');
  });

  it('finds a duplicate only within the window', () => {
    const id = store.insert(lead({ dedupeKey: 'dup', createdAt: '2026-01-01T11:00:00.000Z' }));
    store.insert(lead({ dedupeKey: 'dup', createdAt: '2026-01-01T11:00:10.000Z' }));
    assert.equal(store.findDuplicate('dup', '2026-01-01T11:00:00.000Z')?.id, id, 'the first one wins');
    assert.equal(store.findDuplicate('dup', '2026-01-01T11:00:10.001Z'), undefined);
    assert.equal(store.findDuplicate('other', '2020-01-01T00:00:00.000Z'), undefined);
  });

  it('answers ping while open and throws once closed', () => {
    const other = openDatabase(join(testTempDir(), 'leads.db'));
    const s = createLeadStore(other);
    s.ping();
    other.close();
    assert.throws(() => s.ping());
  });
});
