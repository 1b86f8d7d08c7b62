/**
 * The auto-reply cannot be aimed. Anyone who solves the proof of work may
 * type a stranger's address and any name, so the reply carries nothing the
 * visitor typed, and a site-wide cap per hour and per day bounds how many go
 * out at all; beyond it the reply is held back and `leads status` counts them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { ALERT_EMAIL_TO, leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { sleep, waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
const HOUR = 3_600_000;

const replies = (s: LeadSite) => s.smtp.messages.filter((m) => !m.to.includes(ALERT_EMAIL_TO));
const ownerAlerts = (s: LeadSite) => s.smtp.messages.filter((m) => m.to.includes(ALERT_EMAIL_TO));

describe('the auto-reply aimed at a victim', () => {
  it('carries nothing the visitor typed: no name, no company', async () => {
    const s = await site({ env: { LEAD_AUTO_REPLY: 'true' } });
    const name = 'Claim your 500 USD gift card at prize-claim.example/x7 today';
    await s.post({ name, company: 'Visit prize-claim.example now', email: 'victim@example.org' });
    await waitFor(() => replies(s).length === 1, 5000, 'the reply to the victim address');
    const reply = replies(s)[0]!;
    assert.deepEqual(reply.envelope.to, ['victim@example.org']);
    assert.ok(reply.text?.startsWith('Hello,\n\nThank you for your interest!'), reply.text);
    for (const typed of ['gift card', 'prize-claim', 'Claim your', '500 USD'])
      assert.ok(!reply.raw.includes(typed), `the reply does not carry "${typed}"`);
  });

  it('holds replies back beyond the site-wide caps per hour and per day, and leads status counts them', async () => {
    let offset = 0;
    const s = await site({
      env: {
        LEAD_AUTO_REPLY: 'true',
        LEAD_AUTO_REPLY_MAX_PER_HOUR: '3',
        LEAD_AUTO_REPLY_MAX_PER_DAY: '5',
        LEAD_RATE_LIMIT: '1000',
      },
      now: () => Date.now() + offset,
    });
    const post = (n: number) => s.post({ name: `Person ${n}`, company: 'Co', email: `person${n}@example.org` });
    for (let n = 1; n <= 5; n++) assert.equal((await post(n)).status, 200);
    await waitFor(() => ownerAlerts(s).length === 5, 5000, 'the owner alert of every lead');
    await sleep(300);
    assert.equal(replies(s).length, 3, 'three replies in the first hour');

    offset = HOUR + 60_000; // a new hour, the same day
    for (let n = 6; n <= 9; n++) assert.equal((await post(n)).status, 200);
    await waitFor(() => ownerAlerts(s).length === 9, 5000, 'the owner alert of every lead');
    await sleep(300);
    assert.equal(replies(s).length, 5, 'two more, up to five in the day');
    assert.deepEqual(
      replies(s)
        .flatMap((m) => m.envelope.to)
        .sort(),
      [
        'person1@example.org',
        'person2@example.org',
        'person3@example.org',
        'person6@example.org',
        'person7@example.org',
      ],
    );
    assert.equal(s.rows().length, 9, 'every lead is stored, and the owner alerted of each');

    const { code, stdout, stderr } = await runCli(['status'], { DATABASE_PATH: s.databasePath });
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^reply +held +4$/m);
    assert.match(stdout, /4 auto-replies were held back by the site-wide cap/);
  });

  it('sends none with a cap of 0', async () => {
    const s = await site({ env: { LEAD_AUTO_REPLY: 'true', LEAD_AUTO_REPLY_MAX_PER_DAY: '0' } });
    await s.post({ name: 'Ada', company: 'Engines', email: 'ada@example.org' });
    await waitFor(() => ownerAlerts(s).length === 1, 5000, 'the owner alert');
    await sleep(300);
    assert.equal(replies(s).length, 0);
  });
});
