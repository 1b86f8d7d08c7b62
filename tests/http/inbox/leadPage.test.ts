/**
 * One lead in the inbox, in Chromium: everything stored about it (fields,
 * source, grading reasons, each alert with its status and attempts, the
 * history of marks), and the mark buttons, which do what `leads mark` does:
 * the same status, the same reminders cancelled, each mark in the history.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli } from '../../support/cli';
import { leadSitesPerTest, type LeadSite } from '../../support/leadSite';
import { ownerDevice, textOf, browserPerFile, openSignInLink } from '../../support/ownerBrowser';
import { waitFor } from '../../support/waitFor';

const browser = browserPerFile();
const site = leadSitesPerTest();

const alertStatuses = (s: LeadSite, id: number) =>
  s.services.db.prepare('SELECT channel, status FROM alerts WHERE lead_id = ? ORDER BY channel').all(id);

describe('a lead in the inbox', () => {
  it('shows everything stored about it, and marks it as the CLI does', async () => {
    const s = await site({ localhostOrigin: true, env: { FOLLOW_UP_AFTER_HOURS: '20' } });
    const origin = s.config.publicUrl;
    const referer = `${origin}/?utm_source=newsletter&utm_campaign=launch`;
    s.twilio.report = { status: 'undelivered', errorCode: '30034' }; // the carrier drops the SMS
    for (const who of ['Grace', 'Alan']) {
      const res = await s.post(
        { name: `${who} Example`, company: `${who} Corp`, email: `${who.toLowerCase()}@example.com` },
        { headers: { Referer: referer } },
      );
      assert.equal(res.status, 200);
    }
    await waitFor(() => s.smtp.messages.length >= 2 && s.twilio.messages.length >= 2, 5_000, 'alerts sent');
    await waitFor(() => s.services.queue.deliveryOf(1, 'sms') !== undefined, 5_000, "Twilio's report");

    const phone = await ownerDevice(browser());
    try {
      await openSignInLink(phone.page, s.services.owner.links.create('sign-in').url);
      await phone.page.goto(`${origin}/owner`);
      await phone.page.getByRole('link', { name: /Grace Example/ }).click();
      await phone.page.waitForURL(`${origin}/owner/leads/1`);
      const shown = await textOf(phone.page.locator('main'));
      for (const text of ['Grace Example', 'Grace Corp', 'grace@example.com', 'newsletter', 'launch', 'verified'])
        assert.ok(shown.includes(text), `shows ${text}`);
      assert.match(shown, /sms: sent, 1 attempt, sent [^\n]* Not delivered \(error 30034\): the lead was sent again/);
      assert.match(shown, /email: sent, 1 attempt/);
      assert.match(shown, /reminder-sms: pending, 0 attempts/);
      assert.match(shown, /left/, 'the time left of the promise');

      await phone.page.getByRole('button', { name: 'Mark won' }).click();
      await phone.page.waitForFunction(() => document.querySelector('.owner-notice') !== null);
      assert.equal(phone.page.url(), `${origin}/owner/leads/1`);
      assert.equal(await textOf(phone.page.locator('.owner-notice')), 'Lead #1 is marked won.');
      assert.match(await textOf(phone.page.locator('main')), /Marked won .* \(from the inbox\)/);
      assert.equal(await phone.page.getByRole('button', { name: 'Mark won' }).isDisabled(), true);
    } finally {
      await phone.close();
    }

    const cli = await runCli(['mark', '2', 'won'], { DATABASE_PATH: s.databasePath });
    assert.equal(cli.code, 0, cli.stderr);
    const [byInbox, byCli] = s.rows();
    assert.equal(byInbox?.status, 'won');
    assert.equal(byCli?.status, 'won');
    assert.deepEqual(alertStatuses(s, 1), alertStatuses(s, 2), 'the same alerts cancelled');
    assert.deepEqual(
      (alertStatuses(s, 1) as { channel: string; status: string }[]).filter((a) => a.channel.startsWith('reminder')),
      [
        { channel: 'reminder-email', status: 'cancelled' },
        { channel: 'reminder-sms', status: 'cancelled' },
      ],
    );
    const marks = s.services.db.prepare('SELECT lead_id, status, via FROM lead_marks ORDER BY lead_id').all();
    assert.deepEqual(marks, [
      { lead_id: 1, status: 'won', via: 'inbox' },
      { lead_id: 2, status: 'won', via: 'cli' },
    ]);
    const activity = s.services.owner.reads.activity(10).map((a) => `${a.action}: ${a.detail} (${a.source})`);
    assert.ok(
      activity.some((line) => /^marked: lead 1: new -> won \(inbox, .+\)$/.test(line)),
      activity.join('\n'),
    );
    assert.ok(activity.includes('marked: lead 2: new -> won (command line)'), activity.join('\n'));
    assert.ok(
      activity.every((line) => !line.includes('@')),
      'no address in the activity log',
    );
  });

  it('answers 404 for a lead that does not exist, to the signed-in owner', async () => {
    const s = await site({ localhostOrigin: true });
    const phone = await ownerDevice(browser());
    try {
      await openSignInLink(phone.page, s.services.owner.links.create('sign-in').url);
      for (const id of ['999', 'abc', '0']) {
        assert.equal((await phone.page.goto(`${s.config.publicUrl}/owner/leads/${id}`))?.status(), 404, id);
        assert.match(await textOf(phone.page.locator('main')), /There is no such page in your inbox/, id);
        assert.equal(await phone.page.getByRole('navigation', { name: 'Inbox sections' }).count(), 1, 'in its layout');
      }
    } finally {
      await phone.close();
    }
  });
});
