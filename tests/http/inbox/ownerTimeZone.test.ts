/**
 * The inbox shows times in the owner's time zone (OWNER_TIME_ZONE), with its
 * abbreviation: the list, a lead's page with its marks, the activity and the
 * sessions. The machine-readable times stay UTC: each <time>'s datetime, the
 * CSV export, the database. Unset, the inbox reads UTC as it always did.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'node-html-parser';
import { leadSitesPerTest, type LeadSite } from '../../support/leadSite';
import { newLeadRow } from '../../support/newLeadRow';
import { ownerFetch, signInByLink } from '../../support/ownerHttp';

const site = leadSitesPerTest();
const RECEIVED = '2026-11-26T09:05:00.000Z';
// The site's clock: the owner signs in and marks the lead at 02:30 UTC the next day, still the 26th in Sao Paulo.
const NOW = Date.parse('2026-11-27T02:30:00.000Z');

async function page(s: LeadSite, cookie: string, path: string) {
  const res = await ownerFetch(s, path, { headers: { Cookie: cookie } });
  assert.equal(res.status, 200, path);
  return parse(await res.text());
}

/** Each <time> of the page's main part: what it says, and its machine-readable value. */
const times = (html: ReturnType<typeof parse>) =>
  html.querySelectorAll('main time').map((t) => [t.text, t.getAttribute('datetime')]);

async function siteWithLead(env: Record<string, string> = {}) {
  const s = await site({ env, now: () => NOW, startWorker: false });
  s.services.leads.insert(newLeadRow({ createdAt: RECEIVED, name: 'Ada Lovelace' }));
  const { cookie } = await signInByLink(s);
  return { s, cookie };
}

describe("the inbox, in the owner's time zone", () => {
  it('shows a lead stored at 09:05 UTC at 06:05 GMT-3 in the list and on its page', async () => {
    const { s, cookie } = await siteWithLead({ OWNER_TIME_ZONE: 'America/Sao_Paulo' });
    const list = await page(s, cookie, '/owner');
    assert.deepEqual(times(list), [['2026-11-26 06:05 GMT-3', RECEIVED]]);

    s.services.owner.leads.mark({ via: 'cli' }, 1, 'contacted');
    const lead = await page(s, cookie, '/owner/leads/1');
    assert.deepEqual(times(lead), [
      ['2026-11-26 06:05 GMT-3', RECEIVED],
      ['2026-11-26 06:05 GMT-3', RECEIVED],
      ['2026-11-26 23:30 GMT-3', '2026-11-27T02:30:00.000Z'],
    ]);
    assert.match(lead.querySelector('main')?.text ?? '', /Marked contacted 2026-11-26 23:30 GMT-3/);
  });

  it('shows the activity and the sessions in the zone too', async () => {
    const { s, cookie } = await siteWithLead({ OWNER_TIME_ZONE: 'America/Sao_Paulo' });
    const activity = await page(s, cookie, '/owner/activity');
    assert.ok(times(activity).length > 0, 'the sign-in is listed');
    for (const [text, at] of times(activity)) {
      assert.equal(text, '2026-11-26 23:30 GMT-3');
      assert.equal(at, '2026-11-27T02:30:00.000Z');
    }
    const sessions = (await page(s, cookie, '/owner/sessions')).querySelector('main')?.text ?? '';
    assert.match(sessions, /a passkey 2026-11-26 23:30 GMT-3|an e-mailed link 2026-11-26 23:30 GMT-3/);
    assert.match(sessions, /last seen 2026-11-26 23:30 GMT-3/);
  });

  it('keeps the CSV export and the stored time in UTC', async () => {
    const { s, cookie } = await siteWithLead({ OWNER_TIME_ZONE: 'America/Sao_Paulo' });
    const csv = await (await ownerFetch(s, '/owner/export.csv', { headers: { Cookie: cookie } })).text();
    assert.ok(csv.includes(RECEIVED), csv);
    assert.ok(!csv.includes('GMT-3'));
    assert.equal(s.rows()[0]?.created_at, RECEIVED);
  });

  it('reads UTC as before when OWNER_TIME_ZONE is unset', async () => {
    const { s, cookie } = await siteWithLead();
    assert.deepEqual(times(await page(s, cookie, '/owner')), [['2026-11-26 09:05 UTC', RECEIVED]]);
    assert.equal(times(await page(s, cookie, '/owner/leads/1'))[0]?.[0], '2026-11-26 09:05 UTC');
  });
});
