/**
 * Every stored lead is graded, through the real app, the fake Twilio and the
 * SMTP sink: a lead with a solved proof of work (fetched and solved as any
 * ALTCHA client does) is verified and texted; one without a valid proof, or
 * sent faster than a person fills the form, is unverified and only e-mailed
 * with [unverified] in the subject; a honeypot hit, a replayed challenge, a
 * link or tag in the name or company and the fourth lead of one address in a
 * day are spam, kept with their reason, and send nothing. Whatever the
 * verdict, the visitor gets a stored lead's answer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchChallenge, solve, solvedProof } from '../support/altchaSolver';
import { leadSitesPerTest, postForm, type LeadSite } from '../support/leadSite';
import { FORM_TEXT } from '../support/visitorText';
import { sleep, waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
/** Grading on, with challenges cheap to solve in a test. */
const GRADED = { LEAD_VERIFICATION: 'proof', LEAD_CHALLENGE_DIFFICULTY: '200' };
const NO_SMS = { success: true, notificationResult: false };

/** A site whose clock the test moves (the challenge's issue time and the lead's arrival both read it). */
async function gradedSite(env: Record<string, string> = {}): Promise<LeadSite & { advance(ms: number): void }> {
  let offset = 0;
  const s = await site({ env: { ...GRADED, ...env }, now: () => Date.now() + offset });
  return Object.assign(s, { advance: (ms: number) => void (offset += ms) });
}

const person = (n: number) => ({ name: `Grace Hopper ${n}`, company: 'Navy', email: `grace${n}@example.com` });
const graded = (s: LeadSite) => s.rows().map((r) => [r.name, r.verdict, r.verdict_reasons]);

describe('verified', () => {
  it('a solved challenge, sent after the minimum fill time: SMS and e-mail, notificationResult true', async () => {
    const s = await gradedSite();
    const altcha = await solvedProof(s.url);
    s.advance(5_000); // the visitor took five seconds over the form
    const res = await s.post({ ...person(1), altcha });
    assert.deepEqual(res.json, { success: true, notificationResult: true });
    assert.deepEqual(graded(s), [['Grace Hopper 1', 'verified', '']]);
    await waitFor(() => s.smtp.messages.length === 1, 4000, 'the e-mail');
    assert.equal(s.twilio.messages.length, 1);
    assert.equal(s.smtp.messages[0]?.subject, 'New lead: Grace Hopper 1 (Navy)');
  });
});

