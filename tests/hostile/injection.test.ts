/**
 * Injection through the lead form, followed all the way to the owner: HTML,
 * script tags, SQL and header-injection attempts are stored as sent, reach
 * the e-mail escaped in the HTML part and verbatim in the text part, never
 * become extra headers or recipients (read from the raw message the SMTP
 * server received), keep the SMS within its length bound, and leave the page
 * and the JSON log lines untouched. Runs the real server process against the
 * local Twilio and SMTP fakes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { startFakeTwilio, type FakeTwilio } from '../fakes/fakeTwilio';
import { startSmtpSink, type SmtpSink } from '../fakes/smtpSink';
import { ALERT_EMAIL_TO, FAST_ALERTS, alertEnv } from '../helpers/leadSite';
import { waitFor } from '../helpers/waitFor';
import { startServer, tempDir, type ServerProcess } from '../harness/serverProcess';
import { postLead, postRaw } from './leadClient';

type Lead = { name: string; company: string; email: string };

/** Accepted by validation, dangerous downstream. Every e-mail is unique so alerts can be matched to leads. */
const PAYLOADS: Lead[] = [
  { name: '<script>alert("x")</script>', company: '<img src=x onerror=alert(1)>', email: 'html@example.com' },
  { name: "Robert'); DROP TABLE leads;--", company: "' OR '1'='1' --", email: "o'brien@example.com" },
  { name: 'Eve Bcc: victim@example.org', company: 'To: boss@evil.example', email: 'eve@example.com' },
  { name: '=?utf-8?q?=0D=0ABcc:_victim@example.org?=', company: '"Quoted" <x@evil.example>', email: 'encoded@example.com' },
  { name: 'Acme%0d%0aBcc:victim@example.org', company: '${7*7} {{7*7}} & <b>bold</b>', email: 'template@example.com' },
  { name: '\u202eevil\u202c & "dq" \'sq\'', company: 'Z\u0351a\u0308 👩🏽‍💻 שלום', email: 'unicode@example.com' },
  { name: 'N'.repeat(200), company: 'C'.repeat(200), email: `${'e'.repeat(60)}@${'d'.repeat(60)}.${'x'.repeat(60)}.com` },
];

/** Refused outright: a line break in any field could end a header. */
const REFUSED: Lead[] = [
  { name: 'Mallory\r\nBcc: victim@example.org', company: 'Acme', email: 'mallory@example.com' },
  { name: 'Mallory', company: 'Acme\nSubject: spoofed', email: 'mallory2@example.com' },
  { name: 'Mallory', company: 'Acme', email: 'mallory3@example.com\r\nBcc: victim@example.org' },
  { name: 'Mallory\u2028Bcc: victim@example.org', company: 'Acme', email: 'mallory4@example.com' },
];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

let twilio: FakeTwilio;
let smtp: SmtpSink;
let server: ServerProcess;
let dataDir: string;
let pageBefore: string;

before(async () => {
  [twilio, smtp] = await Promise.all([startFakeTwilio(), startSmtpSink()]);
  dataDir = tempDir('injection-');
  server = await startServer({ dataDir, env: { ...alertEnv(twilio, smtp), ...FAST_ALERTS } });
  pageBefore = await (await fetch(`${server.url}/`)).text();
});

after(async () => {
  await server?.stop();
  await Promise.all([twilio?.close(), smtp?.close()]);
});

