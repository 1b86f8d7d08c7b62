/**
 * The lead endpoint end to end: the real app on 127.0.0.1, a real SQLite
 * file, the real twilio client talking to the fake Twilio and real nodemailer
 * talking to smtp-server. Checks what the visitor is answered, what the
 * providers received and what the database holds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { refuseLeadInserts } from '../support/dbFaults';
import { postRaw } from '../support/leadClient';
import {
  ALERT_EMAIL_FROM,
  ALERT_EMAIL_TO,
  ALERT_SMS_TO,
  LEAD_PATH,
  leadSitesPerTest,
  postForm,
  type LeadSite,
} from '../support/leadSite';
import { SERVER_ERRORS, FORM_TEXT } from '../support/visitorText';
import { sleep, waitFor } from '../support/waitFor';

// Characters HTML and mail headers treat specially, but no tag or link (those make a lead spam).
const lead = { name: `  Ada "Countess" O'Hara <3  `, company: 'Engines & "Co" >_<', email: ' Ada@Example.com ' };

/** React writes ' and " as entities in text. */
const decode = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&#39;', "'").replaceAll('&quot;', '"');

const site = leadSitesPerTest();

describe('POST /functions/v1/process-lead-notification', () => {
  it('stores the lead, sends both alerts and answers success with notificationResult true', async () => {
    const s = await site();
    const res = await s.post(
      { ...lead, utm_source: 'ignored', website: '' },
      { headers: { 'User-Agent': 'LeadTest/1.0' } },
    );
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { success: true, notificationResult: true });

    const [row] = s.rows();
    assert.equal(s.rows().length, 1);
    assert.equal(row?.name, `Ada "Countess" O'Hara <3`, 'trimmed, stored as typed');
    assert.equal(row?.company, 'Engines & "Co" >_<');
    assert.equal(row?.email, 'Ada@Example.com');
    assert.equal(row?.user_agent, 'LeadTest/1.0');
    assert.match(row?.created_at ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.ok(Math.abs(Date.parse(row?.created_at ?? '') - Date.now()) < 5000);
    assert.match(row?.ip_hash ?? '', /^[0-9a-f]{32}$/, 'a keyed hash of the network, never the address');
    assert.equal(row?.sms_status, 'sent');
    assert.equal(row?.sms_attempts, 1);
    assert.equal(row?.sms_provider_message_id, s.twilio.messages[0]?.sid);
    assert.ok(row?.sms_sent_at);

    const sms = s.twilio.messages[0];
    assert.equal(sms?.to, ALERT_SMS_TO);
    assert.ok(sms?.body.includes(`Ada "Countess" O'Hara <3, Engines & "Co" >_<\nAda@Example.com`), sms?.body);
    assert.ok((sms?.body.length ?? 0) < 320);

    await waitFor(() => s.smtp.messages.length === 1 && s.rows()[0]?.email_status === 'sent', 6000, 'the e-mail');
    const mail = s.smtp.messages[0];
    assert.equal(mail?.from, ALERT_EMAIL_FROM);
    assert.deepEqual(mail?.to, [ALERT_EMAIL_TO]);
    assert.equal(mail?.replyTo, 'Ada@example.com', 'the lead (nodemailer lower-cases the domain)');
    assert.equal(mail?.subject, `New lead: Ada "Countess" O'Hara <3 (Engines & "Co" >_<)`);
    assert.ok(
      mail?.text?.includes(`Name: Ada "Countess" O'Hara <3\nCompany: Engines & "Co" >_<\nEmail: Ada@Example.com`),
      mail?.text,
    );
    assert.ok(mail?.html?.includes('Ada &quot;Countess&quot; O&#39;Hara &lt;3'));
    assert.ok(mail?.html?.includes('Engines &amp; &quot;Co&quot; &gt;_&lt;'));
    assert.ok(!mail?.html?.includes('<3') && !mail?.html?.includes('>_<'), 'nothing of the lead unescaped');
    assert.equal(s.rows()[0]?.email_provider_message_id, mail?.messageId);
  });

  it('answers a form posted without JavaScript with the result page, same status', async () => {
    const s = await site();
    const ok = await postForm(s, { name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com', website: '' });
    assert.equal(ok.status, 200);
    assert.match(ok.headers.get('content-type') ?? '', /^text\/html/);
    assert.ok(decode(await ok.text()).includes(FORM_TEXT.thankYou), 'the thank-you message');
    assert.equal(s.rows().length, 1);

    const bad = await postForm(s, { name: 'Grace Hopper', company: 'Navy', email: 'not-an-address' });
    assert.equal(bad.status, 400);
    const page = await bad.text();
    assert.match(bad.headers.get('content-type') ?? '', /^text\/html/);
    assert.ok(page.includes('Please enter a valid email address'), 'the error sentence is shown');
    assert.ok(page.includes('not-an-address'), 'the typed values are kept');
    assert.equal(s.rows().length, 1);
  });

  it('answers JSON to a form-encoded post that asks for JSON', async () => {
    const s = await site();
    const res = await postForm(
      s,
      { name: 'Grace', company: 'Navy', email: 'grace@example.com' },
      { Accept: 'application/json' },
    );
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { success: true, notificationResult: true });
  });

  it('says the SMS may have failed on the result page when Twilio is down', async () => {
    const s = await site();
    await s.twilio.setMode('down');
    const res = await postForm(s, { name: 'Grace', company: 'Navy', email: 'grace@example.com' });
    assert.equal(res.status, 200);
    const page = decode(await res.text());
    assert.ok(page.includes(FORM_TEXT.savedSmsMayHaveFailed), 'the saved-but-SMS-may-have-failed message');
  });

  it('stores a lead with skipped alerts when no channel is configured', async () => {
    // A wait for an alert's outcome would take the whole 5 s answer timeout; half of it is a margin no slow
    // machine eats.
    const s = await site({ sms: false, email: false, env: { ALERT_TIMEOUT_MS: '5000' } });
    const started = Date.now();
    const res = await s.post(lead);
    const took = Date.now() - started;
    assert.ok(took < 2_500, `answered in ${took} ms, as if it waited for an alert`);
    assert.deepEqual(res.json, { success: true, notificationResult: false });
    const [row] = s.rows();
    assert.equal(row?.sms_status, 'skipped');
    assert.equal(row?.email_status, 'skipped');
    await sleep(200);
    assert.equal(s.twilio.requests + s.smtp.connections, 0);
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    const s = await site();
    const res = await fetch(`${s.url}${LEAD_PATH}`);
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'POST');
    assert.deepEqual(await res.json(), { success: false, error: SERVER_ERRORS.usePost });
  });
});

