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
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { startFakeTwilio, type FakeTwilio } from '../support/fakeTwilio';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { ALERT_EMAIL_TO, FAST_ALERTS, alertEnv } from '../support/leadSite';
import { waitFor } from '../support/waitFor';
import { startServer, type ServerProcess } from '../support/serverProcess';
import { tempDir } from '../support/tempDirs';
import { postLead, postRaw } from '../support/leadClient';
import { runCli } from '../support/cli';

type Lead = { name: string; company: string; email: string };

/** Accepted by validation, dangerous downstream. Every e-mail is unique so alerts can be matched to leads. */
const PAYLOADS: Lead[] = [
  { name: '<script>alert("x")</script>', company: '<img src=x onerror=alert(1)>', email: 'html@example.com' },
  { name: "Robert'); DROP TABLE leads;--", company: "' OR '1'='1' --", email: "o'brien@example.com" },
  { name: 'Eve Bcc: victim@example.org', company: 'To: boss@evil.example', email: 'eve@example.com' },
  {
    name: '=?utf-8?q?=0D=0ABcc:_victim@example.org?=',
    company: '"Quoted" <x@evil.example>',
    email: 'encoded@example.com',
  },
  { name: 'Acme%0d%0aBcc:victim@example.org', company: '${7*7} {{7*7}} & <b>bold</b>', email: 'template@example.com' },
  { name: '\u202eevil\u202c & "dq" \'sq\'', company: 'Z\u0351a\u0308 👩🏽‍💻 שלום', email: 'unicode@example.com' },
  {
    name: 'N'.repeat(200),
    company: 'C'.repeat(200),
    email: `${'e'.repeat(60)}@${'d'.repeat(60)}.${'x'.repeat(60)}.com`,
  },
];

/**
 * What the server keeps of each: the values as sent, trimmed, less the invisible format characters
 * (bidi overrides, zero-width spaces) it strips from names and companies because they disguise
 * text. The zero-width joiner inside the emoji sequence stays: it is part of the character shown.
 */
const stored = (lead: Lead): Lead => {
  const visible = (v: string) => v.replace(/(?![\u200c\u200d])\p{Cf}/gu, '').trim();
  return { name: visible(lead.name), company: visible(lead.company), email: lead.email.trim() };
};

/** Refused outright: a line break in any field could end a header. */
const REFUSED: Lead[] = [
  { name: 'Mallory\r\nBcc: victim@example.org', company: 'Acme', email: 'mallory@example.com' },
  { name: 'Mallory', company: 'Acme\nSubject: spoofed', email: 'mallory2@example.com' },
  { name: 'Mallory', company: 'Acme', email: 'mallory3@example.com\r\nBcc: victim@example.org' },
  { name: 'Mallory\u2028Bcc: victim@example.org', company: 'Acme', email: 'mallory4@example.com' },
];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

interface Setup {
  twilio: FakeTwilio;
  smtp: SmtpSink;
  server: ServerProcess;
  dataDir: string;
  env: Record<string, string>;
}

let current: Setup | undefined;

/** A server process of the test's own, with its alerts going to fakes of its own. */
async function setup(): Promise<Setup> {
  const [twilio, smtp] = await Promise.all([startFakeTwilio(), startSmtpSink()]);
  const dataDir = tempDir('injection-');
  const env = { ...alertEnv(twilio, smtp), ...FAST_ALERTS };
  const server = await startServer({ dataDir, env });
  current = { twilio, smtp, server, dataDir, env: { ...env, DATABASE_PATH: join(dataDir, 'leads.db') } };
  return current;
}

afterEach(async () => {
  await current?.server.stop();
  await Promise.all([current?.twilio.close(), current?.smtp.close()]);
  current = undefined;
});

/** The leads with a tag in them: spam, held back until the operator releases them. */
const WITH_TAGS = PAYLOADS.filter((lead) => /<\/?[a-z]+[\s/>]/i.test(lead.name + lead.company));

/**
 * Posts every payload, releases the ones held back as spam (as the operator would, with
 * `leads release ID`), and waits until each has reached both fakes (and a little more, for a
 * late duplicate).
 */
async function sendPayloads({ server, smtp, twilio, dataDir, env }: Setup): Promise<void> {
  for (const lead of PAYLOADS) {
    const res = await postLead(server.url, lead);
    assert.equal(res.status, 200, `${JSON.stringify(lead)} -> ${res.text}`);
  }
  const db = new Database(join(dataDir, 'leads.db'), { readonly: true });
  const spam = db.prepare("SELECT id, email, verdict_reasons FROM leads WHERE verdict = 'spam' ORDER BY id").all() as {
    id: number;
    email: string;
    verdict_reasons: string;
  }[];
  db.close();
  assert.deepEqual(
    spam.map((r) => [r.email, r.verdict_reasons]),
    WITH_TAGS.map((l) => [l.email, 'link-or-tag']),
    'markup makes a lead spam',
  );
  for (const { id } of spam) {
    const released = await runCli(['release', String(id)], env);
    assert.equal(released.code, 0, released.stderr);
  }
  await waitFor(
    () => smtp.messages.length >= PAYLOADS.length && twilio.messages.length >= PAYLOADS.length,
    15_000,
    'alerts',
  );
  await new Promise((r) => setTimeout(r, 300)); // a late duplicate would show up here
}

