/**
 * When the database cannot store a lead, the visitor gets 500 with a clear
 * error, nothing is sent, and the server keeps serving (and recovers once the
 * database does). Faults come from outside, through a second connection to the
 * same file, as an operator or a full disk would cause them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { refuseLeadInserts } from '../support/dbFaults';
import { LEAD_PATH, leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { SERVER_ERRORS } from '../support/visitorText';
import { sleep } from '../support/waitFor';

const lead = { name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com' };

const leadSite = leadSitesPerTest();

async function assertStillServing(s: LeadSite): Promise<void> {
  assert.equal((await fetch(`${s.url}/`)).status, 200, 'the home page is still served');
}

describe('database failure', () => {
  it('answers 500 when an insert fails, sends nothing, and recovers', async () => {
    const s = await leadSite();
    const restore = refuseLeadInserts(s.databasePath);
    try {
      const res = await s.post(lead);
      assert.equal(res.status, 500);
      assert.deepEqual(res.json, { success: false, error: SERVER_ERRORS.storeFailed });
      const form = await fetch(`${s.url}${LEAD_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
        body: new URLSearchParams(lead).toString(),
      });
      assert.equal(form.status, 500);
      assert.match(form.headers.get('content-type') ?? '', /^text\/html/);
      await assertStillServing(s);
      assert.equal((await fetch(`${s.url}/healthz`)).status, 200, 'the database itself still answers');
      await sleep(200);
      assert.equal(s.twilio.requests + s.smtp.connections, 0, 'no alert for a lead that was not stored');
    } finally {
      restore();
    }
    const again = await s.post(lead);
    assert.deepEqual(
      again.json,
      { success: true, notificationResult: true },
      'the same submission goes through once the fault is gone',
    );
    assert.equal(s.rows().length, 1);
  });

  it('answers 500 when the table is gone', async () => {
    const s = await leadSite();
    const other = new Database(s.databasePath);
    other.exec('DROP TABLE leads');
    other.close();
    const res = await s.post(lead);
    assert.equal(res.status, 500);
    assert.equal(res.json.success, false);
    assert.equal(res.json.error, SERVER_ERRORS.storeFailed);
    await assertStillServing(s);
  });

  it('answers 500 and /healthz 503 when the connection is closed, and keeps serving pages', async () => {
    const s = await leadSite();
    s.services.db.close();
    const res = await s.post(lead);
    assert.equal(res.status, 500);
    assert.deepEqual(res.json, { success: false, error: SERVER_ERRORS.storeFailed });
    assert.equal((await fetch(`${s.url}/healthz`)).status, 503);
    await assertStillServing(s);
    await sleep(200); // the retry loop must survive a closed database too
    await assertStillServing(s);
  });
});
