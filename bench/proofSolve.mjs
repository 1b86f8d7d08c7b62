// How long the lead form's proof of work takes, to choose the challenge's counter range: the BUILT
// worker (dist/public/assets, found through manifest.json) solving challenges made in Node with
// altcha-lib, in Debian's Chromium driven by playwright-core, at several counters; and the server's
// CPU per createChallenge and per verifySolution (with hmacKeySignatureSecret, the fast path).
//
//   node scripts/build.mjs && node bench/proofSolve.mjs
//
// Each run is what the form does for one challenge: a new Worker from the built file, one 'work'
// message, the solution back. "wall" is postMessage to answer, worker start-up included (the script
// is in the HTTP cache after the first run, as it is for a visitor's second challenge); "solve" is
// the time the solver itself reports. Then the same with Chromium's CPU throttling at 4x (Lighthouse's
// mobile preset), with the slowdown it actually caused: each hash is one async WebCrypto digest, whose
// cost is mostly the round trip to Chromium's crypto thread, and the throttling barely reaches that,
// so the throttled table is no model of a slow phone. Then what the same work costs a bot in Node,
// and the server's CPU per createChallenge and verifySolution.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS as LAUNCH_ARGS, chromePath } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const assetsDir = join(root, 'dist', 'public', 'assets');
// The server's settings as the contract describes them (SHA-256, cost 1, 10 minutes).
const SECRET = 'bench-hmac-signature-secret';
const KEY_SECRET = 'bench-hmac-key-signature-secret';
const challengeOptions = (counter) => ({
  algorithm: 'SHA-256',
  cost: 1,
  counter,
  deriveKey,
  hmacSignatureSecret: SECRET,
  hmacKeySignatureSecret: KEY_SECRET,
  expiresAt: Math.floor(Date.now() / 1000) + 600,
  data: { issuedAt: Date.now() },
});

function workerFile() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(assetsDir, 'manifest.json'), 'utf8'));
  } catch {
    throw new Error(`No build in ${assetsDir}: run "node scripts/build.mjs" first.`);
  }
  const file = manifest.entries?.['proof-worker.js'];
  if (!file) throw new Error('The asset manifest has no "proof-worker.js": rebuild with node scripts/build.mjs.');
  return file;
}

/** A page and the worker file on 127.0.0.1, nothing else. */
async function serve(file) {
  const body = readFileSync(join(assetsDir, file));
  const server = http.createServer((req, res) => {
    if (req.url === `/assets/${file}`) {
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
      res.end(body);
    } else if (req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><html lang="en"><title>proof solve bench</title><body></body></html>');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    workerUrl: `/assets/${file}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Solves one challenge in a fresh worker, in the page, as src/pages/form/proofOfWork.ts does. */
function solveInPage(page, workerUrl, challenge) {
  return page.evaluate(
    ({ workerUrl, challenge }) =>
      new Promise((resolve, reject) => {
        const worker = new Worker(workerUrl);
        const started = performance.now();
        worker.onmessage = (event) => {
          const wall = performance.now() - started;
          worker.terminate();
          if (!event.data || event.data.error) reject(new Error(`no solution: ${JSON.stringify(event.data)}`));
          else resolve({ solution: event.data, wall });
        };
        worker.onerror = (event) => {
          worker.terminate();
          reject(new Error(`worker error: ${event.message}`));
        };
        worker.postMessage({ type: 'work', challenge, counterStart: 0, counterStep: 1, timeout: 60_000 });
      }),
    { workerUrl, challenge },
  );
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), max: sorted[sorted.length - 1] };
};

/**
 * Solves `runs` challenges per counter in Chromium. `cpuThrottling`: Chromium's CPU throttling rate
 * (1 = none). Returns one row per counter with wall and solve statistics in ms.
 */
export async function measureProofSolve({
  counters = [5_000, 20_000, 50_000, 100_000],
  runs = 20,
  cpuThrottling = 1,
} = {}) {
  const site = await serve(workerFile());
  const browser = await chromium.launch({ executablePath: chromePath, args: LAUNCH_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${site.url}/`);
    if (cpuThrottling !== 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
    }
    // Warm-up: the worker script into the HTTP cache, WebCrypto and the JIT started.
    await solveInPage(page, site.workerUrl, await createChallenge(challengeOptions(1_000)));
    const rows = [];
    for (const counter of counters) {
      const walls = [];
      const solves = [];
      for (let i = 0; i < runs; i += 1) {
        const challenge = await createChallenge(challengeOptions(counter));
        const { solution, wall } = await solveInPage(page, site.workerUrl, challenge);
        const check = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: SECRET,
          hmacKeySignatureSecret: KEY_SECRET,
        });
        if (!check.verified)
          throw new Error(`counter ${counter}: the worker's solution does not verify: ${JSON.stringify(check)}`);
        walls.push(wall);
        solves.push(solution.time);
      }
      rows.push({
        counter,
        cpuThrottling,
        runs,
        wall: stats(walls),
        solve: stats(solves),
        hashesPerSecond: Math.round(counter / (stats(solves).median / 1000)),
      });
    }
    return rows;
  } finally {
    await browser.close();
    await site.close();
  }
}

/** CPU (user + system) and wall time per call of the server's two ALTCHA operations, in Node, one call at a time. */
export async function measureServerCost({ calls = 2_000, counter = 50_000 } = {}) {
  const perCall = async (fn) => {
    for (let i = 0; i < 100; i += 1) await fn(i); // warm-up
    const cpu = process.cpuUsage();
    const wall = process.hrtime.bigint();
    for (let i = 0; i < calls; i += 1) await fn(i);
    const used = process.cpuUsage(cpu);
    return {
      cpuMicros: (used.user + used.system) / calls,
      wallMicros: Number(process.hrtime.bigint() - wall) / 1000 / calls,
    };
  };
  const create = await perCall(() => createChallenge(challengeOptions(counter)));

  // Solved once in Node (the solution does not depend on who finds it), verified many times.
  const { solveChallenge } = await import('altcha-lib');
  const samples = [];
  for (let i = 0; i < 10; i += 1) {
    const challenge = await createChallenge(challengeOptions(2_000 + i));
    samples.push({ challenge, solution: await solveChallenge({ challenge, deriveKey }) });
  }
  const verifyWith = (options) => async (i) => {
    const { challenge, solution } = samples[i % samples.length];
    const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: SECRET, ...options });
    if (!result.verified) throw new Error(`verifySolution failed: ${JSON.stringify(result)}`);
  };
  const verifyFast = await perCall(verifyWith({ hmacKeySignatureSecret: KEY_SECRET }));
  const verifySlow = await perCall(verifyWith({}));
  return { calls, create, verifyFast, verifySlow };
}

