// The lead-submission run of `npm run bench`: the project's local Twilio and
// SMTP fakes (tests/fakes, loaded through tsx), the server configured to send
// its alerts to them with the rate limit lifted, then submissions as fast as
// the machine allows for a fixed time. Every lead is unique (its number is in
// the name and the e-mail), so stored rows and delivered alerts can be matched
// one to one and duplicates counted.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sleep } from './bench-targets.mjs';

const DEFAULT_ENDPOINT = '/functions/v1/process-lead-notification';

export function leadEndpoint(root) {
  const file = join(root, 'src', 'pages', 'form', 'endpoint.ts');
  if (!existsSync(file)) return DEFAULT_ENDPOINT;
  return /LEAD_ENDPOINT\s*=\s*'([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1] ?? DEFAULT_ENDPOINT;
}

/** Starts both fakes; null (with the reason) when they are not in the tree yet. */
export async function startFakes(root, dir) {
  const twilioFile = join(root, 'tests', 'fakes', 'fakeTwilio.ts');
  const smtpFile = join(root, 'tests', 'fakes', 'smtpSink.ts');
  if (!existsSync(twilioFile) || !existsSync(smtpFile)) return { reason: 'tests/fakes/fakeTwilio.ts or smtpSink.ts is missing' };
  const { tsImport } = await import('tsx/esm/api');
  const { startFakeTwilio } = await tsImport(pathToFileURL(twilioFile).href, import.meta.url);
  const { startSmtpSink } = await tsImport(pathToFileURL(smtpFile).href, import.meta.url);
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

export async function runLeadBench({ origin, endpoint, fakes, seconds, connections }) {
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
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        setupRequest: (req) => {
          next += 1;
          sent += 1;
          return { ...req, body: JSON.stringify({ name: `Bench${next} Visitor`, company: `Bench Co ${next}`, email: `bench${next}@example.com` }) };
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
