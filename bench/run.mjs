// `npm run bench`: how fast the production build serves GET / (after 20 publishes of the content from the inbox, bench/content.mjs) compared with nginx (2 workers,
// gzip on) serving the identical HTML and headers, plus a stricter row, nginx sending our own gzip
// bytes (gzip_static); a bare node:http server is the reference when nginx is not installed.
// Every GET / carries a browser's User-Agent, so the server counts each as a page view. Then lead
// submissions with solved proofs of work, every alert channel on against the local stand-ins of
// Twilio, SMTP, Telegram, ntfy and a webhook receiver, then memory, the
// proof of work's cost in Chromium and on the server, start-up time, and the owner's inbox with
// 100,000 leads (bench/inbox.mjs). The server is started by
// bin/start-server, as `npm start` and the image start it, on the Node that runs this file.
//
// A benchmark, not a test: it prints numbers and never fails on them. All traffic stays on
// 127.0.0.1; every loop is bounded; every process it starts is stopped at the end, also on Ctrl-C.
//
// Knobs (environment): BENCH_ROUNDS (3), BENCH_SECONDS (10), BENCH_CONNECTIONS (50),
// BENCH_LEAD_SECONDS (10), BENCH_LEADS=n (submit exactly n leads instead, so memory figures taken on
// a busy machine follow the same work), BENCH_BARE=1 (add the bare node:http server as a row even when nginx is
// the reference), BENCH_COMPARE=path/to/other/dist/server.js (add another build as a row, started
// with the same flags and allocator, e.g. an older commit's, for before/after), BENCH_START=image
// (stop unless the server runs with the image's settings: Node 24 or later and jemalloc at
// /usr/local/lib/libjemalloc.so.2), BENCH_START=path/to/a/start-script (a variant of
// bin/start-server, to measure what a setting earns).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { leadContract, proofCheckCost, runLeadBench, solvedProofs, startFakes } from './leads.mjs';
import { describePublishes, publishHeroPhoto, publishMany } from './content.mjs';
import { runBookingBench } from './booking.mjs';
import { inboxTraffic, runInboxBench, signIn } from './inbox.mjs';
import { measureProofSolve } from './proofSolve.mjs';
import { runAutocannon, runWrk } from './load.mjs';
import * as processes from './processes.mjs';
import * as references from './references.mjs';

const int = (name, fallback, max) =>
  Math.min(max, Math.max(1, Number.parseInt(process.env[name] ?? '', 10) || fallback));
const ROUNDS = int('BENCH_ROUNDS', 3, 10);
const SECONDS = int('BENCH_SECONDS', 10, 60);
const CONNECTIONS = int('BENCH_CONNECTIONS', 50, 1000);
const LEAD_SECONDS = int('BENCH_LEAD_SECONDS', 10, 60);
const LEADS = process.env.BENCH_LEADS ? int('BENCH_LEADS', 6000, 100_000) : undefined;
const SETTLE_SECONDS = [10, 30]; // memory samples after the runs
/** The lead rate the site must take, every channel on, with p99 under 100 ms; also the steady load's rate. */
const TARGET_RATE = 200;
/** Leads a second for 2 s before that run, to warm the lead's path. */
const WARM_RATE = 50;
const PROOFS_PER_SECOND = 1_500; // solved before a timed lead run: more than the server takes in a second, on the quickest machines too
// gzip: the one encoding both nginx and this server offer. A browser's User-Agent, so every request
// is a page view the server counts (it skips clients that call themselves bots, and nameless ones).
const HEADERS = {
  'Accept-Encoding': 'gzip',
  'User-Agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36 bench',
};

