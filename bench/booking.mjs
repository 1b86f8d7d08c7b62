// The booking page's free times: what one request costs the server when the owner's calendar is a feed of 2,000
// events (a tenth of them weekly series) and its copy is warm. Booking is turned on as `leads booking set` does,
// the feed is a local stand-in, the lead a verified one (a solved proof of work): GET /book/<token> with
// Accept: application/json computes the 14 days of slots each time. Times are whole requests on 127.0.0.1, an
// upper bound on the server's own time.
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { loadTs, solvedProofs } from './leads.mjs';

const WARM_REQUESTS = 50;

export async function runBookingBench(print, fmt, { origin, env, contract }) {
  const { bigCalendar, startIcsFeed } = await loadTs('tests/support/icsFeed.ts');
  const feed = await startIcsFeed(bigCalendar(2_000, new Date(Date.now() - 86_400_000)));
  try {
    const set = (key, value) =>
      execFileSync(process.execPath, ['dist/cli.js', 'booking', 'set', key, value], {
        env: { ...process.env, ...env },
      });
    set('enabled', 'true');
    set('hours', 'mon-fri 09:00-17:00; sat 10:00-12:00');
    set('feed-url', feed.feedUrl);
    const [proof] = await solvedProofs(origin, contract.challengeEndpoint, 1);
    const lead = await fetch(new URL(contract.endpoint, origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: origin },
      body: contract.body(9_000_001, proof),
    });
    const answer = await lead.text();
    const { bookingUrl } = JSON.parse(answer.startsWith('{') ? answer : '{}');
    if (!bookingUrl) throw new Error(`the lead got no booking link (HTTP ${lead.status}: ${answer.slice(0, 200)})`);
    const path = new URL(bookingUrl).pathname;
    const once = async () => {
      const started = performance.now();
      const res = await fetch(new URL(path, origin), { headers: { Accept: 'application/json' } });
      const { slots } = await res.json();
      return { ms: performance.now() - started, slots: Array.isArray(slots) ? slots.length : slots };
    };
    // While the feed is read and expanded (in a process of its own), the home page keeps answering.
    const homeTimes = [];
    let reading = true;
    const coldRequest = once().finally(() => {
      reading = false;
    });
    while (reading) {
      const started = performance.now();
      await (await fetch(new URL('/', origin))).arrayBuffer();
      homeTimes.push(performance.now() - started);
    }
    const cold = await coldRequest;
    const warm = [];
    for (let i = 0; i < WARM_REQUESTS; i += 1) warm.push(await once());
    const times = warm.map((w) => w.ms).sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    print(
      `Booking: free times for 14 days from a calendar feed of 2,000 events (${cold.slots} slots offered): first request (reads and expands the feed) ${fmt(cold.ms, 1)} ms; warm, ${WARM_REQUESTS} requests: median ${fmt(at(0.5), 1)} ms, p95 ${fmt(at(0.95), 1)} ms (target < 50 ms)`,
    );
    print(
      `  GET / meanwhile, one after another: ${homeTimes.length} answered, slowest ${fmt(Math.max(...homeTimes), 1)} ms`,
    );
  } finally {
    await feed.close();
  }
}
