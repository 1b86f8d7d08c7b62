// `npm run audit`: Lighthouse (12, the version for Node 20) against the
// production build, with the mobile and the desktop preset, in Debian's
// Chromium with every outside host unresolvable, so no score depends on the
// network. Prints the four category scores and LCP, TBT and CLS per preset.
//
// The interview thumbnail normally comes from the video host. With outside
// hosts blocked it would fail to load (a console error, which costs Best
// Practices, and a broken image), so this script serves a stand-in of the same
// size (480x360, like the host's hqdefault image) from 127.0.0.1 and points
// VIDEO_THUMBNAIL_URL at it. It says so in its output. Nothing else is stubbed.
//
// Then the same with a hero photo, uploaded and published from the inbox as the owner would.
//
// Then the owner's list of leads and a lead's page, signed in (the e-mailed link, through a local
// SMTP sink): Lighthouse's accessibility category, mobile and desktop.
//
// A report, not a test: it prints the numbers and exits 0 unless it could not
// run at all. BENCH-style knob: AUDIT_KEEP_REPORTS=dir writes the JSON reports there.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_FLAGS, chromePath } from '../bench/chromium.mjs';
import { publishHeroPhoto } from '../bench/content.mjs';
import { signIn } from '../bench/inbox.mjs';
import { execFileSync } from 'node:child_process';
import { leadContract, solvedProofs, startFakes } from '../bench/leads.mjs';
import { buildIfStale, freePort, startServer, stopAll } from '../bench/processes.mjs';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** A 480x360 PNG (a navy gradient), built in memory: the stand-in for the video host's thumbnail. */
function thumbnailPng(width = 480, height = 360) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1)
      rows.set([20 + (x * 40) / width, 40 + (y * 50) / height, 90 + (x * 60) / width], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function startThumbnailHost() {
  const png = thumbnailPng();
  const port = await freePort();
  const server = http.createServer((req, res) => {
    if (req.url !== '/vi/stand-in/hqdefault.png') return void res.writeHead(404).end();
    res.writeHead(200, {
      'Content-Type': 'image/png',
      'Content-Length': png.length,
      'Cache-Control': 'public, max-age=7200',
    });
    res.end(png);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/vi/stand-in/hqdefault.png`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const PRESETS = [
  ['mobile', undefined, 1800],
  ['desktop', desktopConfig, 1000],
];

function summarise(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const audit = (id) => lhr.audits[id];
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (a) =>
          a &&
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .map((a) => `${category.id}: ${a.id} (${a.displayValue ?? `score ${a.score}`})`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    fcp: audit('first-contentful-paint').numericValue,
    failing,
    consoleErrors: (audit('errors-in-console')?.details?.items ?? []).map((i) => i.description ?? i.url),
  };
}

/** The owner's pages with a lead in them, signed in: Lighthouse's accessibility score of each. */
async function auditInbox(origin, chromePort, cookie) {
  const contract = await leadContract();
  const res = await fetch(`${origin}${contract.endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: contract.body(1),
  });
  if (!res.ok) throw new Error(`the lead for the inbox audit was refused: ${res.status}`);
  console.log();
  console.log("The owner's inbox, signed in with an e-mailed link: accessibility (target 100)");
  for (const path of [
    '/owner',
    '/owner/leads/1',
    '/owner/content',
    '/owner/content/hero',
    '/owner/booking',
    '/owner/calls',
  ]) {
    for (const [name, config] of PRESETS) {
      const flags = {
        port: chromePort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility'],
        extraHeaders: { Cookie: cookie },
      };
      const result = await lighthouse(`${origin}${path}`, flags, config);
      const lhr = result?.lhr;
      const failing = Object.values(lhr?.audits ?? {}).filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary');
      console.log(
        `  ${path.padEnd(20)} ${name.padEnd(8)} ${Math.round((lhr?.categories.accessibility?.score ?? Number.NaN) * 100)}${failing.length ? `  failing: ${failing.map((a) => a.id).join(', ')}` : ''}`,
      );
    }
  }
}

/** Lighthouse on the home page, mobile and desktop: the four scores, LCP, TBT and CLS. */
async function auditHome(origin, chromePort, label, path = '/') {
  console.log();
  console.log(`${path === '/' ? 'The home page' : `The page at ${path}`}, ${label}:`);
  const rows = [];
  for (const [name, config, lcpTarget] of PRESETS) {
    const result = await lighthouse(
      `${origin}${path}`,
      { port: chromePort, output: 'json', logLevel: 'error' },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${name}`);
    if (process.env.AUDIT_KEEP_REPORTS) {
      mkdirSync(process.env.AUDIT_KEEP_REPORTS, { recursive: true });
      writeFileSync(
        join(
          process.env.AUDIT_KEEP_REPORTS,
          `lighthouse-${name}-${path.replaceAll('/', '')}${label.split(' ')[1]}.json`,
        ),
        result.report,
      );
    }
    if (result.lhr.runtimeError)
      console.log(`  ${name}: runtime error ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    rows.push([name, summarise(result.lhr), lcpTarget]);
  }
  console.log();
  console.log(
    'preset   perf  a11y  best-pr  seo   LCP       TBT     CLS    (targets: 100 each; LCP <= 1.8 s mobile / 1.0 s desktop; TBT 0 ms; CLS 0)',
  );
  for (const [name, s, lcpTarget] of rows) {
    console.log(
      `${name.padEnd(8)} ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s.bestPractices).padStart(7)}  ${String(s.seo).padStart(3)}   ` +
        `${(s.lcp / 1000).toFixed(2)} s${s.lcp > lcpTarget ? '!' : ' '}  ${Math.round(s.tbt)} ms${s.tbt > 0 ? '!' : ' '}  ${s.cls.toFixed(3)}${s.cls > 0 ? '!' : ''}`,
    );
  }
  for (const [name, s] of rows) {
    for (const f of s.failing) console.log(`  ${name}: not perfect: ${f}`);
    for (const e of s.consoleErrors) console.log(`  ${name}: console error: ${e}`);
  }
}

/**
 * Booking turned on (as `leads booking set` does), three verified leads: the booking page of each language, and
 * the English one again once a call is booked. [path, label] pairs.
 */
async function bookingPages(origin, env) {
  for (const [key, value] of [
    ['enabled', 'true'],
    ['hours', 'mon-sun 08:00-20:00'],
  ])
    execFileSync(process.execPath, ['dist/cli.js', 'booking', 'set', key, value], { env: { ...process.env, ...env } });
  const contract = await leadContract();
  const proofs = await solvedProofs(origin, contract.challengeEndpoint, 3);
  const paths = [];
  for (const [i, language] of ['en', 'pt-BR', 'es'].entries()) {
    const body = { ...JSON.parse(contract.body(100 + i, proofs[i])), ...(language === 'en' ? {} : { language }) };
    const res = await fetch(`${origin}${contract.endpoint}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify(body),
    });
    const { bookingUrl } = await res.json();
    if (!bookingUrl) throw new Error(`no booking link for the ${language} lead (${res.status})`);
    paths.push([`${new URL(bookingUrl).pathname}?zone=Asia/Kolkata`, `a booking page (${language})`]);
  }
  // The English lead books a time: its page then shows the call and the form that cancels it (asking for the address).
  const [first] = paths[0][0].split('?');
  const times = await (await fetch(`${origin}${first}`, { headers: { Accept: 'application/json' } })).json();
  const booked = await fetch(`${origin}${first}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({ action: 'book', slot: times.slots.at(-1), zone: 'Asia/Kolkata' }),
  });
  if (!booked.ok) throw new Error(`the booking for the audit was refused: ${booked.status}`);
  paths.push([paths[0][0], 'a booking page with a call booked (en)']);
  return paths;
}

async function main() {
  buildIfStale();
  const tmp = mkdtempSync(join(tmpdir(), 'audit-'));
  const thumbnail = await startThumbnailHost();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let chrome;
  const fakes = await startFakes(tmp);
  try {
    await startServer({
      ...fakes.env,
      PORT: String(port),
      PUBLIC_URL: origin,
      VIDEO_THUMBNAIL_URL: thumbnail.url,
    }).then((s) => {
      if (!s.url.startsWith(origin)) throw new Error('unexpected server address');
    });
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    console.log(
      `Lighthouse 12 against the production build at ${origin}/ (Chromium ${chromePath}, outside hosts blocked).`,
    );
    console.log(
      `The video thumbnail is a local 480x360 stand-in served from ${new URL(thumbnail.url).origin} (VIDEO_THUMBNAIL_URL), because the real host is blocked.`,
    );
    await auditHome(origin, chrome.port, 'without a photo (the illustration)');
    await auditHome(origin, chrome.port, 'in Portuguese, without a photo', '/pt/');
    const envForCli = { ...fakes.env, PUBLIC_URL: origin, VIDEO_THUMBNAIL_URL: thumbnail.url };
    for (const [path, label] of await bookingPages(origin, envForCli))
      await auditHome(origin, chrome.port, label, path);
    // One session for the photo and the inbox: the e-mailed link is sent at most once in 10 minutes.
    const cookie = await signIn(origin, fakes.smtp);
    await publishHeroPhoto(origin, cookie);
    await auditHome(
      origin,
      chrome.port,
      'with a hero photo (a 12-megapixel JPEG uploaded from the inbox, then published)',
    );
    await auditInbox(origin, chrome.port, cookie);
  } finally {
    await fakes.close();
    await chrome?.kill();
    await stopAll();
    await thumbnail.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (err) {
  console.error(`audit: ${err.stack ?? err}`);
  process.exitCode = 1;
}
