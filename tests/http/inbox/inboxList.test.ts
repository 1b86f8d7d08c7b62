/**
 * The inbox's list of leads, as the signed-in owner reads it: newest first,
 * 50 to a page with a link to the older ones; filters by status and verdict;
 * a search by name, company or e-mail; and for each lead its source, verdict,
 * status and what is left of the 24-hour promise (overdue shown as such).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'node-html-parser';
import pino from 'pino';
import { leadSitesPerTest, type LeadSite } from '../../support/leadSite';
import { newLeadRow } from '../../support/newLeadRow';
import { ownerFetch, signInByLink } from '../../support/ownerHttp';

const site = leadSitesPerTest();
const HOUR = 3_600_000;

interface Listed {
  name: string;
  text: string;
  href: string;
}

async function list(
  s: LeadSite,
  cookie: string,
  query = '',
): Promise<{ leads: Listed[]; older?: string; newest?: string }> {
  const res = await ownerFetch(s, `/owner${query}`, { headers: { Cookie: cookie } });
  assert.equal(res.status, 200);
  const html = parse(await res.text());
  const leads = html.querySelectorAll('.owner-lead').map((li) => ({
    name: li.querySelector('.owner-lead-name')?.text ?? '',
    text: li.text.replace(/\s+/g, ' '),
    href: li.querySelector('a')?.getAttribute('href') ?? '',
  }));
  const link = (label: string) =>
    html
      .querySelectorAll('nav[aria-label="Pages"] a')
      .find((a) => a.text === label)
      ?.getAttribute('href');
  return { leads, older: link('Older leads'), newest: link('Newest leads') };
}

function seed(s: LeadSite, count: number, at: (i: number) => number, over: (i: number) => object = () => ({})) {
  for (let i = 0; i < count; i++)
    s.services.leads.insert(
      newLeadRow({ createdAt: new Date(at(i)).toISOString(), name: `Lead ${i}`, dedupeKey: `k${i}`, ...over(i) }),
    );
}

describe('the list of leads', () => {
  it('shows 50 leads a page, newest first, and pages through the older ones', async () => {
    const s = await site();
    const start = Date.now() - 200 * 60_000;
    seed(s, 120, (i) => start + i * 60_000);
    const { cookie } = await signInByLink(s);
    const first = await list(s, cookie);
    assert.equal(first.leads.length, 50);
    assert.equal(first.leads[0]?.name, 'Lead 119');
    assert.equal(first.leads[49]?.name, 'Lead 70');
    assert.equal(first.newest, undefined);
    assert.ok(first.older);
    const second = await list(s, cookie, first.older);
    assert.deepEqual(
      second.leads.map((l) => l.name),
      Array.from({ length: 50 }, (_, i) => `Lead ${69 - i}`),
    );
    const third = await list(s, cookie, second.older);
    assert.equal(third.leads.length, 20);
    assert.equal(third.leads.at(-1)?.name, 'Lead 0');
    assert.equal(third.older, undefined, 'no page after the last');
    assert.equal(third.newest, '?');
    assert.equal(first.leads[0]?.href, '/owner/leads/120');
  });

  it('filters by status and verdict, and finds a lead by name, company or e-mail', async () => {
    const s = await site();
    const now = Date.now();
    seed(
      s,
      6,
      (i) => now - (6 - i) * 60_000,
      (i) => ({
        name: ['Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov', 'Ken Thompson', 'Frances Allen'][i],
        company: ['Navy', 'Bletchley', 'Eindhoven', 'MIT', 'Bell Labs', 'IBM'][i],
        email: [
          'grace@navy.example',
          'alan@bletchley.example',
          'ewd@tue.example',
          'liskov@mit.example',
          'ken@bell.example',
          'fran@ibm.example',
        ][i],
        verdict: (['verified', 'spam', 'unverified', 'verified', 'spam', 'verified'] as const)[i],
      }),
    );
    s.services.owner.leads.mark({ via: 'inbox', device: 'Chrome on Linux' }, 4, 'won');
    const { cookie } = await signInByLink(s);
    const names = async (query: string) => (await list(s, cookie, query)).leads.map((l) => l.name);
    assert.deepEqual(await names('?verdict=spam'), ['Ken Thompson', 'Alan Turing']);
    assert.deepEqual(await names('?status=won'), ['Barbara Liskov']);
    assert.deepEqual(await names('?status=new&verdict=verified'), ['Frances Allen', 'Grace Hopper']);
    assert.deepEqual(await names('?q=hopper'), ['Grace Hopper'], 'by name, any case');
    assert.deepEqual(await names('?q=bell+labs'), ['Ken Thompson'], 'by company');
    assert.deepEqual(await names('?q=TUE.example'), ['Edsger Dijkstra'], 'by e-mail');
    assert.deepEqual(await names('?q=nobody'), []);
    assert.deepEqual(
      await names('?verdict=bogus&status=%27'),
      (await names('')).slice(),
      'an unknown filter is no filter',
    );
  });

  it('finds a text of any length, in any case, and from 3 characters without its accents', async () => {
    const s = await site();
    const now = Date.now();
    seed(
      s,
      3,
      (i) => now - (3 - i) * 60_000,
      (i) => ({
        name: ['José Núñez', 'Jo Li', 'Ängel Öz'][i],
        company: ['Café Ltd', 'Xy', 'Straße AG'][i],
        email: ['jose@cafe.example', 'jo@xy.example', 'angel@strasse.example'][i],
      }),
    );
    const { cookie } = await signInByLink(s);
    const names = async (q: string) => (await list(s, cookie, `?q=${encodeURIComponent(q)}`)).leads.map((l) => l.name);
    assert.deepEqual(await names('NUNEZ'), ['José Núñez']);
    assert.deepEqual(await names('jose'), ['José Núñez']);
    assert.deepEqual(await names('café'), ['José Núñez']);
    assert.deepEqual(await names('angel'), ['Ängel Öz']);
    assert.deepEqual(await names('xy'), ['Jo Li'], 'two characters');
    assert.deepEqual(await names('jo'), ['Jo Li', 'José Núñez']);
    assert.deepEqual(await names('"'), [], 'a quote is text, not syntax');
    assert.deepEqual(await names('a" OR "b'), []);
  });

  it('drops control characters from a search: a NUL or a bell answers the list, never an error', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'debug', base: undefined }, { write: (line: string) => void lines.push(line) });
    const s = await site({ deps: { logger } });
    const now = Date.now();
    seed(
      s,
      2,
      (i) => now - (2 - i) * 60_000,
      (i) => ({ name: ['Abc Müller', 'Grace Hopper'][i], company: ['Abcott', 'Navy'][i] }),
    );
    const { cookie } = await signInByLink(s);
    const names = async (query: string) => (await list(s, cookie, query)).leads.map((l) => l.name);
    assert.deepEqual(await names('?q=%00abc'), ['Abc Müller'], 'a NUL before the text');
    assert.deepEqual(await names('?q=hop%00per'), ['Grace Hopper'], 'a NUL inside the text');
    assert.deepEqual(await names('?q=%07%1F%7FMULLER'), ['Abc Müller'], 'other control characters');
    assert.deepEqual(await names('?q=%00%00'), ['Grace Hopper', 'Abc Müller'], 'nothing left to search for');
    assert.deepEqual(await names('?q=%00ab'), ['Abc Müller'], 'a short text, read row by row');
    assert.deepEqual(await names('?q=navy'), ['Grace Hopper'], 'a normal search still finds');
    const failures = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((l) => l.level >= 50);
    assert.deepEqual(failures, [], 'nothing logged as an error');
    assert.ok(!lines.some((line) => /unterminated|stack/i.test(line)), 'no stack trace in the log');
  });

  it('shows each lead with its source, verdict, status and the time left of the 24-hour promise', async () => {
    const s = await site();
    const now = Date.now();
    seed(
      s,
      3,
      (i) => now - [30 * HOUR, 5 * HOUR, 20 * 60_000][i]!,
      (i) => ({
        name: ['Overdue', 'Running', 'Answered'][i],
        source: { ...newLeadRow().source, utm_source: 'linkedin', utm_campaign: 'q4' },
      }),
    );
    s.services.owner.leads.mark({ via: 'inbox', device: 'Chrome on Linux' }, 3, 'contacted');
    const { cookie } = await signInByLink(s);
    const { leads } = await list(s, cookie);
    const text = (name: string) => leads.find((l) => l.name === name)?.text ?? '';
    assert.match(text('Overdue'), /Overdue by 6 h \d+ min/);
    assert.match(text('Running'), /18 h \d+ min left|19 h 0 min left/);
    assert.match(text('Answered'), /Answered \(contacted\)/);
    for (const lead of leads) {
      assert.match(lead.text, /utm_source=linkedin, utm_campaign=q4/);
      assert.match(lead.text, /verified/);
      assert.match(lead.text, /ada@example\.com/);
      assert.match(lead.text, /Engines/);
    }
  });
});
