/**
 * Database faults while the site runs (the real application on 127.0.0.1
 * with a real SQLite file and the alert fakes): files made read-only, the
 * write lock held by another process past the busy timeout, the database
 * full. During each, a lead gets a clear 500 JSON error and nothing is stored
 * half-way, pages keep loading; when the fault is gone the site recovers by
 * itself (no restart): new leads are stored and every accepted lead's alerts
 * are delivered exactly once.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fillDisk, holdWriteLock, setReadOnly } from '../support/dbFaults';
import { postLead } from '../support/leadClient';
import { leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { SERVER_ERRORS } from '../support/visitorText';
import { waitFor } from '../support/waitFor';

/** How long the server waits for another connection's write lock before it gives up (its documented busy timeout). */
const BUSY_TIMEOUT_MS = 2_000;

const leadSite = leadSitesPerTest();
let n = 0;
const figures = { faults: 0, refusedDuringFault: 0, accepted: 0 };

after(() => {
  console.log(
    `[db-faults] faults injected ${figures.faults}; leads refused with 500 during faults ${figures.refusedDuringFault}; leads accepted ${figures.accepted}; lost 0 (each test fails otherwise)`,
  );
});

const lead = (tag: string) => ({
  name: `Fault ${tag} ${(n += 1)}`,
  company: 'Acme',
  email: `fault-${tag}-${n}@example.com`,
});

async function accept(s: LeadSite, tag: string): Promise<string> {
  const l = lead(tag);
  const res = await postLead(s.url, l);
  assert.equal(res.status, 200, `accepted: ${res.text}`);
  figures.accepted += 1;
  return l.email;
}

async function refusedClearly(s: LeadSite, tag: string): Promise<void> {
  const res = await postLead(s.url, lead(tag));
  assert.equal(res.status, 500, res.text);
  assert.deepEqual(res.json, { success: false, error: SERVER_ERRORS.storeFailed });
  figures.refusedDuringFault += 1;
}

async function pageLoads(s: LeadSite, withinMs: number): Promise<void> {
  const started = Date.now();
  const res = await fetch(`${s.url}/`);
  await res.arrayBuffer();
  const took = Date.now() - started;
  assert.equal(res.status, 200, 'the page still loads');
  assert.ok(took < withinMs, `the page answered in ${took} ms`);
}

/** Every stored lead is one that was accepted, stored once, with each alert delivered once. */
async function assertRecovered(s: LeadSite, accepted: string[]): Promise<void> {
  const undelivered = () => s.rows().filter((r) => r.sms_status !== 'sent' || r.email_status !== 'sent');
  await waitFor(() => undelivered().length === 0, 20_000, 'alerts after the fault').catch((err: Error) => {
    const stuck = undelivered().map((r) => ({
      email: r.email,
      sms: [r.sms_status, r.sms_attempts, r.sms_last_error, r.sms_next_attempt_at],
      email_: [r.email_status, r.email_attempts, r.email_last_error, r.email_next_attempt_at],
    }));
    throw new Error(`${err.message}; undelivered: ${JSON.stringify(stuck)}`);
  });
  await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(
    s
      .rows()
      .map((r) => r.email)
      .sort(),
    [...accepted].sort(),
    'exactly the accepted leads, once each',
  );
  for (const email of accepted) {
    assert.equal(s.twilio.messages.filter((m) => m.body.includes(`\n${email}\n`)).length, 1, `one SMS for ${email}`);
    assert.equal(
      s.smtp.messages.filter((m) => m.text?.includes(`Email: ${email}\n`)).length,
      1,
      `one e-mail for ${email}`,
    );
  }
  assert.equal(s.services.db.pragma('integrity_check', { simple: true }), 'ok');
}

describe('database faults', () => {
  it('read-only files: 500 JSON, pages load, recovers when writable again', async () => {
    const s = await leadSite();
    const accepted = [await accept(s, 'ro')];
    // An SMS under way when the fault starts: the provider accepts it while the database cannot record that.
    await s.twilio.setMode('hang');
    accepted.push(await accept(s, 'ro-inflight'));
    const staged = setReadOnly(s.databasePath, s.services.db, true);
    console.log(`[db-faults] read-only fault staged with ${staged}`);
    figures.faults += 1;
    try {
      await s.twilio.setMode('up');
      await refusedClearly(s, 'ro');
      await refusedClearly(s, 'ro');
      await pageLoads(s, 4_000);
    } finally {
      setReadOnly(s.databasePath, s.services.db, false);
    }
    accepted.push(await accept(s, 'ro-after'));
    await assertRecovered(s, accepted);
  });

  it(`a write lock held by another process past the ${BUSY_TIMEOUT_MS} ms busy timeout: 500 JSON, then recovers`, {
    timeout: 60_000,
  }, async () => {
    const s = await leadSite();
    const accepted = [await accept(s, 'lock')];
    // Its alerts recorded first: a busy wait blocks the whole event loop (better-sqlite3 is
    // synchronous), which would make an alert still under way time out and go out twice.
    await waitFor(
      () => s.rows().every((r) => r.sms_status === 'sent' && r.email_status === 'sent'),
      10_000,
      'the first alerts',
    );
    const holder = holdWriteLock(s.databasePath, BUSY_TIMEOUT_MS + 2_500);
    await holder.locked;
    figures.faults += 1;
    const started = Date.now();
    await refusedClearly(s, 'lock');
    const waited = Date.now() - started;
    // Upper bound leaves room for a busy 2-core machine running other suites.
    assert.ok(
      waited >= BUSY_TIMEOUT_MS - 200 && waited < BUSY_TIMEOUT_MS + 4_000,
      `refused after the busy timeout (${waited} ms)`,
    );
    await pageLoads(s, 4_000);
    await holder.released;
    accepted.push(await accept(s, 'lock-after'));
    await assertRecovered(s, accepted);
  });

  it('a full database: 500 JSON for the lead that does not fit, then recovers when space is back', async () => {
    const s = await leadSite();
    const accepted = [await accept(s, 'full')];
    fillDisk(s.services.db, true);
    figures.faults += 1;
    let refused = 0;
    // The current page still has room for a few rows; keep going until one does not fit.
    for (let i = 0; i < 500 && refused === 0; i += 1) {
      const l = lead('full');
      const res = await postLead(s.url, l);
      if (res.status === 200) {
        accepted.push(l.email);
        figures.accepted += 1;
        continue;
      }
      assert.equal(res.status, 500, res.text);
      assert.deepEqual(res.json, { success: false, error: SERVER_ERRORS.storeFailed });
      refused += 1;
    }
    assert.equal(refused, 1, 'the database filled up within 500 leads');
    figures.refusedDuringFault += refused;
    await pageLoads(s, 4_000);
    fillDisk(s.services.db, false);
    accepted.push(await accept(s, 'full-after'));
    await assertRecovered(s, accepted);
  });
});
