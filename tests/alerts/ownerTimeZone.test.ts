/**
 * The owner's alerts show when a lead arrived in his time zone (OWNER_TIME_ZONE), with its abbreviation: the
 * e-mail alert, the reminders (e-mail, Telegram, ntfy), the fallback when an SMS was not delivered, and the page of
 * the e-mail's "Mark as contacted" link. Unset, they show UTC as they always did. The webhook's JSON keeps the
 * stored UTC time (tests/alerts/ownerChannels.test.ts). Through the real site too: the configured zone reaches the
 * alerts the runner sends.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildAlertEmail } from '../../src/alerts/emailMessage';
import { ntfyText, reminderMessage, smsFallbackMessage, telegramHtml } from '../../src/alerts/instantMessage';
import { buildSmsFallbackEmail } from '../../src/alerts/noticeEmails';
import { buildReminderEmail } from '../../src/alerts/reminderMessage';
import { ALERT_ENVELOPE, ALERT_LEAD } from '../support/alertLead';
import { leadSitesPerTest } from '../support/leadSite';
import { waitFor } from '../support/waitFor';

// ALERT_LEAD arrived at 2026-03-04T05:06:07.890Z: 02:06:07 in Sao Paulo (UTC-3, no daylight saving time).
const inSaoPaulo = { ...ALERT_LEAD, ownerTimeZone: 'America/Sao_Paulo' };
const SAO_PAULO = 'Received: 2026-03-04 02:06:07 GMT-3';
const UTC = 'Received: 2026-03-04 05:06:07 UTC';
const HOUR = 3_600_000;
const twentyHoursLater = Date.parse(ALERT_LEAD.createdAt) + 20 * HOUR;

describe("the alert texts, in the owner's time zone", () => {
  it('the e-mail alert, in its text and its HTML', () => {
    const email = buildAlertEmail(inSaoPaulo, ALERT_ENVELOPE);
    assert.ok(email.text.includes(`\n${SAO_PAULO}\n`), email.text);
    assert.ok(email.html.includes('<tr><th align="left">Received</th><td>2026-03-04 02:06:07 GMT-3</td></tr>'));
  });

  it('the reminders: e-mail, Telegram and ntfy', () => {
    const email = buildReminderEmail(inSaoPaulo, ALERT_ENVELOPE, twentyHoursLater);
    assert.ok(email.text.startsWith('This lead is still marked new: 4 hours left of the 24-hour promise.\n'));
    assert.ok(email.text.includes(`\n${SAO_PAULO}\n`), email.text);
    const message = reminderMessage(inSaoPaulo, twentyHoursLater);
    assert.ok(telegramHtml(message).includes(`\n${SAO_PAULO}\n`));
    assert.ok(ntfyText(message).includes(`\n${SAO_PAULO}\n`));
  });

  it('the lead again when its SMS was not delivered', () => {
    const undelivered = { ...inSaoPaulo, smsDelivery: { status: 'undelivered', errorCode: '30003' } };
    assert.ok(buildSmsFallbackEmail(undelivered, ALERT_ENVELOPE).text.includes(`\n${SAO_PAULO}\n`));
    assert.ok(ntfyText(smsFallbackMessage(undelivered)).includes(`\n${SAO_PAULO}\n`));
  });

  it('in UTC, as before, when no zone is given', () => {
    assert.ok(buildAlertEmail(ALERT_LEAD, ALERT_ENVELOPE).text.includes(`\n${UTC}\n`));
    assert.ok(ntfyText(reminderMessage(ALERT_LEAD, twentyHoursLater)).includes(`\n${UTC}\n`));
    const utc = { ...ALERT_LEAD, ownerTimeZone: 'UTC' };
    assert.ok(buildReminderEmail(utc, ALERT_ENVELOPE, twentyHoursLater).text.includes(`\n${UTC}\n`));
  });
});

describe('OWNER_TIME_ZONE through the site', () => {
  const site = leadSitesPerTest();
  const ARRIVAL = Date.parse('2026-11-26T09:05:00.000Z');

  it('reaches the e-mail alert, the reminder and the "Mark as contacted" page', async () => {
    // The site's clock runs from 09:05:00 UTC when the lead is posted: its stored time is known to the second.
    let postedAt = Date.now();
    const s = await site({
      env: { OWNER_TIME_ZONE: 'America/Sao_Paulo', FOLLOW_UP_AFTER_HOURS: '0.0005' },
      now: () => ARRIVAL + (Date.now() - postedAt),
    });
    postedAt = Date.now();
    assert.equal((await s.post({ name: 'Ada Lovelace', company: 'Engines', email: 'ada@example.com' })).status, 200);
    assert.equal(s.rows()[0]?.created_at.slice(0, 19), '2026-11-26T09:05:00', 'stored in UTC');
    await waitFor(() => s.smtp.messages.length >= 2, 8000, 'the alert and the reminder e-mails');

    const [alert, reminder] = s.smtp.messages;
    assert.match(alert?.subject ?? '', /^New lead: Ada Lovelace/);
    assert.ok(alert?.text?.includes('\nReceived: 2026-11-26 06:05:00 GMT-3\n'), alert?.text);
    assert.match(reminder?.subject ?? '', /^Reminder: Ada Lovelace/);
    assert.ok(reminder?.text?.includes('\nReceived: 2026-11-26 06:05:00 GMT-3\n'), reminder?.text);

    const href = /Answered\? Mark it as contacted: (\S+)\n/.exec(alert?.text ?? '')?.[1];
    assert.ok(href, 'the mark link');
    const link = new URL(href);
    const page = await (await fetch(new URL(`${link.pathname}${link.search}`, s.url))).text();
    assert.ok(page.includes('The lead arrived 2026-11-26 06:05:00 GMT-3.'), page);
  });

  it('leaves the alerts in UTC when unset', async () => {
    let postedAt = Date.now();
    const s = await site({ now: () => ARRIVAL + (Date.now() - postedAt) });
    postedAt = Date.now();
    await s.post({ name: 'Ada Lovelace', company: 'Engines', email: 'ada@example.com' });
    await waitFor(() => s.smtp.messages.length >= 1, 5000, 'the alert e-mail');
    assert.ok(s.smtp.messages[0]?.text?.includes('\nReceived: 2026-11-26 09:05:00 UTC\n'), s.smtp.messages[0]?.text);
  });
});
