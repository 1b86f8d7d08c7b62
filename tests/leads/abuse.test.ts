/**
 * Abuse and repeats, through the real app: a filled honeypot is answered as
 * a success and kept as spam for the owner to review, sending nothing; the same submission twice within a
 * minute (one after the other, or a double click while the first is still
 * running) stores and alerts once; the rate limit answers 429 with a clear
 * error and counts IPv6 clients per /64.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leadSitesPerTest, postForm } from '../support/leadSite';
import { sleep, waitFor } from '../support/waitFor';

const lead = { name: '  Ada "Countess" Lovelace  ', company: 'Engines & "Co"', email: ' Ada@Example.com ' };

const site = leadSitesPerTest();

describe('honeypot', () => {
  it('answers a filled hidden field with the normal success, keeps the lead as spam and sends nothing', async () => {
    const s = await site();
    const res = await s.post({ ...lead, website: 'http://spam.example' });
    assert.equal(res.status, 200);
    // Answered as a stored lead whose SMS did not go out: nothing went out, and the bot learns nothing.
    assert.deepEqual(res.json, { success: true, notificationResult: false });
    const form = await postForm(s, { name: 'Bot', company: 'Bots', email: 'bot@example.com', website: 'x' });
    assert.equal(form.status, 200);
    await sleep(200);
    assert.deepEqual(
      s.rows().map((r) => [r.name, r.verdict, r.verdict_reasons, r.sms_status, r.email_status]),
      [
        ['Ada "Countess" Lovelace', 'spam', 'honeypot', null, null],
        ['Bot', 'spam', 'honeypot', null, null],
      ],
    );
    assert.equal(s.twilio.requests, 0);
    assert.equal(s.smtp.connections, 0);
  });
});

describe('duplicates', () => {
  it('stores and alerts once for the same submission twice within a minute', async () => {
    const s = await site();
    const first = await s.post(lead);
    const second = await s.post({
      name: 'Ada "Countess" Lovelace',
      company: ' Engines & "Co"',
      email: 'ada@example.COM',
    });
    assert.deepEqual(second.json, first.json);
    await waitFor(() => s.smtp.messages.length >= 1, 4000, 'the e-mail');
    await sleep(300);
    assert.equal(s.rows().length, 1);
    assert.equal(s.twilio.messages.length, 1);
    assert.equal(s.smtp.messages.length, 1);
  });

  it('shares the first answer with a double click while the first request is still running', async () => {
    const s = await site();
    await s.twilio.setMode('hang');
    setTimeout(() => void s.twilio.setMode('up'), 150); // Twilio accepts slowly, inside the answer timeout
    const [a, b] = await Promise.all([s.post(lead), s.post(lead)]);
    assert.deepEqual(a.json, { success: true, notificationResult: true });
    assert.deepEqual(b.json, a.json);
    await sleep(300);
    assert.equal(s.rows().length, 1);
    assert.equal(s.twilio.messages.length, 1);
    assert.equal(s.twilio.requests, 1);
  });

  it('answers a duplicate with notificationResult false while the first SMS is still being retried, and sends no second alert', async () => {
    const s = await site();
    await s.twilio.setMode('fail500');
    const first = await s.post(lead);
    assert.deepEqual(first.json, { success: true, notificationResult: false });
    // The first lead's SMS has failed at least once and waits for its next attempt.
    await waitFor(
      () => (s.rows()[0]?.sms_attempts ?? 0) >= 1 && s.rows()[0]?.sms_status === 'pending',
      4000,
      'a failed SMS attempt',
    );

    const duplicate = await s.post({
      name: 'Ada "Countess" Lovelace',
      company: 'Engines & "Co"',
      email: 'ada@example.com',
    });
    assert.equal(duplicate.status, 200);
    assert.deepEqual(
      duplicate.json,
      { success: true, notificationResult: false },
      'the SMS was not sent: the answer must not say it was',
    );
    assert.equal(s.rows().length, 1, 'no second lead');
    assert.equal(s.rows()[0]?.sms_status, 'pending', 'the first SMS is still waiting for a retry');

    await s.twilio.setMode('up');
    await waitFor(
      () => s.rows()[0]?.sms_status === 'sent' && s.rows()[0]?.email_status === 'sent',
      6000,
      'the retried alerts',
    );
    await sleep(400); // a few retry periods: a second alert would arrive here
    assert.equal(s.twilio.messages.length, 1, 'one SMS for the two submissions');
    assert.equal(s.smtp.messages.length, 1, 'one e-mail for the two submissions');
  });

  it('treats a different submission, or the same one after a minute, as a new lead', async () => {
    let offset = 0;
    const s = await site({ now: () => Date.now() + offset });
    await s.post(lead);
    await s.post({ ...lead, company: 'Another Co' });
    assert.equal(s.rows().length, 2);
    offset = 61_000;
    await s.post(lead);
    assert.equal(s.rows().length, 3);
    await waitFor(() => s.twilio.messages.length === 3, 5000, 'three SMS');
  });
});

describe('rate limit', () => {
  it('answers 429 with a clear error after LEAD_RATE_LIMIT submissions, counting IPv6 per /64', async () => {
    const s = await site({ env: { LEAD_RATE_LIMIT: '2', LEAD_RATE_WINDOW_MS: '600000', TRUST_PROXY: 'loopback' } });
    const from = (ip: string, n: number) =>
      s.post({ ...lead, company: `Co ${n}` }, { headers: { 'X-Forwarded-For': ip } });
    assert.equal((await from('2001:db8:1:1::1', 1)).status, 200);
    assert.equal((await from('2001:db8:1:1::2', 2)).status, 200);
    const limited = await from('2001:db8:1:1:ffff::9', 3); // same /64, another address
    assert.equal(limited.status, 429);
    assert.deepEqual(limited.json, {
      success: false,
      error: 'Too many requests from your network. Please wait 10 minutes and try again.',
    });
    assert.equal((await from('2001:db8:1:2::1', 4)).status, 200, 'another /64 has its own count');
    assert.equal((await from('203.0.113.5', 5)).status, 200);
    assert.equal(s.rows().length, 4, 'the limited request stored nothing');

    const page = await postForm(
      s,
      { name: 'Grace', company: 'Navy', email: 'grace@example.com' },
      { 'X-Forwarded-For': '2001:db8:1:1::3' },
    );
    assert.equal(page.status, 429);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.ok((await page.text()).includes('Too many requests from your network'));
    assert.ok(
      (await fetch(`${s.url}/healthz`, { headers: { 'X-Forwarded-For': '2001:db8:1:1::3' } })).ok,
      'the health check is not limited',
    );
  });
});