describe('GET /healthz', () => {
  it('answers ok while the database answers and 503 once it does not', async () => {
    const s = await site();
    const ok = await fetch(`${s.url}/healthz`);
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { status: 'ok' });
    s.services.db.close();
    const down = await fetch(`${s.url}/healthz`);
    assert.equal(down.status, 503);
    assert.deepEqual(await down.json(), { status: 'unavailable' });
  });
});

describe('Cache-Control: no-store on every answer of the lead endpoint', () => {
  // The answers echo what the visitor typed (the HTML page) or say what happened to it (JSON):
  // no browser or proxy cache may keep either. Each status is provoked as a visitor or a
  // client could, once as JSON and once as the no-JavaScript form asking for the HTML page.
  type Init = { method?: string; headers?: Record<string, string> };
  const fields = (tag: string) => ({ name: `Grace ${tag}`, company: 'Navy', email: `grace.${tag}@example.com` });

  async function bothFormats(
    s: LeadSite,
    values: Record<string, string>,
    status: number,
    init: Init = {},
  ): Promise<void> {
    const json = await postRaw(s.url, JSON.stringify(values), { contentType: 'application/json', ...init });
    const html = await postRaw(s.url, new URLSearchParams(values).toString(), {
      contentType: 'application/x-www-form-urlencoded',
      method: init.method,
      headers: { Accept: 'text/html', ...init.headers },
    });
    for (const [format, reply, type] of [
      ['JSON', json, /^application\/json/],
      ['HTML', html, /^text\/html/],
    ] as const) {
      assert.equal(reply.status, status, `${format}: ${reply.text.slice(0, 200)}`);
      assert.match(String(reply.headers['content-type']), type, format);
      assert.equal(reply.headers['cache-control'], 'no-store', `${format} ${status}`);
    }
  }

  it('200: a stored lead', async () => {
    const s = await site();
    await bothFormats(s, fields('ok'), 200);
  });

  it('400: an invalid e-mail address', async () => {
    const s = await site();
    await bothFormats(s, { ...fields('bad'), email: 'not-an-address' }, 400);
  });

  it('403: a post made for another site', async () => {
    const s = await site();
    await bothFormats(s, fields('cross'), 403, {
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
  });

  it('405: a method other than POST', async () => {
    const s = await site();
    await bothFormats(s, fields('put'), 405, { method: 'PUT' });
  });

  it('413: a body over 16 KB', async () => {
    const s = await site();
    await bothFormats(s, { ...fields('big'), name: 'x'.repeat(17 * 1024) }, 413);
  });

  it('429: over the rate limit', async () => {
    const s = await site({ env: { LEAD_RATE_LIMIT: '1' } });
    assert.equal((await s.post(fields('first'))).status, 200);
    await bothFormats(s, fields('limited'), 429);
  });

  it('500: the database refuses the lead', async () => {
    const s = await site();
    const restore = refuseLeadInserts(s.databasePath);
    try {
      await bothFormats(s, fields('refused'), 500);
    } finally {
      restore();
    }
  });
});
