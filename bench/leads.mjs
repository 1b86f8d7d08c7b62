// The lead-submission run of `npm run bench`: the project's local Twilio and SMTP fakes
// (tests/support, loaded through tsx), the server configured to send its alerts to them with the
// rate limit lifted, then submissions as fast as the machine allows for a fixed time. The path and
// the field names come from the lead contract (src/contract.ts), as the form's do. Every lead is
// unique (its number is in each field), so stored rows and delivered alerts can be matched one to
// one and duplicates counted.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { root, sleep } from './processes.mjs';

async function loadTs(file) {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(pathToFileURL(join(root, file)).href, import.meta.url);
}

/** The lead endpoint's path and a body builder, both from src/contract.ts. */
export async function leadContract() {
  const { LEAD_ENDPOINT, LEAD_FIELDS, FIELD_LIMITS, HONEYPOT_FIELD } = await loadTs('src/contract.ts');
  // The e-mail is what the stored rows are matched on, and it must be a valid address.
  if (!LEAD_FIELDS.includes('email')) throw new Error(`src/contract.ts: LEAD_FIELDS (${LEAD_FIELDS.join(', ')}) has no 'email'`);
  const value = (field, n) => (field === 'email' ? `bench${n}@example.com` : `Bench${n} ${field}`.slice(0, FIELD_LIMITS[field]));
  const body = (n) => JSON.stringify({ ...Object.fromEntries(LEAD_FIELDS.map((field) => [field, value(field, n)])), [HONEYPOT_FIELD]: '' });
  return { endpoint: LEAD_ENDPOINT, body };
}

/** Starts both fakes and returns the server environment that sends alerts to them. */
export async function startFakes(dir) {
  const { startFakeTwilio } = await loadTs('tests/support/fakeTwilio.ts');
  const { startSmtpSink } = await loadTs('tests/support/smtpSink.ts');
  const twilio = await startFakeTwilio();
  const smtp = await startSmtpSink();
  const databasePath = join(dir, 'leads.db');
  return {
    twilio,
    smtp,
    databasePath,
    env: {
      DATABASE_PATH: databasePath,
      IP_HASH_SALT: 'bench-salt-not-secret',
      LEAD_RATE_LIMIT: '1000000',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
      ALERT_SMS_TO: '+15005550001',
      TWILIO_API_URL: twilio.url,
      SMTP_URL: smtp.url,
      ALERT_EMAIL_TO: 'owner@example.com',
      ALERT_EMAIL_FROM: 'site@example.com',
    },
    close: () => Promise.all([twilio.close(), smtp.close()]),
  };
}

/** Lead numbers found in delivered alerts: how many distinct, how many seen twice. */
function distinct(texts) {
  const seen = new Set();
  let duplicates = 0;
  let unmatched = 0;
  for (const text of texts) {
    const n = /bench(\d+)/i.exec(text ?? '')?.[1];
    if (n === undefined) unmatched += 1;
    else if (seen.has(n)) duplicates += 1;
    else seen.add(n);
  }
  return { distinct: seen.size, duplicates, unmatched };
}

async function storedLeads(databasePath) {
  if (!existsSync(databasePath)) return null;
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const one = (sql) => db.prepare(sql).pluck().get();
    return {
      stored: one("SELECT COUNT(*) FROM leads WHERE email LIKE 'bench%@example.com'"),
      duplicateRows: one("SELECT COUNT(*) FROM (SELECT email FROM leads WHERE email LIKE 'bench%' GROUP BY email HAVING COUNT(*) > 1)"),
      smsSent: one("SELECT COUNT(*) FROM leads WHERE email LIKE 'bench%' AND sms_status = 'sent'"),
      emailSent: one("SELECT COUNT(*) FROM leads WHERE email LIKE 'bench%' AND email_status = 'sent'"),
    };
  } catch (err) {
    return { error: err.message };
  } finally {
    db.close();
  }
}

/** Submits leads for `seconds`, or exactly `amount` of them when given (the same work on a busy machine). */
export async function runLeadBench({ origin, contract, fakes, seconds, amount, connections }) {
  const { endpoint } = contract;
  const probe = await fetch(new URL(endpoint, origin), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  await probe.arrayBuffer();
  if (probe.status === 404) return { skipped: `POST ${endpoint} answers 404: the lead endpoint is not wired into the app yet` };

  let next = 0;
  let sent = 0;
  let accepted = 0;
  const statuses = {};
  const result = await autocannon({
    url: new URL(endpoint, origin).href,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        setupRequest: (req) => {
          next += 1;
          sent += 1;
          return { ...req, body: contract.body(next) };
        },
        onResponse: (status, body) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 200 && status < 300 && /"success"\s*:\s*true/.test(body)) accepted += 1;
        },
      },
    ],
  });

  // Alerts go out after the answer (and may be retried): wait until both fakes have one for every
  // stored lead (requests cut off by the end of the run may be stored without an answer), or nothing
  // moves for 5 s (at most 60 s).
  const waitStarted = Date.now();
  let last = -1;
  let lastChange = Date.now();
  while (Date.now() - waitStarted < 60_000) {
    const delivered = fakes.twilio.messages.length + fakes.smtp.messages.length;
    const expected = Math.max(accepted, (await storedLeads(fakes.databasePath))?.stored ?? 0);
    if (fakes.twilio.messages.length >= expected && fakes.smtp.messages.length >= expected) break;
    if (delivered !== last) [last, lastChange] = [delivered, Date.now()];
    else if (Date.now() - lastChange > 5000) break;
    await sleep(200);
  }
  const sms = distinct(fakes.twilio.messages.map((m) => m.body));
  const email = distinct(fakes.smtp.messages.map((m) => `${m.subject ?? ''}\n${m.text ?? ''}`));
  return {
    seconds: result.duration,
    sent,
    answered: result.requests.total,
    accepted,
    perSecond: accepted / (result.duration || seconds),
    statuses,
    errors: result.errors + result.timeouts,
    latency: { p50: result.latency.p50, p99: result.latency.p99 },
    db: await storedLeads(fakes.databasePath),
    sms: { messages: fakes.twilio.messages.length, requests: fakes.twilio.requests, ...sms },
    email: { messages: fakes.smtp.messages.length, ...email },
    waitedMs: Date.now() - waitStarted,
  };
}
