/**
 * A lead's source is visitor text shown to the owner next to a real lead, so
 * it must not carry a link into the alert e-mail: a source value with a URL
 * or markup is dropped (the lead is kept and graded as before), and what is
 * shown has no '.' between letters, so no mail client makes a link of a
 * referrer host or a campaign name.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALERT_EMAIL_TO, leadSitesPerTest } from '../support/leadSite';
import { waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
const PHISHING = 'URGENT payment hold - confirm at https://evil.example/login';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** An ASCII dot between two letters or digits: what a mail client reads as part of a domain. */
const DOMAIN_DOT = /[A-Za-z0-9]\.[A-Za-z0-9]/;

describe('links in source fields', () => {
  it('drop the value, keep and alert the lead, and the alert shows no link text and no domain', async () => {
    const s = await site();
    const { status } = await s.post({
      name: 'Erin Example',
      company: 'Real Company',
      email: 'erin@example.org',
      utm_source: PHISHING,
      utm_campaign: 'q1.launch',
      referrer: 'https://news.example.org/post/1',
    });
    assert.equal(status, 200);
    await waitFor(
      () => s.smtp.messages.some((m) => m.to.includes(ALERT_EMAIL_TO)) && s.twilio.messages.length === 1,
      5000,
      "the owner's e-mail and SMS",
    );
    const [row] = s.rows();
    assert.deepEqual(
      [row?.name, row?.verdict, row?.utm_source, row?.utm_campaign, row?.referrer, row?.email_status, row?.sms_status],
      ['Erin Example', 'verified', null, 'q1.launch', 'news.example.org', 'sent', 'sent'],
    );

    const mail = s.smtp.messages.find((m) => m.to.includes(ALERT_EMAIL_TO));
    for (const part of [mail?.raw ?? '', mail?.text ?? '', mail?.html ?? '']) {
      assert.ok(!part.includes('evil.example'), part);
      assert.ok(!part.includes('URGENT payment'), part);
    }
    const textRow = /^Source: (.*)$/m.exec(mail?.text ?? '')?.[1];
    const htmlRow = /<tr><th align="left">Source<\/th><td>(.*?)<\/td><\/tr>/.exec(mail?.html ?? '')?.[1];
    for (const shown of [textRow, htmlRow]) {
      assert.equal(shown, 'utm_campaign=q1\u2024launch (via news\u2024example\u2024org)');
      assert.doesNotMatch(shown ?? '.', DOMAIN_DOT);
      assert.ok(!shown?.includes('://'));
    }
  });

  it('count a page view with a link in utm_source under its referring host, not the link', async () => {
    const s = await site();
    await fetch(`${s.url}/?utm_source=${encodeURIComponent(PHISHING)}`, {
      headers: { 'User-Agent': BROWSER, Referer: 'https://news.example.org/post/1' },
    });
    s.services.views.flush();
    assert.deepEqual(s.services.db.prepare('SELECT source, views FROM page_views').all(), [
      { source: 'news.example.org', views: 1 },
    ]);
  });
});
