/**
 * One mailbox, however its address is spelled. Mail systems deliver
 * `ada@ｇmail.com` (fullwidth), `ada@GMAIL.com` and `ada@gmail.com` to one
 * mailbox, and `bücher.example` is `xn--bcher-kva.example`: the per-address
 * limit, the one auto-reply a day, the duplicate check, export and erasure
 * count them as one person. A domain that maps to nothing is refused.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { ALERT_EMAIL_TO, leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { sleep, waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
const GMAIL = ['ada@ｇmail.com', 'ada@Ｇｍａｉｌ.com', 'ADA@GMAIL.COM', 'ada@gmail.com', 'Ada@gmail.com'];
const BUCHER = ['erin@bücher.example', 'erin@BÜCHER.example', 'erin@xn--bcher-kva.example'];

const replies = (s: LeadSite) => s.smtp.messages.filter((m) => !m.to.includes(ALERT_EMAIL_TO));
const ownerAlerts = (s: LeadSite) => s.smtp.messages.filter((m) => m.to.includes(ALERT_EMAIL_TO));

describe('the spellings of one address', () => {
  it('count as one address for the per-address limit', async () => {
    const s = await site({ env: { LEAD_MAX_PER_EMAIL_PER_DAY: '3' } });
    for (const [n, email] of GMAIL.entries()) await s.post({ name: `Ada ${n}`, company: 'Engines', email });
    assert.deepEqual(
      s.rows().map((r) => r.verdict),
      ['verified', 'verified', 'verified', 'spam', 'spam'],
    );
    // A plus tag is another address to the key: folding it is one provider's rule, not every one's.
    await s.post({ name: 'Ada tagged', company: 'Engines', email: 'ada+news@gmail.com' });
    assert.equal(s.rows().at(-1)?.verdict, 'verified');
  });

  it('get one auto-reply a day between them', async () => {
    const s = await site({ env: { LEAD_AUTO_REPLY: 'true' } });
    for (const [n, email] of BUCHER.entries()) await s.post({ name: `Erin ${n}`, company: 'Books', email });
    await waitFor(() => ownerAlerts(s).length === 3, 5000, 'the owner alert of each lead');
    await sleep(300);
    assert.equal(replies(s).length, 1, 'one reply for the one mailbox');
  });

  it('are one submission for the duplicate check', async () => {
    const s = await site();
    await s.post({ name: 'Ada', company: 'Engines', email: 'ada@gmail.com' });
    const again = await s.post({ name: 'Ada', company: 'Engines', email: 'ada@Ｇｍａｉｌ.com' });
    assert.equal(again.status, 200);
    assert.equal(s.rows().length, 1);
  });

  it('refuse a domain that maps to nothing, and store nothing', async () => {
    const s = await site();
    const answer = await s.post({ name: 'Ada', company: 'Engines', email: 'ada@xn--zz.example' });
    assert.equal(answer.status, 400);
    assert.equal(answer.json.error, 'The domain of this email address is not valid.');
    assert.equal(s.rows().length, 0);
  });

  it('are all found by export and all erased by erase, whichever spelling is asked for', async () => {
    const s = await site({ env: { LEAD_MAX_PER_EMAIL_PER_DAY: '100' } });
    for (const [n, email] of [...BUCHER, ...GMAIL.slice(0, 2)].entries())
      await s.post({ name: `Person ${n}`, company: 'Co', email });
    await s.post({ name: 'Other', company: 'Co', email: 'other@example.org' });
    await waitFor(() => ownerAlerts(s).length === 6, 5000, 'the owner alerts');
    const env = { DATABASE_PATH: s.databasePath };

    const exported = await runCli(['export', '--email', 'erin@bücher.example'], env);
    assert.equal(exported.code, 0, exported.stderr);
    const leads = (JSON.parse(exported.stdout) as { leads: { email: string }[] }).leads;
    assert.deepEqual(
      leads.map((l) => l.email),
      BUCHER,
    );

    const erased = await runCli(['erase', '--email', 'ERIN@xn--bcher-kva.example'], env);
    assert.equal(erased.code, 0, erased.stderr);
    assert.match(erased.stdout, /^erased 3 leads, /);
    const gmail = await runCli(['erase', '--email', 'ada@gmail.com'], env);
    assert.match(gmail.stdout, /^erased 2 leads, /);
    assert.deepEqual(
      s.rows().map((r) => r.email),
      ['other@example.org'],
    );
    for (const file of [s.databasePath, `${s.databasePath}-wal`]) {
      const bytes = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
      // erin@bucher.example: the spelling as the search's folded copy held it (lower case, no accent).
      for (const spelling of [
        ...BUCHER,
        ...GMAIL.slice(0, 2),
        'erin@xn--bcher-kva.example',
        'ada@gmail.com',
        'erin@bucher.example',
      ])
        assert.ok(!bytes.includes(Buffer.from(spelling)), `${file} holds no "${spelling}"`);
    }
  });
});
