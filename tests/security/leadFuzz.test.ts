/**
 * Property-based proof that no request can hurt the lead endpoint: fast-check
 * sends at least 10,000 generated requests (see requestArbitraries.ts) to the
 * real application listening on 127.0.0.1 with a real SQLite file, one at a
 * time so every answer can be matched with the rows it added. For each:
 * never a 5xx, a clear JSON error for every refusal, at most one row, a row
 * only for a valid lead (a honeypot hit is kept as spam), and the row holds
 * exactly what was sent, trimmed. Afterwards the process is healthy
 * (prototype pollution has its own test in injection.test.ts). HOSTILE_RUNS
 * and HOSTILE_SEED replay or extend a run.
 */
import assert from 'node:assert/strict';
import { Agent } from 'node:http';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { startLeadSite, type LeadSite } from '../support/leadSite';
import { postRaw } from '../support/leadClient';
import { duplicateKey, expectationFor } from './leadOracle';
import { hostileRequest, type HostileRequest } from './requestArbitraries';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 10_000);
// Chosen here, not by fast-check, so that every run prints the seed that replays it.
const SEED = process.env.HOSTILE_SEED === undefined ? (Math.random() * 2 ** 31) | 0 : Number(process.env.HOSTILE_SEED);
const TEST_FILE = 'tests/security/leadFuzz.test.ts';
const ALLOWED = new Set([200, 400, 413, 415]);
const SCRIPT_IN_PAGE = /<script>alert|<img src=x onerror/;

let site: LeadSite;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const stats = {
  sent: 0,
  stored: 0,
  honeypot: 0,
  duplicates: 0,
  byStatus: {} as Record<number, number>,
  byVerdict: {} as Record<string, number>,
  byKind: {} as Record<string, number>,
};
const storedKeys = new Set<string>();

before(async () => {
  site = await startLeadSite({ sms: false, email: false, env: { LEAD_RATE_LIMIT: '1000000' } });
});

after(async () => {
  agent.destroy();
  await site?.close();
});

function rowCount(): number {
  return (site.services.db.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n;
}

function lastRow(): { name: string; company: string; email: string; verdict: string; verdict_reasons: string } {
  return site.services.db
    .prepare('SELECT name, company, email, verdict, verdict_reasons FROM leads ORDER BY id DESC LIMIT 1')
    .get() as ReturnType<typeof lastRow>;
}

async function check(req: HostileRequest): Promise<void> {
  const expected = expectationFor(req);
  const before = rowCount();
  const reply = await postRaw(site.url, req.body, { contentType: req.contentType, headers: req.headers, agent });
  const added = rowCount() - before;
  stats.sent += 1;
  stats.byStatus[reply.status] = (stats.byStatus[reply.status] ?? 0) + 1;
  stats.byVerdict[expected.verdict] = (stats.byVerdict[expected.verdict] ?? 0) + 1;
  stats.byKind[req.kind] = (stats.byKind[req.kind] ?? 0) + 1;

  assert.ok(ALLOWED.has(reply.status), `status ${reply.status}: ${reply.text.slice(0, 300)}`);
  if (reply.json) {
    assert.equal(reply.json.success, reply.status === 200, 'success is true exactly on 200');
    if (reply.status !== 200) {
      const error = reply.json.error;
      assert.ok(
        typeof error === 'string' && error.length >= 10 && error.length <= 300,
        `a clear error sentence: ${String(error)}`,
      );
    }
  } else {
    assert.match(String(reply.headers['content-type']), /text\/html/, 'a non-JSON answer is the result page');
    assert.doesNotMatch(reply.text, SCRIPT_IN_PAGE, 'typed markup is escaped on the result page');
  }
  assert.ok(added === 0 || added === 1, `one request adds at most one row (added ${added})`);

  if (expected.verdict === 'invalid') {
    assert.equal(added, 0, 'nothing stored for an invalid request');
    assert.ok(reply.status >= 400, `an invalid request is refused (got ${reply.status})`);
    return;
  }
  if (expected.verdict === 'valid')
    assert.equal(reply.status, 200, `a valid lead is accepted: ${reply.text.slice(0, 200)}`);
  if (reply.status !== 200) return assert.equal(added, 0);
  if (expected.honeypot) stats.honeypot += 1;
  const lead = expected.lead!;
  const key = duplicateKey(lead);
  if (added === 0) {
    assert.ok(storedKeys.has(key), 'an accepted lead is stored unless it repeats one stored within the minute');
    stats.duplicates += 1;
    return;
  }
  stats.stored += 1;
  storedKeys.add(key);
  const { verdict, verdict_reasons, ...row } = lastRow();
  assert.deepEqual(row, lead, 'the row holds what was sent, trimmed');
  if (expected.honeypot)
    assert.ok(verdict === 'spam' && verdict_reasons.split(',').includes('honeypot'), 'a honeypot hit is kept as spam');
  else
    assert.ok(
      verdict === 'verified' || !verdict_reasons.includes('honeypot'),
      `graded ${verdict} (${verdict_reasons})`,
    );
}

describe('the lead endpoint under generated hostile input', () => {
  it(`survives ${RUNS} generated requests and stores only valid leads, exactly as sent`, {
    timeout: Math.max(170_000, RUNS * 30),
  }, async () => {
    const started = Date.now();
    console.log(
      `[hostile-fuzz] replay: HOSTILE_SEED=${SEED} HOSTILE_RUNS=${RUNS} node --import tsx --test ${TEST_FILE}`,
    );
    await fc.assert(fc.asyncProperty(hostileRequest, check), { numRuns: RUNS, seed: SEED, endOnFailure: false });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[hostile-fuzz] requests sent: ${stats.sent} in ${seconds} s; by status ${JSON.stringify(stats.byStatus)}; ` +
        `verdicts ${JSON.stringify(stats.byVerdict)}; kinds ${JSON.stringify(stats.byKind)}; ` +
        `stored ${stats.stored}, rows ${rowCount()}, honeypot hits ${stats.honeypot}, duplicates ${stats.duplicates}, 5xx 0`,
    );
    assert.ok(stats.sent >= RUNS);
    assert.equal(rowCount(), stats.stored, 'every row is accounted for');
    assert.ok(stats.stored > RUNS / 10, 'the generator produced plenty of valid leads');
    assert.ok((stats.byStatus[400] ?? 0) > RUNS / 10, 'and plenty of bad ones');
    // And the process is still healthy after all of them.
    assert.equal((await fetch(`${site.url}/healthz`)).status, 200);
    assert.equal((await fetch(`${site.url}/`)).status, 200);
  });
});
