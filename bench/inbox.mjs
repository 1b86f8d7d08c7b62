// The owner's inbox with 100,000 leads stored: server time of the list page, searches and a lead's
// page, median and p99 over sequential requests on one kept-alive connection (on loopback the round
// trip is the server's time plus a few tens of microseconds). The leads are written by the leads
// table's own module (src/leads/leadsTable.ts), the session comes the way the owner gets one (the
// e-mailed sign-in link, through the local SMTP sink). `npm run bench` runs it last; alone:
// `node bench/inbox.mjs`. Knobs: BENCH_INBOX_LEADS (100000), BENCH_INBOX_REQUESTS (300).
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTs, startFakes } from './leads.mjs';
import * as processes from './processes.mjs';

const int = (name, fallback) => Math.max(1, Number.parseInt(process.env[name] ?? '', 10) || fallback);

/** Leads like real ones: 300 domains, 5,000 companies, one in ten spam, a third from LinkedIn, two in five not in English. */
async function seed(databasePath, count) {
  const { openDatabase } = await loadTs('src/storage/database.ts');
  const { createLeadsTable } = await loadTs('src/leads/leadsTable.ts');
  const db = openDatabase(databasePath);
  const leads = createLeadsTable(db);
  const start = Date.now() - count * 60_000;
  const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const email = `person${i}@domain${i % 300}.example`;
      leads.insert({
        createdAt: new Date(start + i * 60_000).toISOString(),
        name: `Person ${i} Surname${i % 977}`,
        company: `Company ${i % 5000} GmbH`,
        email,
        emailKey: email,
        // Mostly English, as the leads of a site that speaks three languages would be.
        language: ['en', 'en', 'en', 'pt-BR', 'es'][i % 5],
        userAgent: ua,
        ipHash: 'bench',
        dedupeKey: `bench-${i}`,
        verdict: i % 10 === 0 ? 'spam' : 'verified',
        verdictReasons: i % 10 === 0 ? 'link in name' : '',
        source: {
          utm_source: i % 3 === 0 ? 'linkedin' : null,
          utm_medium: null,
          utm_campaign: null,
          utm_term: null,
          utm_content: null,
          referrer: 'direct',
        },
      });
    }
  })();
  db.close();
}

export function request(agent, url, options = {}) {
  return new Promise((done, reject) => {
    const req = http.request(url, { agent, ...options }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A session the owner's way: ask for the e-mailed link, open it, press its button. */
export async function signIn(origin, smtp) {
  const agent = new http.Agent({ keepAlive: false });
  const form = { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
  await request(agent, `${origin}/owner/login/email-link`, form);
  const linkIn = () =>
    smtp.messages.map((m) => /\/owner\/sign-in\/[A-Za-z0-9_-]+/.exec(m.text ?? '')?.[0]).find(Boolean);
  for (let i = 0; i < 200 && !linkIn(); i++) await processes.sleep(20);
  const path = linkIn();
  if (!path) throw new Error('no sign-in link was mailed');
  const res = await request(agent, `${origin}${path}`, form);
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0];
  if (!cookie.includes('=')) throw new Error(`signing in failed: ${res.status}`);
  return cookie;
}

/** Signed-in page views of the inbox (the list and the activity), `count` of them: traffic through Express. */
export async function inboxTraffic(origin, cookie, count = 80) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < count; i++) {
    const res = await request(agent, `${origin}${i % 2 ? '/owner/activity' : '/owner'}`, {
      headers: { Cookie: cookie },
    });
    if (res.status !== 200) throw new Error(`the inbox answered ${res.status}`);
  }
  agent.destroy();
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function runInboxBench(print, fmt) {
  const count = int('BENCH_INBOX_LEADS', 100_000);
  const requests = int('BENCH_INBOX_REQUESTS', 300);
  const dir = mkdtempSync(join(tmpdir(), 'bench-inbox-'));
  try {
    const seeding = Date.now();
    const fakes = await startFakes(dir);
    await seed(fakes.databasePath, count);
    print(
      `The owner's inbox with ${fmt(count)} leads (written in ${fmt((Date.now() - seeding) / 1000, 1)} s), ${requests} sequential requests each, one kept-alive connection`,
    );
    const server = await processes.startServer(fakes.env);
    const origin = server.url.replace(/\/$/, '');
    const cookie = await signIn(origin, fakes.smtp);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const pages = [
      ['list, newest 50', '/owner'],
      ['list, 1,000th page', `/owner?before=${count - 50_000}`],
      ['filter: status won (none)', '/owner?status=won'],
      ['filter: spam', '/owner?verdict=spam'],
      ['search: a name, 103 matches', '/owner?q=surname976'],
      ['search: one address', `/owner?q=person${count - 7}%40`],
      ['search: no match', '/owner?q=nobody-at-all'],
      ['search: 2 characters (scan)', '/owner?q=zz'],
      ['a lead page', `/owner/leads/${Math.floor(count / 2)}`],
    ];
    for (const [name, path] of pages) {
      const times = [];
      for (let i = 0; i < requests + 20; i++) {
        const started = process.hrtime.bigint();
        const res = await request(agent, `${origin}${path}`, { headers: { Cookie: cookie } });
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        if (i >= 20) times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      times.sort((a, b) => a - b);
      print(
        `  ${name.padEnd(30)} median ${fmt(percentile(times, 50), 2).padStart(6)} ms   p99 ${fmt(percentile(times, 99), 2).padStart(6)} ms`,
      );
    }
    agent.destroy();
    await processes.stopProcess(server.child);
    await fakes.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  processes.buildIfStale();
  const fmt = (n, digits = 0) =>
    n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  try {
    await runInboxBench((line) => process.stdout.write(`${line}\n`), fmt);
  } catch (err) {
    console.error(`bench: ${err.stack ?? err}`);
    process.exitCode = 1;
  } finally {
    await processes.stopAll();
    process.exit();
  }
}
