/**
 * Property-based proof that no request to a booking link does harm: fast-check sends generated GETs and POSTs
 * (bookingArbitraries.ts) to three leads' links on the real server with a real SQLite file, one at a time, and
 * compares the bookings before and after each. A request changes a call only when it is what the page's own
 * forms send (the lead's own link, our origin or none, a form-encoded body within its limit) for a time the link
 * offered at that moment, written any way that names the same instant, or a cancel of a call that can still
 * change, and, when a call is booked already, with the lead's address (in any case); then exactly that lead's call
 * changes, to that time. Everything else changes nothing and is refused
 * with a 4xx page, never a 5xx; no two calls ever overlap; no typed markup comes back unescaped.
 * BOOKING_FUZZ_RUNS and BOOKING_FUZZ_SEED replay or extend a run.
 */
import assert from 'node:assert/strict';
import { Agent } from 'node:http';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { pathOf, setAvailability } from '../support/booking';
import { postRaw } from '../support/leadClient';
import { type LeadSite, startLeadSite } from '../support/leadSite';
import { type BookingRequest, bookingRequest, LEADS, type ValuePick } from './bookingArbitraries';

const RUNS = Number(process.env.BOOKING_FUZZ_RUNS ?? 2_000);
const SEED =
  process.env.BOOKING_FUZZ_SEED === undefined ? (Math.random() * 2 ** 31) | 0 : Number(process.env.BOOKING_FUZZ_SEED);
const TEST_FILE = 'tests/security/bookingFuzz.test.ts';
const HOUR = 3_600_000;
const ALLOWED = new Set([200, 302, 400, 403, 404, 409, 413, 415]);
const SCRIPT_IN_PAGE = /<script>alert|<img src=x onerror/;
/** What the form's limit lets through (bytes of body). */
const BODY_LIMIT = 2048;

let site: LeadSite;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
/** Each lead's id and link token, by the index the generator picks. */
const leads: { id: number; token: string }[] = [];
const addressOf = (index: number) => `lead${index}@example.org`;
const stats = { sent: 0, booked: 0, moved: 0, cancelled: 0, byStatus: {} as Record<number, number> };