/**
 * What the same work costs a bot in Node: altcha-lib's own solver with node:crypto (one await per
 * hash), and a tight synchronous loop of node:crypto hashes (what a bot written for speed does).
 */
export async function measureBotCost({ counters = [5_000, 20_000, 50_000, 100_000], runs = 5 } = {}) {
  const { createHash } = await import('node:crypto');
  const { solveChallenge } = await import('altcha-lib');
  const rows = [];
  for (const counter of counters) {
    const library = [];
    const tight = [];
    for (let i = 0; i < runs; i += 1) {
      const challenge = await createChallenge(challengeOptions(counter));
      let started = performance.now();
      const solution = await solveChallenge({ challenge, deriveKey });
      library.push(performance.now() - started);
      // The same search without the library: SHA-256(salt || nonce || uint32 counter) until the prefix matches.
      const salt = Buffer.from(challenge.parameters.salt, 'hex');
      const password = Buffer.alloc(challenge.parameters.nonce.length / 2 + 4);
      Buffer.from(challenge.parameters.nonce, 'hex').copy(password);
      const prefix = challenge.parameters.keyPrefix;
      started = performance.now();
      let n = 0;
      for (; ; n += 1) {
        password.writeUInt32BE(n, password.length - 4);
        if (createHash('sha256').update(salt).update(password).digest('hex').startsWith(prefix)) break;
      }
      tight.push(performance.now() - started);
      if (n !== solution.counter) throw new Error(`tight loop found ${n}, the library ${solution.counter}`);
    }
    rows.push({ counter, library: stats(library), tight: stats(tight) });
  }
  return rows;
}

const ms = (n) => n.toFixed(n < 10 ? 1 : 0).padStart(6);

function printSolveTable(rows, note) {
  console.log(`\nSolve in Chromium's worker (${rows[0]?.runs} challenges per counter; ms; ${note})`);
  console.log('counter   | wall median |  wall p90 |  wall max | solve median | solve p90 | hashes/s (median)');
  for (const r of rows) {
    console.log(
      `${String(r.counter).padStart(9)} | ${ms(r.wall.median).padStart(11)} | ${ms(r.wall.p90).padStart(9)} | ${ms(r.wall.max).padStart(9)} | ${ms(r.solve.median).padStart(12)} | ${ms(r.solve.p90).padStart(9)} | ${String(r.hashesPerSecond).padStart(8)}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const counters = [5_000, 20_000, 50_000, 100_000];
  const plain = await measureProofSolve({ counters, runs: 20 });
  printSolveTable(plain, 'no CPU throttling');
  const throttled = await measureProofSolve({ counters, runs: 20, cpuThrottling: 4 });
  const slowdown = throttled.at(-1).solve.median / plain.at(-1).solve.median;
  printSolveTable(
    throttled,
    `Chromium CPU throttling 4x; measured slowdown at ${counters.at(-1)}: ${slowdown.toFixed(2)}x`,
  );

  const bot = await measureBotCost({ counters });
  console.log(`\nThe same work for a bot, Node ${process.version}, one core, 5 challenges per counter (median ms)`);
  console.log('counter   | altcha-lib solveChallenge | tight node:crypto loop');
  for (const r of bot)
    console.log(
      `${String(r.counter).padStart(9)} | ${ms(r.library.median).padStart(25)} | ${ms(r.tight.median).padStart(22)}`,
    );

  const server = await measureServerCost({ calls: 2_000 });
  console.log(`\nServer side, Node ${process.version}, one call at a time, ${server.calls} calls each (µs per call)`);
  console.log('operation                                        | CPU µs | wall µs');
  const line = (name, m) =>
    console.log(`${name.padEnd(48)} | ${m.cpuMicros.toFixed(0).padStart(6)} | ${m.wallMicros.toFixed(0).padStart(7)}`);
  line('createChallenge (SHA-256, cost 1, key signature)', server.create);
  line('verifySolution, hmacKeySignatureSecret (fast)', server.verifyFast);
  line('verifySolution, re-derived key (no key secret)', server.verifySlow);
}