describe('injection through the lead form', () => {
  it('refuses line breaks in any field with a clear 400 and sends nothing', async () => {
    const { server, twilio, smtp } = await setup();
    for (const lead of REFUSED) {
      const res = await postLead(server.url, lead);
      assert.equal(res.status, 400, JSON.stringify(lead));
      assert.match(String(res.json?.error), /line breaks|control characters|spaces/);
    }
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(twilio.requests + smtp.connections, 0, 'no alert attempted');
  });

  it('stores hostile values as sent and delivers them escaped in HTML, verbatim in text, with no extra header', async () => {
    const ctx = await setup();
    const { twilio, smtp, dataDir } = ctx;
    await sendPayloads(ctx);

    const db = new Database(`${dataDir}/leads.db`, { readonly: true });
    const rows = db.prepare('SELECT name, company, email FROM leads ORDER BY id').all() as Lead[];
    db.close();
    assert.deepEqual(rows, PAYLOADS.map(stored), 'stored as sent: SQL text is data, not a statement');

    for (const lead of PAYLOADS.map(stored)) {
      const mails = smtp.messages.filter((m) => m.text?.includes(`Email: ${lead.email}`));
      assert.equal(mails.length, 1, `exactly one e-mail for ${lead.email}`);
      const mail = mails[0]!;
      for (const value of [lead.name, lead.company]) {
        assert.ok(mail.text!.includes(value), `text part carries ${JSON.stringify(value.slice(0, 40))} verbatim`);
        assert.ok(
          mail.html!.includes(escapeHtml(value)),
          `HTML part carries ${JSON.stringify(value.slice(0, 40))} escaped`,
        );
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
    console.log(
      `[injection] ${PAYLOADS.length} hostile leads accepted, stored and alerted once each; ${REFUSED.length} refused; e-mails ${smtp.messages.length}, SMS ${twilio.messages.length}`,
    );
  });

  it('escapes typed markup on the no-JavaScript result page', async () => {
    const { server } = await setup();
    const body = new URLSearchParams({
      name: '<script>alert(1)</script>',
      company: '"><svg onload=alert(1)>',
      email: 'not an address',
    }).toString();
    const res = await postRaw(server.url, body, {
      contentType: 'application/x-www-form-urlencoded',
      headers: { Accept: 'text/html' },
    });
    assert.equal(res.status, 400);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.doesNotMatch(res.text, /<script>alert|<svg onload/);
    assert.ok(res.text.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'the typed value is shown back, escaped');
  });

  it('leaves the page byte for byte the same and every log line one valid JSON object without contact details', async () => {
    const ctx = await setup();
    const { server } = ctx;
    const pageBefore = await (await fetch(`${server.url}/`)).text();
    await sendPayloads(ctx);
    assert.equal(await (await fetch(`${server.url}/`)).text(), pageBefore);
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.trim() !== '');
    assert.equal(
      lines.filter((l) => l.includes('"msg":"lead stored"')).length,
      PAYLOADS.length,
      'the leads were logged (without their details)',
    );
    for (const line of lines) assert.doesNotThrow(() => JSON.parse(line), `not a JSON log line: ${line.slice(0, 200)}`);
    for (const lead of PAYLOADS.map(stored)) {
      assert.ok(!server.output().includes(lead.email), `${lead.email} is not in the logs`);
      assert.ok(!server.output().includes(JSON.stringify(lead.name).slice(1, -1)), 'the name is not in the logs');
    }
  });

  it('lets no __proto__ or constructor.prototype key in a lead change the objects the server creates afterwards', async () => {
    const { server, dataDir } = await setup();
    // Each names the three fields and the honeypot. Were one to land on Object.prototype, every
    // body parsed afterwards would inherit it: an inherited honeypot value turns every later lead
    // into a bot's (answered, never stored), which the database shows below.
    const inherited = {
      name: 'Polluted Name',
      company: 'Polluted Co',
      email: 'polluted@example.com',
      website: 'https://polluted.example',
    };
    const valid = (n: number) => `"name":"Proto ${n}","company":"Acme","email":"proto-${n}@example.com"`;
    const form = 'application/x-www-form-urlencoded';
    const attempts: [string, string, Record<string, string>?][] = [
      [`{${valid(1)},"__proto__":${JSON.stringify(inherited)}}`, 'application/json'],
      [`{${valid(2)},"constructor":{"prototype":${JSON.stringify(inherited)}}}`, 'application/json'],
      [
        'name=Proto+3&company=Acme&email=proto-3%40example.com&__proto__[name]=Polluted&__proto__[website]=x&constructor[prototype][email]=p%40example.com',
        form,
      ],
      [
        'name=Proto+4&company=Acme&email=proto-4%40example.com&__proto__=Polluted&constructor=x',
        form,
        { Accept: 'text/html' },
      ],
    ];
    for (const [body, contentType, headers] of attempts) {
      const res = await postRaw(server.url, body, { contentType, headers });
      assert.ok(res.status < 500, `${res.status}: ${res.text.slice(0, 200)}`);
    }

    // A body without fields is still refused for its first missing one.
    const empty = await postLead(server.url, {});
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.json, { success: false, error: 'Please enter your name.' });
    // A valid lead is stored, not taken for a bot: no honeypot value was inherited.
    const fresh = await postLead(server.url, { name: 'After Pollution', company: 'Acme', email: 'after@example.com' });
    assert.equal(fresh.status, 200);
    assert.deepEqual(
      Object.keys(fresh.json ?? {}).sort(),
      ['notificationResult', 'success'],
      'the answer has no inherited key',
    );
    const db = new Database(`${dataDir}/leads.db`, { readonly: true });
    try {
      const after = db.prepare('SELECT name, company, email FROM leads WHERE email = ?').all('after@example.com');
      assert.deepEqual(after, [{ name: 'After Pollution', company: 'Acme', email: 'after@example.com' }]);
      assert.equal(db.prepare("SELECT COUNT(*) FROM leads WHERE name LIKE 'Polluted%'").pluck().get(), 0);
    } finally {
      db.close();
    }
    assert.equal(server.child.exitCode, null, 'the process is still running');
  });
});