before(async () => {
  site = await startLeadSite({ sms: false, email: false, env: { LEAD_RATE_LIMIT: '1000000', OWNER_TIME_ZONE: 'UTC' } });
  setAvailability(site, { enabled: 'true', hours: 'mon-sun 00:00-24:00', notice: '0', days: '2', buffer: '0' });
  for (let i = 0; i < LEADS; i += 1) {
    const answer = await site.post({ name: `Lead ${i}`, company: `Company ${i}`, email: addressOf(i) });
    const path = pathOf(String(answer.json.bookingUrl));
    leads.push({ id: site.rows().at(-1)?.id ?? 0, token: path.replace(/^\/book\//, '') });
  }
});

after(async () => {
  agent.destroy();
  await site?.close();
});

type Calls = Map<number, { status: string; starts_at: string; ends_at: string }>;
function calls(): Calls {
  const rows = site.services.db.prepare('SELECT lead_id, status, starts_at, ends_at FROM bookings').all() as {
    lead_id: number;
    status: string;
    starts_at: string;
    ends_at: string;
  }[];
  return new Map(rows.map(({ lead_id, ...call }) => [lead_id, call]));
}

/** What a lead's link offers now, as the form's panel reads it. */
async function offerOf(token: string): Promise<{ slots: string[]; booked: string | null; changeable: boolean }> {
  const reply = await postRaw(site.url, '', {
    method: 'GET',
    path: `/book/${token}`,
    agent,
    headers: { Accept: 'application/json' },
  });
  assert.equal(reply.status, 200, reply.text);
  return reply.json as { slots: string[]; booked: string | null; changeable: boolean };
}

/** The lead whose link this token is, after the server's percent-decoding; undefined for any other text. */
function leadOfToken(text: string): number | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    return undefined;
  }
  const index = leads.findIndex((lead) => lead.token === decoded);
  return index < 0 ? undefined : index;
}

function tokenText(req: BookingRequest): string {
  const { token } = req;
  if (token.kind === 'text') return encodeURIComponent(token.text);
  const own = leads[token.lead]!.token;
  if (token.kind === 'own') return own;
  if (token.kind === 'swapped') return `${leads[token.other]!.id}${own.slice(own.indexOf('.'))}`;
  const at = token.at % own.length;
  return `${own.slice(0, at)}${token.by}${own.slice(at + 1)}`;
}

/**
 * A value as text: an offered time (away from the rules' edges) in the spelling drawn, the call's own, an address
 * (of the lead `target`, the link's, or of the next one), or text.
 */
function valueText(pick: ValuePick, offer: { slots: string[]; booked: string | null }, target: number): string {
  if (pick.kind === 'text') return pick.text;
  if (pick.kind === 'booked') return offer.booked ?? 'none';
  if (pick.kind === 'address') {
    if (pick.whose === 'other') return addressOf((target + 1) % leads.length);
    return pick.whose === 'own' ? addressOf(target) : `  ${addressOf(target).toUpperCase()} `;
  }
  // Three hours on: no time picked here comes near the notice or the 2-hour cutoff while the test runs.
  const safe = offer.slots.filter((slot) => Date.parse(slot) > Date.now() + 3 * HOUR);
  const ms = safe.length === 0 ? Date.parse('2031-01-01T00:00:00Z') : Date.parse(safe[pick.index % safe.length]!);
  const iso = new Date(ms).toISOString();
  switch (pick.spelling) {
    case 'iso':
      return iso;
    case 'no-seconds':
      return `${iso.slice(0, 16)}Z`;
    case 'offset':
      return `${new Date(ms + 5.5 * HOUR).toISOString().slice(0, 19)}+05:30`;
    case 'lower-z':
      return iso.toLowerCase();
    case 'plus-1ms':
      return new Date(ms + 1).toISOString();
    case 'minus-15min':
      return new Date(ms - HOUR / 4).toISOString();
  }
}

const originHeaders = (req: BookingRequest): Record<string, string> =>
  ({
    own: { Origin: site.url },
    none: {},
    cross: { Origin: 'https://evil.example' },
    null: { Origin: 'null' },
    'cross-fetch': { Origin: site.url, 'Sec-Fetch-Site': 'cross-site' },
  })[req.origin];

async function check(req: BookingRequest): Promise<void> {
  const token = tokenText(req);
  const target = leadOfToken(token);
  const offer = await offerOf(leads[target ?? 0]!.token);
  const pairs = req.fields.map(([key, pick]): [string, string] => [key, valueText(pick, offer, target ?? 0)]);
  if (req.padding > 0) pairs.push(['padding', 'x'.repeat(req.padding)]);
  const encoded = new URLSearchParams(pairs).toString();
  const path = `${req.prefix}/book/${token}${req.method === 'GET' && encoded ? `?${encoded}` : ''}`;
  const body = req.method === 'POST' ? encoded : '';
  const beforeCalls = calls();
  const reply = await postRaw(site.url, body, {
    method: req.method,
    path,
    agent,
    contentType: req.method === 'POST' ? req.contentType : undefined,
    headers: { ...originHeaders(req), ...(req.accept ? { Accept: req.accept } : {}) },
  });
  stats.sent += 1;
  stats.byStatus[reply.status] = (stats.byStatus[reply.status] ?? 0) + 1;
  const said = `${req.method} ${path.slice(0, 200)} [${body.slice(0, 200)}] -> ${reply.status}`;
  assert.ok(ALLOWED.has(reply.status), `${said}: ${reply.text.slice(0, 300)}`);
  assert.doesNotMatch(reply.text, SCRIPT_IN_PAGE, `${said}: typed markup is escaped`);

  // What the request asks for, if the page's own forms could have sent it.
  const values = (key: string) => pairs.filter(([k]) => k === key).map(([, v]) => v);
  const [action, slot, email] = [values('action'), values('slot'), values('email')];
  // A booked call changes only with the lead's address typed again (one field; any case, spaces around it).
  const addressGiven = email.length === 1 && email[0]!.trim().toLowerCase() === addressOf(target ?? 0);
  const asForm =
    req.method === 'POST' &&
    target !== undefined &&
    (req.origin === 'own' || req.origin === 'none') &&
    /^application\/x-www-form-urlencoded(; charset=utf-8)?$/.test(req.contentType ?? '') &&
    Buffer.byteLength(body) <= BODY_LIMIT &&
    offer.changeable;
  const at = slot.length === 1 ? Date.parse(slot[0]!) : Number.NaN;
  const offered = offer.slots.some((s) => Date.parse(s) === at);
  const booking =
    asForm && action.length === 1 && action[0] === 'book' && offered && (offer.booked === null || addressGiven);
  const cancel = asForm && action.length === 1 && action[0] === 'cancel' && offer.booked !== null && addressGiven;

  const afterCalls = calls();
  for (const [index, lead] of leads.entries()) {
    const [was, now] = [beforeCalls.get(lead.id), afterCalls.get(lead.id)];
    if (index !== target || !(booking || cancel)) {
      assert.deepEqual(now, was, `${said}: lead ${index}'s call is unchanged`);
      continue;
    }
    if (booking) {
      assert.equal(now?.status, 'booked', said);
      assert.equal(now?.starts_at, new Date(at).toISOString(), `${said}: booked at the time asked`);
      assert.equal(reply.status, 200, said);
      if (was?.status === 'booked') stats.moved += 1;
      else stats.booked += 1;
    } else {
      assert.equal(now?.status, 'cancelled', said);
      assert.equal(now?.starts_at, was?.starts_at, said);
      assert.equal(reply.status, 200, said);
      stats.cancelled += 1;
    }
  }
  const held = [...afterCalls.values()]
    .filter((call) => call.status === 'booked')
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  for (let i = 1; i < held.length; i += 1)
    assert.ok(held[i - 1]!.ends_at <= held[i]!.starts_at, `${said}: two calls overlap`);
}

describe('a booking link under generated hostile input', () => {
  it(`changes a call only for a time it offers, or a cancel, over ${RUNS} generated requests`, {
    timeout: Math.max(120_000, RUNS * 60),
  }, async () => {
    const started = Date.now();
    console.log(
      `[booking-fuzz] replay: BOOKING_FUZZ_SEED=${SEED} BOOKING_FUZZ_RUNS=${RUNS} node --import tsx --test ${TEST_FILE}`,
    );
    await fc.assert(fc.asyncProperty(bookingRequest, check), { numRuns: RUNS, seed: SEED, endOnFailure: true });
    console.log(
      `[booking-fuzz] requests sent: ${stats.sent} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `by status ${JSON.stringify(stats.byStatus)}; booked ${stats.booked}, moved ${stats.moved}, ` +
        `cancelled ${stats.cancelled}, 5xx 0`,
    );
    // The generator reached the paths that change a call, not only the refusals.
    assert.ok(stats.booked >= RUNS / 400, 'calls booked');
    assert.ok(stats.moved >= RUNS / 1000, 'calls moved (with the address)');
    assert.ok(stats.cancelled >= RUNS / 300, 'calls cancelled');
    assert.equal((await fetch(`${site.url}/healthz`)).status, 200);
  });
});