describe('injection through the lead form', () => {
  it('refuses line breaks in any field with a clear 400 and sends nothing', async () => {
    for (const lead of REFUSED) {
      const res = await postLead(server.url, lead);
      assert.equal(res.status, 400, JSON.stringify(lead));
      assert.match(String(res.json?.error), /line breaks|control characters|spaces/);
    }
  });

  it('stores hostile values as sent and delivers them escaped in HTML, verbatim in text, with no extra header', async () => {
    for (const lead of PAYLOADS) {
      const res = await postLead(server.url, lead);
      assert.equal(res.status, 200, `${JSON.stringify(lead)} -> ${res.text}`);
    }
    await waitFor(() => smtp.messages.length >= PAYLOADS.length && twilio.messages.length >= PAYLOADS.length, 15_000, 'alerts');
    await new Promise((r) => setTimeout(r, 300)); // a late duplicate would show up here

    const db = new Database(`${dataDir}/leads.db`, { readonly: true });
    const rows = db.prepare('SELECT name, company, email FROM leads ORDER BY id').all() as Lead[];
    db.close();
    assert.deepEqual(rows, PAYLOADS, 'stored exactly as sent: SQL text is data, not a statement');

    for (const lead of PAYLOADS) {
      const mails = smtp.messages.filter((m) => m.text?.includes(`Email: ${lead.email}`));
      assert.equal(mails.length, 1, `exactly one e-mail for ${lead.email}`);
      const mail = mails[0]!;
      for (const value of [lead.name, lead.company]) {
        assert.ok(mail.text!.includes(value), `text part carries ${JSON.stringify(value.slice(0, 40))} verbatim`);
        assert.ok(mail.html!.includes(escapeHtml(value)), `HTML part carries ${JSON.stringify(value.slice(0, 40))} escaped`);
        if (/[<>"']/.test(value)) assert.ok(!mail.html!.includes(value), 'and never raw');
      }
      const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
      assert.doesNotMatch(head, /^(bcc|cc):/im, 'no Bcc or Cc header');
      assert.equal(head.match(/^subject:/gim)?.length, 1, 'one Subject header');
      assert.equal(head.match(/^to:/gim)?.length, 1, 'one To header');
      assert.deepEqual(mail.envelope.to, [ALERT_EMAIL_TO], 'the SMTP envelope goes to the owner only');
      assert.deepEqual(mail.to, [ALERT_EMAIL_TO]);
      assert.equal(mail.replyTo, lead.email.toLowerCase());
      assert.doesNotMatch(mail.subject ?? '', /[\r\n]/);

      const texts = twilio.messages.filter((m) => m.body.includes(lead.email.slice(0, 10)));
      assert.equal(texts.length, 1, `exactly one SMS for ${lead.email}`);
      assert.ok([...texts[0]!.body].length < 320, `SMS under 320 characters (${[...texts[0]!.body].length})`);
    }
    assert.equal(smtp.messages.length, PAYLOADS.length, 'no e-mail to anyone else');
    assert.equal(twilio.messages.length, PAYLOADS.length);
    console.log(`[injection] ${PAYLOADS.length} hostile leads accepted, stored and alerted once each; ${REFUSED.length} refused; e-mails ${smtp.messages.length}, SMS ${twilio.messages.length}`);
  });

  it('escapes typed markup on the no-JavaScript result page', async () => {
    const body = new URLSearchParams({ name: '<script>alert(1)</script>', company: '"><svg onload=alert(1)>', email: 'not an address' }).toString();
    const res = await postRaw(server.url, body, { contentType: 'application/x-www-form-urlencoded', headers: { Accept: 'text/html' } });
    assert.equal(res.status, 400);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.doesNotMatch(res.text, /<script>alert|<svg onload/);
    assert.ok(res.text.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'the typed value is shown back, escaped');
  });

  it('leaves the page byte for byte the same and every log line one valid JSON object without contact details', async () => {
    assert.equal(await (await fetch(`${server.url}/`)).text(), pageBefore);
    const lines = server.output().split('\n').filter((l) => l.trim() !== '');
    for (const line of lines) assert.doesNotThrow(() => JSON.parse(line), `not a JSON log line: ${line.slice(0, 200)}`);
    for (const lead of PAYLOADS) {
      assert.ok(!server.output().includes(lead.email), `${lead.email} is not in the logs`);
      assert.ok(!server.output().includes(JSON.stringify(lead.name).slice(1, -1)), 'the name is not in the logs');
    }
  });
});
