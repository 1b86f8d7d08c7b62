// The lead-submission run of `npm run bench`: the project's local Twilio and SMTP fakes and the
// Telegram, ntfy and webhook stand-ins (tests/support, loaded through tsx), every channel on, the server configured to send its alerts to them with the
// rate limit lifted and grading on, then submissions as fast as the machine allows for a fixed
// time. Each lead carries a solved proof of work, fetched from the server and solved before the
// run (the server's cost per lead is checking it, which does not depend on the difficulty, so the
// bench server's challenges are cheap to solve), so every lead is verified and texted. The path
// and the field names come from the lead contract (src/contract/lead.ts), as the form's do. Every lead
// is unique (its number is in each field), so stored rows and delivered alerts can be matched one
// to one and duplicates counted.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { root, sleep } from './processes.mjs';

/** A TypeScript module of the project (the contract, the test fakes, the table modules), through tsx. */
export async function loadTs(file) {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(pathToFileURL(join(root, file)).href, import.meta.url);
}

/** The lead endpoint's path and a body builder, both from src/contract/lead.ts. */
export async function leadContract() {
  const { LEAD_ENDPOINT, LEAD_CHALLENGE_ENDPOINT, LEAD_FIELDS, FIELD_LIMITS, HONEYPOT_FIELD, PROOF_FIELD } =
    await loadTs('src/contract/lead.ts');
  // The e-mail is what the stored rows are matched on, and it must be a valid address.
  if (!LEAD_FIELDS.includes('email'))
    throw new Error(`src/contract/lead.ts: LEAD_FIELDS (${LEAD_FIELDS.join(', ')}) has no 'email'`);
  const value = (field, n) =>
    field === 'email' ? `bench${n}@example.com` : `Bench${n} ${field}`.slice(0, FIELD_LIMITS[field]);
  const body = (n, proof) =>
    JSON.stringify({
      ...Object.fromEntries(LEAD_FIELDS.map((field) => [field, value(field, n)])),
      [HONEYPOT_FIELD]: '',
      ...(proof ? { [PROOF_FIELD]: proof } : {}),
    });
  return { endpoint: LEAD_ENDPOINT, challengeEndpoint: LEAD_CHALLENGE_ENDPOINT, body };
}

/**
 * `count` solved proofs for the lead run, as any ALTCHA client makes them: challenges fetched from
 * the server (20 at a time), solved with altcha-lib's own solver, encoded as the `altcha` field.
 */
export async function solvedProofs(origin, challengeEndpoint, count) {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/sha');
  const proofs = [];
  const one = async () => {
    const res = await fetch(new URL(challengeEndpoint, origin));
    if (!res.ok) throw new Error(`GET ${challengeEndpoint}: HTTP ${res.status}`);
    const challenge = await res.json();
    const solution = await solveChallenge({ challenge, deriveKey });
    proofs.push(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
  };
  let started = 0;
  const workers = Array.from({ length: 20 }, async () => {
    while (started < count) {
      started += 1;
      await one();
    }
  });
  await Promise.all(workers);
  return proofs;
}

/**
 * The server's CPU per proof check, through the product's own module (src/leads/altchaChallenges.ts):
 * `calls` checks of solved payloads, one at a time, after a warm-up.
 */
export async function proofCheckCost(calls = 2_000) {
  const { createProofChallenges } = await loadTs('src/leads/altchaChallenges.ts');
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/sha');
  const proofs = createProofChallenges({ secret: 'bench-secret', difficulty: 100 });
  const payloads = [];
  for (let i = 0; i < 10; i += 1) {
    const challenge = await proofs.challenge();
    payloads.push(
      Buffer.from(JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) })).toString(
        'base64',
      ),
    );
  }
  const time = async (fn) => {
    for (let i = 0; i < 100; i += 1) await fn(i);
    const cpu = process.cpuUsage();
    for (let i = 0; i < calls; i += 1) await fn(i);
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / calls;
  };
  const checkMicros = await time(async (i) => {
    if ((await proofs.check(payloads[i % payloads.length])).status !== 'valid')
      throw new Error('a solved proof did not check');
  });
  const challengeMicros = await time(() => proofs.challenge());
  return { calls, checkMicros, challengeMicros };
}