describe('unverified: e-mailed with [unverified], never texted', () => {
  async function assertUnverified(s: LeadSite, reasons: string) {
    assert.deepEqual(graded(s), [['Grace Hopper 1', 'unverified', reasons]]);
    await waitFor(() => s.smtp.messages.length === 1, 4000, 'the e-mail');
    await sleep(200);
    assert.equal(s.smtp.messages[0]?.subject, '[unverified] New lead: Grace Hopper 1 (Navy)');
    assert.match(s.smtp.messages[0]?.text ?? '', /without the form's proof of work/);
    assert.equal(s.twilio.requests, 0, 'no SMS');
    assert.equal(s.rows()[0]?.sms_status, null);
    assert.equal(s.rows()[0]?.email_status, 'sent');
  }

  it('a curl-like JSON post without a proof', async () => {
    const s = await gradedSite();
    assert.deepEqual((await s.post(person(1))).json, NO_SMS);
    await assertUnverified(s, 'no-proof');
  });

  it('a form posted without JavaScript: stored, e-mailed, and the visitor reads the saved page', async () => {
    const s = await gradedSite();
    const res = await postForm(s, person(1));
    assert.equal(res.status, 200);
    assert.ok((await res.text()).replaceAll('&#x27;', "'").includes(FORM_TEXT.savedSmsMayHaveFailed));
    await assertUnverified(s, 'no-proof');
  });

  it('a proof sent sooner than LEAD_MIN_FILL_MS (3 s) after its challenge was issued', async () => {
    const s = await gradedSite();
    const altcha = await solvedProof(s.url);
    s.advance(1_000);
    assert.deepEqual((await s.post({ ...person(1), altcha })).json, NO_SMS);
    await assertUnverified(s, 'too-fast');
  });

  it('an altered proof', async () => {
    const s = await gradedSite();
    const payload = JSON.parse(Buffer.from(await solvedProof(s.url), 'base64').toString()) as {
      solution: { derivedKey: string };
    };
    const key = payload.solution.derivedKey;
    payload.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`; // a key the solver did not find
    s.advance(5_000);
    await s.post({ ...person(1), altcha: Buffer.from(JSON.stringify(payload)).toString('base64') });
    await assertUnverified(s, 'invalid-proof');
  });

  it('a proof that is not even base64 JSON', async () => {
    const s = await gradedSite();
    await s.post({ ...person(1), altcha: 'not a proof' });
    await assertUnverified(s, 'invalid-proof');
  });

  it('a challenge issued more than 10 minutes ago', async () => {
    const s = await gradedSite();
    s.advance(-11 * 60_000); // issued eleven minutes before now
    const challenge = await fetchChallenge(s.url);
    s.advance(11 * 60_000);
    await s.post({ ...person(1), altcha: await solve(challenge) });
    await assertUnverified(s, 'expired-proof');
  });
});

describe('spam: kept with its reason, nothing sent, answered like a lead without SMS', () => {
  async function assertNothingSent(s: LeadSite) {
    await sleep(300);
    assert.equal(s.twilio.requests, 0);
    assert.equal(s.smtp.connections, 0);
  }

  it('a challenge used a second time: the first lead is verified, the second is spam', async () => {
    const s = await gradedSite({ ALERT_TIMEOUT_MS: '2000' });
    const altcha = await solvedProof(s.url);
    s.advance(5_000);
    const answers = await Promise.all([s.post({ ...person(1), altcha }), s.post({ ...person(2), altcha })]);
    assert.deepEqual(answers.map((a) => a.json.notificationResult).sort(), [false, true]);
    assert.deepEqual(
      s
        .rows()
        .map((r) => [r.verdict, r.verdict_reasons])
        .sort(),
      [
        ['spam', 'replayed-proof'],
        ['verified', ''],
      ],
    );
    await waitFor(() => s.smtp.messages.length === 1, 4000, 'the e-mail of the first');
    await sleep(200);
    assert.equal(s.twilio.messages.length, 1, 'one SMS, for the lead that spent the challenge');
  });

  it('a link or an HTML tag in the name or company; a bare domain is a company name', async () => {
    const s = await gradedSite();
    for (const lead of [
      { ...person(1), name: 'Cheap pills https://pills.example' },
      { ...person(2), company: 'www.casino.example' },
      { ...person(3), name: 'Ada <a href=x>click</a>' },
      { ...person(4), company: 'HTTP://SHOUTING.EXAMPLE' },
    ]) {
      assert.deepEqual((await s.post(lead)).json, NO_SMS);
    }
    assert.deepEqual(
      s.rows().map((r) => [r.verdict, r.verdict_reasons]),
      Array(4).fill(['spam', 'link-or-tag']),
    );
    await assertNothingSent(s);
    await s.post({ ...person(5), company: 'acme.io' });
    assert.deepEqual(s.rows()[4]?.verdict, 'unverified');
  });

  it('the fourth lead of one address within 24 hours (any case), and not the third', async () => {
    const s = await gradedSite();
    for (const [n, email] of [
      [1, 'ada@example.com'],
      [2, 'ADA@example.com'],
      [3, 'Ada@Example.com'],
      [4, 'ada@EXAMPLE.com'],
    ] as const) {
      assert.deepEqual((await s.post({ name: `Ada ${n}`, company: 'Engines', email })).json, NO_SMS);
    }
    assert.deepEqual(
      s.rows().map((r) => r.verdict),
      ['unverified', 'unverified', 'unverified', 'spam'],
    );
    assert.equal(s.rows()[3]?.verdict_reasons, 'address-limit');
    s.advance(24 * 3_600_000 + 1_000);
    await s.post({ name: 'Ada 5', company: 'Engines', email: 'ada@example.com' });
    assert.equal(s.rows()[4]?.verdict, 'unverified', 'a day later the address has its share again');
  });

  it('a filled honeypot, even with a valid proof', async () => {
    const s = await gradedSite();
    const altcha = await solvedProof(s.url);
    s.advance(5_000);
    assert.deepEqual((await s.post({ ...person(1), website: 'https://bots.example', altcha })).json, NO_SMS);
    assert.deepEqual(graded(s), [['Grace Hopper 1', 'spam', 'honeypot']]);
    await assertNothingSent(s);
  });

  it('several reasons at once are all kept', async () => {
    const s = await gradedSite();
    await s.post({ ...person(1), name: 'Visit www.spam.example', website: 'x' });
    assert.equal(s.rows()[0]?.verdict_reasons, 'honeypot,link-or-tag');
  });
});

describe('LEAD_VERIFICATION=off', () => {
  it('texts every lead that is not spam, as before proof of work existed', async () => {
    const s = await gradedSite({ LEAD_VERIFICATION: 'off' });
    assert.deepEqual((await s.post(person(1))).json, { success: true, notificationResult: true });
    await s.post({ ...person(2), name: 'Buy now https://spam.example' });
    assert.deepEqual(graded(s), [
      ['Grace Hopper 1', 'verified', ''],
      ['Buy now https://spam.example', 'spam', 'link-or-tag'],
    ]);
    await sleep(200);
    assert.equal(s.twilio.messages.length, 1);
  });
});