const tmp = mkdtempSync(join(tmpdir(), 'bench-'));
let cleaning = false;
async function cleanUp() {
  if (cleaning) return;
  cleaning = true;
  await processes.stopAll();
  rmSync(tmp, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanUp().finally(() => process.exit(130)));

const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : 'n/a';
const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const print = (line = '') => process.stdout.write(`${line}\n`);

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map(
      (r, ri) =>
        r.map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ') +
        (ri === 0 ? `\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : ''),
    )
    .join('\n');
}

async function pageBenchmark(list, wrk) {
  const tools = [
    ['autocannon', (url) => runAutocannon(url, { connections: CONNECTIONS, seconds: SECONDS, headers: HEADERS })],
  ];
  if (wrk)
    tools.push(['wrk', (url) => runWrk(wrk, url, { connections: CONNECTIONS, seconds: SECONDS, headers: HEADERS })]);

  print(`Warming up each target (3 s of autocannon)...`);
  for (const t of list) await runAutocannon(t.url, { connections: CONNECTIONS, seconds: 3, headers: HEADERS });

  const samples = new Map();
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate the order every round, so drift in the machine's load does not favour one target.
    const order = round % 2 === 0 ? list : [...list].reverse();
    for (const [tool, run] of tools) {
      for (const t of order) {
        const r = await run(t.url);
        const key = `${tool}|${t.name}`;
        samples.set(key, [...(samples.get(key) ?? []), r]);
        print(
          `  round ${round + 1}/${ROUNDS} ${tool.padEnd(10)} ${t.name.padEnd(28)} ${fmt(r.rps).padStart(7)} req/s  p50 ${fmt(r.p50, 2)} ms  p99 ${fmt(r.p99, 2)} ms${r.errors ? `  errors ${r.errors}` : ''}`,
        );
      }
    }
  }

  const rows = [['tool', 'target', 'req/s', 'p50 ms', 'p99 ms', 'req/s vs ref', 'p99 vs ref', 'errors']];
  for (const [tool] of tools) {
    const summary = (name) => {
      const s = samples.get(`${tool}|${name}`);
      return {
        rps: median(s.map((r) => r.rps)),
        p50: median(s.map((r) => r.p50)),
        p99: median(s.map((r) => r.p99)),
        errors: s.reduce((a, r) => a + r.errors, 0),
      };
    };
    const ref = summary(list.find((t) => t.reference).name);
    for (const t of list) {
      const s = summary(t.name);
      rows.push([
        tool,
        t.name,
        fmt(s.rps),
        fmt(s.p50, 2),
        fmt(s.p99, 2),
        t.reference ? 'reference' : `${fmt(s.rps / ref.rps, 2)}x`,
        t.reference ? 'reference' : `${fmt(s.p99 / ref.p99, 2)}x`,
        s.errors,
      ]);
    }
  }
  print();
  print(
    `GET / with Accept-Encoding: gzip, ${CONNECTIONS} connections, median of ${ROUNDS} interleaved ${SECONDS}-s runs per tool and target`,
  );
  print(
    `(targets: >= 1.5x the reference's req/s, p99 no worse than the reference's; every request is a counted page view)`,
  );
  print(table(rows));
}

/** The form's proof of work: what it costs a visitor's browser, and the server per lead. */
async function proofOfWork() {
  print();
  // The default LEAD_CHALLENGE_DIFFICULTY (15,000): the server picks the counter from 7,500 to 15,000.
  try {
    const rows = await measureProofSolve({ counters: [7_500, 15_000], runs: 20 });
    print(
      'Proof of work, solved by the built worker in Chromium (20 challenges per counter; the default difficulty picks 7,500 to 15,000)',
    );
    for (const r of rows)
      print(
        `  counter ${fmt(r.counter)}: median ${fmt(r.wall.median)} ms, p90 ${fmt(r.wall.p90)} ms (worker start-up included; solver alone: median ${fmt(r.solve.median)} ms)`,
      );
  } catch (err) {
    print(`  Chromium solve: not measured (${err.message})`);
  }
  const cost = await proofCheckCost();
  print(
    `  server CPU per lead's proof check: ${fmt(cost.checkMicros)} µs; per challenge handed out: ${fmt(cost.challengeMicros)} µs (${fmt(cost.calls)} calls each, Node ${process.version})`,
  );
}

async function startupTime() {
  const times = [];
  for (let i = 0; i < 5; i += 1) {
    const server = await processes.startServer({ DATABASE_PATH: join(tmp, `startup-${i}.db`) });
    times.push(server.startupMs);
    await processes.stopProcess(server.child);
  }
  return times;
}

/** What bin/start-server chose on this machine, as the running server shows it; with BENCH_START=image, only the image's. */
function describeSettings(pid) {
  const settings = processes.settingsOf(pid);
  const image = settings.jemalloc && settings.nodeArgs.includes('--memory-saver-mode');
  if (process.env.BENCH_START === 'image' && !image) {
    throw new Error(
      "BENCH_START=image: the server did not get the image's settings (they need Node 24 or later and /usr/local/lib/libjemalloc.so.2: apt-get install libjemalloc2, then link it there)",
    );
  }
  const env = Object.entries(settings.env).map(([k, v]) => `${k}=${v}`);
  const line = [...env, 'node', ...settings.nodeArgs, settings.script].join(' ');
  return {
    settings,
    line: `started by ${relative(processes.root, processes.startScript())}${settings.jemalloc ? ', jemalloc mapped' : ''}: ${line}`,
  };
}

/** One lead run against `origin`: proofs solved first, then submissions, then what each stand-in received. */
async function leadRun({ origin, contract, fakes }) {
  const solving = Date.now();
  const steadyLeads = LEADS ? 0 : LEAD_SECONDS * TARGET_RATE;
  const warmLeads = steadyLeads > 0 ? 2 * WARM_RATE : 0;
  const count = (LEADS ?? LEAD_SECONDS * PROOFS_PER_SECOND) + steadyLeads + warmLeads;
  const proofs = await solvedProofs(origin, contract.challengeEndpoint, count);
  print(
    `  ${fmt(proofs.length)} challenges fetched and solved before the runs, in ${fmt((Date.now() - solving) / 1000, 1)} s (leads past them go without a proof: unverified)`,
  );
  if (steadyLeads > 0) {
    // Warm first (the providers' SDKs load on the first lead, the lead's path is compiled), then a
    // steady load: what a visitor waits while leads arrive at this rate, not at the server's limit.
    const base = { origin, contract, fakes, connections: 20 };
    await runLeadBench({ ...base, seconds: 2, rate: WARM_RATE, proofs: proofs.slice(0, 2 * WARM_RATE), first: 3e6 });
    const steady = await runLeadBench({
      ...{ ...base, seconds: LEAD_SECONDS, rate: TARGET_RATE },
      ...{ proofs: proofs.slice(2 * WARM_RATE, 2 * WARM_RATE + steadyLeads), first: 0 },
    });
    if (!steady.skipped)
      print(
        `  ${TARGET_RATE} leads/s offered for ${LEAD_SECONDS} s: ${fmt(steady.perSecond)}/s accepted, p50 ${fmt(steady.latency.p50, 1)} ms, p99 ${fmt(steady.latency.p99, 1)} ms, errors ${steady.errors}`,
      );
  }
  const r = await runLeadBench({
    origin,
    contract,
    fakes,
    seconds: LEAD_SECONDS,
    amount: LEADS,
    connections: 20,
    proofs: proofs.slice(warmLeads + steadyLeads),
    first: 1_000_000,
  });
  if (!r.skipped) print(`  then as fast as it answers (20 connections; target >= ${TARGET_RATE}/s with p99 < 100 ms):`);
  if (r.skipped) print(`  skipped: ${r.skipped}`);
  else {
    print(
      `  sent ${fmt(r.sent)}, answered ${fmt(r.answered)}, accepted ${fmt(r.accepted)} (${fmt(r.perSecond)}/s), statuses ${JSON.stringify(r.statuses)}, errors ${r.errors}`,
    );
    print(`  latency p50 ${fmt(r.latency.p50, 1)} ms, p99 ${fmt(r.latency.p99, 1)} ms`);
    if (r.db?.error) print(`  stored leads: could not read the database (${r.db.error})`);
    else if (r.db)
      print(
        `  stored leads ${fmt(r.db.stored)}, verified ${fmt(r.db.verified)} (rows with the same e-mail twice: ${r.db.duplicateRows}); alert status 'sent': SMS ${fmt(r.db.smsSent)}, e-mail ${fmt(r.db.emailSent)}`,
      );
    print(
      `  SMS at the Twilio fake: ${fmt(r.sms.messages)} messages (${fmt(r.sms.distinct)} distinct leads, duplicates ${r.sms.duplicates}${r.sms.unmatched ? `, ${r.sms.unmatched} without a lead number` : ''}; ${fmt(r.sms.requests)} requests)`,
    );
    print(
      `  e-mail at the SMTP sink: ${fmt(r.email.messages)} messages (${fmt(r.email.distinct)} distinct leads, duplicates ${r.email.duplicates}${r.email.unmatched ? `, ${r.email.unmatched} without a lead number` : ''})`,
    );
    for (const [label, c] of [
      ['Telegram stand-in', r.telegram],
      ['ntfy stand-in', r.ntfy],
      ['webhook receiver', r.webhook],
    ])
      if (c)
        print(
          `  ${label}: ${fmt(c.messages)} messages (${fmt(c.distinct)} distinct leads, duplicates ${c.duplicates}${c.forged ? `, ${c.forged} with a bad signature` : ''})`,
        );
    print(`  waited ${fmt(r.waitedMs / 1000, 1)} s after the run for the alerts to arrive`);
  }
}

async function main() {
  print(processes.buildIfStale());
  const nginx = references.nginxPath();
  const wrk = references.wrkPath();
  print(
    `node ${process.version}, nginx: ${nginx ?? 'not installed (apt-get install nginx-light)'}, wrk: ${wrk ?? 'not installed (apt-get install wrk)'}`,
  );

  const contract = await leadContract();
  const fakes = await startFakes(tmp).catch((err) => ({
    reason: `the Twilio and SMTP fakes did not start: ${err.message}`,
  }));
  const ours = await processes.startServer(fakes.env ?? { DATABASE_PATH: join(tmp, 'leads.db') });
  const started = describeSettings(ours.child.pid);
  // The page measured is a server's that has served many revisions of the content: published from the inbox first.
  const origin = ours.url.replace(/\/$/, '');
  const cookie = fakes.smtp ? await signIn(origin, fakes.smtp) : undefined;
  if (cookie) print(describePublishes(await publishMany(origin, cookie), fmt));
  // The server swaps in its best compression just after start-up: capture once the bytes stop changing (at most ~5 s).
  let page = await references.captureResponse(ours.url);
  for (let i = 0; i < 20; i += 1) {
    await processes.sleep(250);
    const again = await references.captureResponse(ours.url);
    if (again.gzip.equals(page.gzip)) break;
    page = again;
  }
  print(
    `GET / is ${fmt(page.identity.length)} bytes, ${fmt(page.gzip.length)} gzipped; ${page.headers.length} headers reproduced on the reference`,
  );

  // The language pages are served as / is: the same table, the same run (target: within 5 % of GET /).
  const list = [
    { name: 'this server (dist/server.js)', url: ours.url },
    { name: 'this server, GET /pt/', url: `${ours.url.replace(/\/$/, '')}/pt/` },
    { name: 'this server, GET /es/', url: `${ours.url.replace(/\/$/, '')}/es/` },
  ];
  let compareFakes;
  if (process.env.BENCH_COMPARE) {
    // The same configuration as ours (every channel on, against stand-ins of its own), and signed-in inbox
    // traffic through Express before GET / is measured, as ours had with its publishes: a server whose
    // Express path has run answers GET / a little slower than one that never ran it (V8's caches in
    // node:http see two kinds of response), and only ours would otherwise pay for it.
    compareFakes = await startFakes(join(tmp, 'compare-page'));
    const other = await processes.startServerLike(
      resolve(process.env.BENCH_COMPARE),
      started.settings,
      compareFakes.env,
    );
    if (cookie)
      await inboxTraffic(other.url.replace(/\/$/, ''), await signIn(other.url.replace(/\/$/, ''), compareFakes.smtp));
    list.push({ name: 'compare (BENCH_COMPARE)', url: other.url });
  }
  if (nginx) {
    list.push({
      name: 'nginx, 2 workers, gzip on',
      url: (await references.startNginx(join(tmp, 'nginx'), page)).url,
      reference: true,
    });
    list.push({
      name: 'nginx, same + gzip_static',
      url: (await references.startNginx(join(tmp, 'nginx-static'), page, { precompressed: true })).url,
    });
  }
  if (!nginx || process.env.BENCH_BARE === '1') {
    list.push({
      name: 'bare node:http, same bytes',
      url: (await references.startBareNode(tmp, page)).url,
      reference: !nginx,
    });
  }
  await pageBenchmark(list, wrk);

  print();
  print(
    `Lead submissions to POST ${contract.endpoint} (${LEADS ? `${fmt(LEADS)} leads` : `${LEAD_SECONDS} s`}, rate limit lifted, alerts to the local fakes)`,
  );
  if (!fakes.env) print(`  skipped: ${fakes.reason}`);
  else await leadRun({ origin: ours.url, contract, fakes });

  // Right after the runs V8 still holds the garbage of the burst; it hands it back once the process
  // is idle (its memory reducer, some seconds after the last full GC; on Node 24 and later only with
  // --memory-saver-mode).
  const samples = [[0, processes.memoryOf(ours.child.pid)]];
  for (const after of SETTLE_SECONDS) {
    await processes.sleep((after - samples.at(-1)[0]) * 1000);
    samples.push([after, processes.memoryOf(ours.child.pid)]);
  }
  print();
  print(`Memory of the server (node ${process.version}, ${started.line}; target < 100 MB)`);
  print(
    `  resident ${samples.map(([after, m]) => `${fmt(m.rssMb, 1)} MB ${after ? `${after} s later, idle` : 'right after the benchmarks'}`).join('; ')}; peak ${fmt(samples.at(-1)[1].peakMb, 1)} MB`,
  );
  if (cookie) {
    // The image library loads on the first upload, with a bounded cache: what an upload leaves behind.
    const uploading = Date.now();
    await publishHeroPhoto(origin, cookie);
    const took = Date.now() - uploading;
    const right = processes.memoryOf(ours.child.pid);
    await processes.sleep(10_000);
    const later = processes.memoryOf(ours.child.pid);
    print(
      `  after a 12-megapixel hero photo was uploaded and published (${fmt(took / 1000, 1)} s): resident ${fmt(right.rssMb, 1)} MB, ${fmt(later.rssMb, 1)} MB 10 s later (target < 120 MB)`,
    );
  }
  if (fakes.env) {
    // After the memory figures: the calendar's copy and ical.js are what booking adds, measured on their own.
    print();
    await runBookingBench(print, fmt, { origin: ours.url, env: fakes.env, contract });
    await processes.sleep(30_000);
    print(`  resident memory 30 s after the booking requests: ${fmt(processes.memoryOf(ours.child.pid).rssMb, 1)} MB`);
  }
  if (process.env.BENCH_COMPARE && fakes.env) {
    // The same lead run against the other build, with stand-ins and a database of its own.
    const otherFakes = await startFakes(join(tmp, 'compare-leads'));
    const other = await processes.startServerLike(resolve(process.env.BENCH_COMPARE), started.settings, otherFakes.env);
    print();
    print(`Lead submissions to the compare build (BENCH_COMPARE), the same run`);
    await leadRun({ origin: other.url, contract, fakes: otherFakes });
    await otherFakes.close();
  }
  await processes.stopAll();
  await fakes.close?.();
  await compareFakes?.close();
  await proofOfWork();
  const times = await startupTime();
  print(
    `Start-up, spawn of bin/start-server to first 200 on GET / (5 runs): median ${fmt(median(times))} ms, runs ${times.map((t) => fmt(t)).join(', ')} ms (target <= 300 ms)`,
  );
  print();
  await runInboxBench(print, fmt);
}

try {
  await main();
} catch (err) {
  console.error(`bench: ${err.stack ?? err}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  process.exit(); // the in-process fakes may still hold the event loop after a failed run
}