/** Starts the providers' stand-ins and returns the server environment that sends every alert to them. */
export async function startFakes(dir) {
  const { startFakeTwilio } = await loadTs('tests/support/fakeTwilio.ts');
  const { startSmtpSink } = await loadTs('tests/support/smtpSink.ts');
  const { startOwnerChannels } = await loadTs('tests/support/ownerChannels.ts');
  const twilio = await startFakeTwilio();
  const smtp = await startSmtpSink();
  const others = await startOwnerChannels();
  const databasePath = join(dir, 'leads.db');
  return {
    twilio,
    smtp,
    others,
    databasePath,
    env: {
      ...others.env,
      DATABASE_PATH: databasePath,
      IP_HASH_SALT: 'bench-salt-not-secret',
      LEAD_RATE_LIMIT: '1000000',
      // Grading on, as in production; challenges cheap to solve beforehand, and no minimum fill
      // time (the proofs are solved before the run starts and used at once).
      LEAD_VERIFICATION: 'proof',
      LEAD_CHALLENGE_DIFFICULTY: '100',
      LEAD_MIN_FILL_MS: '0',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
      ALERT_SMS_TO: '+15005550001',
      TWILIO_API_URL: twilio.url,
      SMTP_URL: smtp.url,
      ALERT_EMAIL_TO: 'owner@example.com',
      ALERT_EMAIL_FROM: 'site@example.com',
    },
    close: () => Promise.all([twilio.close(), smtp.close(), others.close()]),
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
    const sent = (channel) =>
      one(
        `SELECT COUNT(*) FROM alerts JOIN leads ON leads.id = alerts.lead_id WHERE leads.email LIKE 'bench%' AND alerts.channel = '${channel}' AND alerts.status = 'sent'`,
      );
    return {
      stored: one("SELECT COUNT(*) FROM leads WHERE email LIKE 'bench%@example.com'"),
      verified: one("SELECT COUNT(*) FROM leads WHERE email LIKE 'bench%@example.com' AND verdict = 'verified'"),
      duplicateRows: one(
        "SELECT COUNT(*) FROM (SELECT email FROM leads WHERE email LIKE 'bench%' GROUP BY email HAVING COUNT(*) > 1)",
      ),
      smsSent: sent('sms'),
      emailSent: sent('email'),
    };
  } catch (err) {
    return { error: err.message };
  } finally {
    db.close();
  }
}

/**
 * Submits leads for `seconds`, or exactly `amount` of them when given (the same work on a busy machine):
 * as fast as the server answers, or `rate` a second in all when given (what a target like "200 leads/s
 * with p99 under 100 ms" means: latency at a load, not at saturation). Lead numbers start after `first`,
 * so a second run on the same server stores new leads, not duplicates.
 */
export async function runLeadBench({
  origin,
  contract,
  fakes,
  seconds,
  amount,
  connections,
  proofs = [],
  rate,
  first = 0,
}) {
  const { endpoint } = contract;
  const probe = await fetch(new URL(endpoint, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  await probe.arrayBuffer();
  if (probe.status === 404)
    return { skipped: `POST ${endpoint} answers 404: the lead endpoint is not wired into the app yet` };

  let next = first;
  let sent = 0;
  let accepted = 0;
  const statuses = {};
  // Timed here: autocannon reports whole seconds, and a fixed amount ends on its next 1-s tick.
  const started = performance.now();
  const result = await autocannon({
    url: new URL(endpoint, origin).href,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        setupRequest: (req) => {
          next += 1;
          sent += 1;
          return { ...req, body: contract.body(next, proofs[next - first - 1]) };
        },
        onResponse: (status, body) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 200 && status < 300 && /"success"\s*:\s*true/.test(body)) accepted += 1;
        },
      },
    ],
  });
  const elapsed = (performance.now() - started) / 1000;

  // Alerts go out after the answer (and may be retried): wait until every stand-in has one for every
  // stored lead (requests cut off by the end of the run may be stored without an answer), or nothing
  // moves for 5 s (at most 60 s).
  const waitStarted = Date.now();
  let last = -1;
  let lastChange = Date.now();
  while (Date.now() - waitStarted < 60_000) {
    const counts = [
      fakes.twilio.messages.length,
      fakes.smtp.messages.length,
      fakes.others.telegram.messages.length,
      fakes.others.ntfy.notifications.length,
      fakes.others.webhook.events.length,
    ];
    const delivered = counts.reduce((a, b) => a + b, 0);
    const expected = Math.max(accepted, (await storedLeads(fakes.databasePath))?.stored ?? 0);
    if (counts.every((n) => n >= expected)) break;
    if (delivered !== last) [last, lastChange] = [delivered, Date.now()];
    else if (Date.now() - lastChange > 5000) break;
    await sleep(200);
  }
  const sms = distinct(fakes.twilio.messages.map((m) => m.body));
  const email = distinct(fakes.smtp.messages.map((m) => `${m.subject ?? ''}\n${m.text ?? ''}`));
  const { telegram, ntfy, webhook } = fakes.others;
  return {
    seconds: elapsed,
    sent,
    answered: result.requests.total,
    accepted,
    perSecond: accepted / elapsed,
    statuses,
    errors: result.errors + result.timeouts,
    latency: { p50: result.latency.p50, p99: result.latency.p99 },
    db: await storedLeads(fakes.databasePath),
    sms: { messages: fakes.twilio.messages.length, requests: fakes.twilio.requests, ...sms },
    email: { messages: fakes.smtp.messages.length, ...email },
    telegram: { messages: telegram.messages.length, ...distinct(telegram.messages.map((m) => m.text)) },
    ntfy: { messages: ntfy.notifications.length, ...distinct(ntfy.notifications.map((n) => n.message)) },
    webhook: {
      messages: webhook.events.length,
      ...distinct(webhook.events.map((e) => String(e.data.email))),
      forged: webhook.forged,
    },
    waitedMs: Date.now() - waitStarted,
  };
}
