/**
 * The leads table: a lead is stored as given and read back by id, by recency,
 * by time and by ids; duplicates are found only inside the window (the first
 * one wins); ping answers while the database is open and throws once closed.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createLeadsTable, type LeadsTable, type NewLead } from '../../src/leads/leadsTable';
import { openDatabase, type Db } from '../../src/storage/database';
import { newLeadRow } from '../support/newLeadRow';
import { tempDir as testTempDir } from '../support/tempDirs';

const lead = (over: Partial<NewLead> = {}): NewLead => newLeadRow({ userAgent: 'test', ipHash: 'h', ...over });

describe('leads table', () => {
  let db: Db;
  let leads: LeadsTable;
  before(() => {
    db = openDatabase(join(testTempDir(), 'leads.db'));
    leads = createLeadsTable(db);
  });
  after(() => db.close());

  it('stores a lead as given and reads it back', () => {
    const id = leads.insert(lead({ userAgent: null, ipHash: null, language: 'pt-BR' }));
    assert.equal(id, 1);
    assert.deepEqual(leads.get(id), {
      id: 1,
      created_at: '2026-01-01T10:00:00.000Z',
      name: 'Ada',
      company: 'Engines',
      email: 'ada@example.com',
      email_key: 'ada@example.com',
      user_agent: null,
      ip_hash: null,
      dedupe_key: 'key-1',
      verdict: 'verified',
      verdict_reasons: '',
      status: 'new',
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      referrer: 'direct',
      language: 'pt-BR',
    });
    assert.deepEqual(db.prepare('SELECT name, user_agent FROM leads WHERE id = 1').get(), {
      name: 'Ada',
      user_agent: null,
    });
    assert.equal(leads.get(999), undefined);
  });

  it('finds a duplicate only within the window', () => {
    const id = leads.insert(lead({ dedupeKey: 'dup', createdAt: '2026-01-01T11:00:00.000Z' }));
    leads.insert(lead({ dedupeKey: 'dup', createdAt: '2026-01-01T11:00:10.000Z' }));
    assert.equal(leads.findDuplicate('dup', '2026-01-01T11:00:00.000Z'), id, 'the first one wins');
    assert.equal(leads.findDuplicate('dup', '2026-01-01T11:00:10.001Z'), undefined);
    assert.equal(leads.findDuplicate('other', '2020-01-01T00:00:00.000Z'), undefined);
  });

  it('lists the most recent leads newest first, leads since a time oldest first, and leads by id', () => {
    // Leads 1-3 from the tests above: created 10:00:00, 11:00:00, 11:00:10.
    const id = leads.insert(lead({ name: 'Grace', dedupeKey: 'key-4', createdAt: '2026-01-01T12:00:00.000Z' }));
    assert.equal(id, 4);
    assert.deepEqual(
      leads.recent(2).map((l) => l.id),
      [4, 3],
    );
    assert.deepEqual(
      leads.since('2026-01-01T11:00:10.000Z').map((l) => l.id),
      [3, 4],
    );
    assert.deepEqual(leads.since('2026-01-01T12:00:00.001Z'), []);
    assert.deepEqual(
      leads.byIds([4, 1, 77]).map((l) => [l.id, l.name]),
      [
        [1, 'Ada'],
        [4, 'Grace'],
      ],
    );
    assert.deepEqual(leads.byIds([]), []);
  });

  it('answers ping while open and throws once closed', () => {
    const other = openDatabase(join(testTempDir(), 'leads.db'));
    const table = createLeadsTable(other);
    table.ping();
    other.close();
    assert.throws(() => table.ping(), /not open/);
  });
});
