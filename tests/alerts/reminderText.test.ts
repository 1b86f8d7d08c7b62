/**
 * The owner's reminder of a lead still marked new: how much of the 24-hour
 * promise is left, the exact SMS (within two segments) and e-mail (text, HTML,
 * subject, the "Mark as contacted" link), and a Message-ID that is the same
 * for every copy of one lead's reminder.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildReminderEmail, buildReminderSms, timeLeft } from '../../src/alerts/reminderMessage';
import { billedUnits } from '../support/smsBilling';

const HOUR = 3_600_000;
const createdAt = '2026-03-04T05:06:07.890Z';
const arrived = Date.UTC(2026, 2, 4, 5, 6, 7, 890);
const lead = {
  id: 7,
  createdAt,
  name: 'Ada Lovelace',
  company: 'Analytical Engines',
  email: 'ada@example.com',
  verdict: 'verified' as const,
  source: 'direct',
};
const envelope = { from: 'Alerts <alerts@example.com>', to: 'owner@example.com' };
const markUrl = 'https://anna.example/lead-link?lead=7&action=contacted&expires=1775278000&sig=abc';

describe('timeLeft', () => {
  it('counts the whole hours left of the 24 hours from the lead arrival', () => {
    assert.equal(timeLeft(createdAt, arrived + 60_000), '23 hours left of the 24-hour promise');
    assert.equal(timeLeft(createdAt, arrived + 20 * HOUR), '4 hours left of the 24-hour promise');
    assert.equal(timeLeft(createdAt, arrived + 20 * HOUR + 1), '3 hours left of the 24-hour promise');
    assert.equal(timeLeft(createdAt, arrived + 22 * HOUR), '2 hours left of the 24-hour promise');
  });

  it('says "1 hour", then "less than an hour", then that the promise has run out', () => {
    assert.equal(timeLeft(createdAt, arrived + 23 * HOUR), '1 hour left of the 24-hour promise');
    assert.equal(timeLeft(createdAt, arrived + 23 * HOUR + 1), 'less than an hour left of the 24-hour promise');
    assert.equal(timeLeft(createdAt, arrived + 24 * HOUR - 1), 'less than an hour left of the 24-hour promise');
    assert.equal(timeLeft(createdAt, arrived + 24 * HOUR), 'the 24-hour promise has run out');
    assert.equal(timeLeft(createdAt, arrived + 30 * HOUR), 'the 24-hour promise has run out');
  });
});

describe('buildReminderSms', () => {
  it('reads "Reminder: name, company is still waiting", the time left and the lead number', () => {
    assert.equal(
      buildReminderSms(lead, arrived + 20 * HOUR),
      'Reminder: Ada Lovelace, Analytical Engines is still waiting: 4 hours left of the 24-hour promise. Lead #7',
    );
    assert.equal(
      buildReminderSms({ ...lead, id: 12, name: 'Grace\nHopper', company: 'Navy\t' }, arrived + 25 * HOUR),
      'Reminder: Grace Hopper, Navy is still waiting: the 24-hour promise has run out. Lead #12',
    );
  });

  it('cuts long values evenly so the text fills two segments (306 septets) and no more', () => {
    const text = buildReminderSms({ ...lead, name: 'N'.repeat(200), company: 'C'.repeat(200) }, arrived + 20 * HOUR);
    assert.equal(
      text,
      `Reminder: ${'N'.repeat(112)}..., ${'C'.repeat(113)}... is still waiting: 4 hours left of the 24-hour promise. Lead #7`,
    );
    assert.deepEqual(billedUnits(text), { encoding: 'GSM-7', units: 306 });
  });
});

describe('buildReminderEmail', () => {
  it('writes the text part: time left, the lead facts, the mark link and the CLI command', () => {
    assert.equal(
      buildReminderEmail(lead, envelope, arrived + 20 * HOUR, markUrl).text,
      'This lead is still marked new: 4 hours left of the 24-hour promise.\n' +
        '\n' +
        'Name: Ada Lovelace\n' +
        'Company: Analytical Engines\n' +
        'Email: ada@example.com\n' +
        'Source: direct\n' +
        'Received: 2026-03-04 05:06:07 UTC\n' +
        'Lead: #7\n' +
        '\n' +
        `Answered? Mark it as contacted: ${markUrl}\n` +
        'Or on the server: npm run leads -- mark 7 contacted\n',
    );
  });

  it('leaves the link out when no link is made, and keeps the CLI command', () => {
    const text = buildReminderEmail(lead, envelope, arrived + 20 * HOUR).text;
    assert.ok(text.endsWith('Lead: #7\n\nOr on the server: npm run leads -- mark 7 contacted\n'), text);
    assert.ok(!text.includes('Answered?'));
    assert.ok(
      buildReminderEmail(lead, envelope, arrived + 20 * HOUR).html.endsWith(
        '<tr><th align="left">Lead</th><td>#7</td></tr>\n</table>\n<p>Or on the server: npm run leads -- mark 7 contacted</p>\n</body></html>',
      ),
    );
  });

  it('writes the HTML part with the same facts, escaped, and the link', () => {
    assert.equal(
      buildReminderEmail({ ...lead, name: 'Ada <b>', company: 'R&D' }, envelope, arrived + 23 * HOUR + 1, markUrl).html,
      '<!doctype html><html><body style="font-family:sans-serif">\n' +
        '<p>This lead is still marked new: less than an hour left of the 24-hour promise.</p>\n' +
        '<table cellpadding="4">\n' +
        '<tr><th align="left">Name</th><td>Ada &lt;b&gt;</td></tr>\n' +
        '<tr><th align="left">Company</th><td>R&amp;D</td></tr>\n' +
        '<tr><th align="left">Email</th><td>ada@example.com</td></tr>\n' +
        '<tr><th align="left">Source</th><td>direct</td></tr>\n' +
        '<tr><th align="left">Received</th><td>2026-03-04 05:06:07 UTC</td></tr>\n' +
        '<tr><th align="left">Lead</th><td>#7</td></tr>\n' +
        '</table>\n' +
        '<p><a href="https://anna.example/lead-link?lead=7&amp;action=contacted&amp;expires=1775278000&amp;sig=abc">Answered? Mark it as contacted</a></p>\n' +
        '<p>Or on the server: npm run leads -- mark 7 contacted</p>\n' +
        '</body></html>',
    );
  });

  it('shows the source with no dot a mail client could make a link of, in both parts', () => {
    const mail = buildReminderEmail({ ...lead, source: 'news.example.org' }, envelope, arrived + 20 * HOUR);
    assert.ok(mail.text.includes('\nSource: news\u2024example\u2024org\n'), mail.text);
    assert.ok(mail.html.includes('<tr><th align="left">Source</th><td>news\u2024example\u2024org</td></tr>'));
  });

  it('is from us, to the owner, replies going to the lead, with the time left in the subject', () => {
    const mail = buildReminderEmail(lead, envelope, arrived + 20 * HOUR, markUrl);
    assert.equal(mail.from, 'Alerts <alerts@example.com>');
    assert.equal(mail.to, 'owner@example.com');
    assert.deepEqual(mail.replyTo, { name: 'Ada Lovelace', address: 'ada@example.com' });
    assert.equal(
      mail.subject,
      'Reminder: Ada Lovelace (Analytical Engines) is still waiting: 4 hours left of the 24-hour promise',
    );
  });

  it('keeps the subject and the Reply-To name on one line', () => {
    const mail = buildReminderEmail(
      { ...lead, name: 'Ada\r\nBcc: victim@example.com', company: 'X\u2028Y' },
      envelope,
      arrived + 24 * HOUR,
    );
    assert.equal(
      mail.subject,
      'Reminder: Ada Bcc: victim@example.com (X Y) is still waiting: the 24-hour promise has run out',
    );
    assert.deepEqual(mail.replyTo, { name: 'Ada Bcc: victim@example.com', address: 'ada@example.com' });
  });

  it('gives every copy of a lead reminder one Message-ID on our domain, apart from its alert', () => {
    assert.equal(
      buildReminderEmail(lead, envelope, arrived + 20 * HOUR).messageId,
      '<reminder-7-20260304050607890@example.com>',
    );
    assert.equal(
      buildReminderEmail(lead, envelope, arrived + 23 * HOUR, markUrl).messageId,
      '<reminder-7-20260304050607890@example.com>',
    );
    assert.equal(
      buildReminderEmail(lead, { ...envelope, from: 'alerts' }, arrived).messageId,
      '<reminder-7-20260304050607890@localhost>',
    );
  });
});
