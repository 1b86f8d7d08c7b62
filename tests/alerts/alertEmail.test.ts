/**
 * The e-mail the owner receives for a lead: its exact text and HTML parts,
 * headers that stay on one line and within length, and a Message-ID that is
 * the same for every copy of one lead's alert.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildAlertEmail, escapeHtml, oneLineHeader } from '../../src/alerts/emailMessage';
import { ALERT_ENVELOPE, ALERT_LEAD } from '../support/alertLead';

const lead = ALERT_LEAD;
const envelope = ALERT_ENVELOPE;

describe('buildAlertEmail', () => {
  it('writes the text part the owner reads', () => {
    assert.equal(
      buildAlertEmail(lead, envelope).text,
      'A visitor asked for a free setup call.\n' +
        '\n' +
        'Name: Ada Lovelace\n' +
        'Company: Analytical Engines\n' +
        'Email: ada@example.com\n' +
        'Source: direct\n' +
        'Received: 2026-03-04 05:06:07 UTC\n' +
        'Lead: #7\n' +
        '\n' +
        'Reply to this e-mail to answer them directly. The promised reply time is 24 hours.\n',
    );
  });

  it('ends with the "Mark as contacted" link of the lead when one is given', () => {
    const url = 'https://anna.example/lead-link?lead=7&action=contacted&expires=1775278000&sig=abc';
    const mail = buildAlertEmail(lead, envelope, url);
    assert.ok(
      mail.text.endsWith(`The promised reply time is 24 hours.\n\nAnswered? Mark it as contacted: ${url}\n`),
      mail.text,
    );
    assert.ok(
      mail.html.includes(
        `<p><a href="https://anna.example/lead-link?lead=7&amp;action=contacted&amp;expires=1775278000&amp;sig=abc">Answered? Mark it as contacted</a></p>`,
      ),
    );
  });

  it("links the lead's page in the owner's inbox, before the mark link", () => {
    const url = 'https://anna.example/lead-link?lead=7&action=contacted&expires=1775278000&sig=abc';
    const mail = buildAlertEmail({ ...lead, inboxUrl: 'https://anna.example/owner/leads/7' }, envelope, url);
    assert.ok(
      mail.text.endsWith(
        `24 hours.\n\nOpen it in your inbox: https://anna.example/owner/leads/7\n\nAnswered? Mark it as contacted: ${url}\n`,
      ),
      mail.text,
    );
    assert.ok(mail.html.includes('<p><a href="https://anna.example/owner/leads/7">Open it in your inbox</a></p>'));
  });

  it('says where the lead came from, as untrusted text, with no dot a mail client could make a link of', () => {
    const mail = buildAlertEmail({ ...lead, source: 'utm_source=<b>x</b> (via news.example.org)' }, envelope);
    // U+2024 ONE DOT LEADER in place of each '.': news.example.org reads the same but is no domain.
    assert.ok(mail.text.includes('\nSource: utm_source=<b>x</b> (via news\u2024example\u2024org)\n'), mail.text);
    assert.ok(
      mail.html.includes(
        '<tr><th align="left">Source</th><td>utm_source=&lt;b&gt;x&lt;/b&gt; (via news\u2024example\u2024org)</td></tr>',
      ),
    );
    assert.ok(!mail.text.includes('example.org') && !mail.html.includes('example.org'));
  });

  it('says why an unverified lead came without an SMS, first in the subject', () => {
    const mail = buildAlertEmail({ ...lead, verdict: 'unverified' }, envelope);
    assert.equal(mail.subject, '[unverified] New lead: Ada Lovelace (Analytical Engines)');
    assert.ok(
      mail.text.startsWith(
        "A visitor asked for a free setup call.\nIt came without the form's proof of work (no JavaScript, a script, or sent very fast), so no SMS was sent.\n\n",
      ),
    );
  });

  it('writes the HTML part with the same facts, escaped, and a reply link', () => {
    const mail = buildAlertEmail(
      { ...lead, name: `Ada "Countess" O'Hara`, company: 'R&D <Labs>', email: "o'hara&co@example.com" },
      envelope,
    );
    assert.equal(
      mail.html,
      '<!doctype html><html><body style="font-family:sans-serif">\n' +
        '<p>A visitor asked for a free setup call.</p>\n' +
        '<table cellpadding="4">\n' +
        '<tr><th align="left">Name</th><td>Ada &quot;Countess&quot; O&#39;Hara</td></tr>\n' +
        '<tr><th align="left">Company</th><td>R&amp;D &lt;Labs&gt;</td></tr>\n' +
        '<tr><th align="left">Email</th><td>o&#39;hara&amp;co@example.com</td></tr>\n' +
        '<tr><th align="left">Source</th><td>direct</td></tr>\n' +
        '<tr><th align="left">Received</th><td>2026-03-04 05:06:07 UTC</td></tr>\n' +
        '<tr><th align="left">Lead</th><td>#7</td></tr>\n' +
        '</table>\n' +
        '<p><a href="mailto:o&#39;hara%26co%40example.com">Reply to Ada &quot;Countess&quot; O&#39;Hara</a> within 24 hours.</p>\n' +
        '</body></html>',
    );
  });

  it('percent-encodes the address in the reply link, so it cannot add recipients or headers', () => {
    const link = (email: string) => /<a href="([^"]*)">/.exec(buildAlertEmail({ ...lead, email }, envelope).html)?.[1];
    assert.equal(link('zoë@bücher.de'), 'mailto:zo%C3%AB%40b%C3%BCcher.de');
    assert.equal(link('a?cc=victim@example.com'), 'mailto:a%3Fcc%3Dvictim%40example.com');
    assert.equal(link('a&b,c@example.com'), 'mailto:a%26b%2Cc%40example.com');
  });

  it('shows a time without milliseconds the same way', () => {
    assert.ok(
      buildAlertEmail({ ...lead, createdAt: '2026-03-04T05:06:07Z' }, envelope).text.includes(
        '\nReceived: 2026-03-04 05:06:07 UTC\n',
      ),
    );
  });

  it('is from us, to the owner, with replies going to the lead', () => {
    const mail = buildAlertEmail(lead, envelope);
    assert.equal(mail.from, 'alerts@example.com');
    assert.equal(mail.to, 'owner@example.com');
    assert.deepEqual(mail.replyTo, { name: 'Ada Lovelace', address: 'ada@example.com' });
    assert.equal(mail.subject, 'New lead: Ada Lovelace (Analytical Engines)');
  });

  it("gives every copy of a lead's alert one Message-ID on our domain", () => {
    assert.equal(buildAlertEmail(lead, envelope).messageId, '<lead-7-20260304050607890@example.com>');
    assert.equal(
      buildAlertEmail({ ...lead, name: 'Other' }, envelope).messageId,
      '<lead-7-20260304050607890@example.com>',
    );
    assert.equal(
      buildAlertEmail(lead, { ...envelope, from: 'alerts' }).messageId,
      '<lead-7-20260304050607890@localhost>',
    );
  });

  it('keeps the subject and the Reply-To name on one line and within length', () => {
    const mail = buildAlertEmail({ ...lead, name: 'Ada\r\nBcc: victim@example.com', company: 'X\u2028Y\tZ' }, envelope);
    assert.equal(mail.subject, 'New lead: Ada Bcc: victim@example.com (X Y Z)');
    assert.equal(mail.replyTo.name, 'Ada Bcc: victim@example.com');

    const long = buildAlertEmail({ ...lead, name: 'N'.repeat(250), company: 'C' }, envelope);
    assert.equal(long.subject, `New lead: ${'N'.repeat(137)}...`, 'subjects are cut at 150 characters');
    assert.equal(long.replyTo.name, `${'N'.repeat(197)}...`, 'the Reply-To name is cut at 200 characters');
  });
});

describe('oneLineHeader', () => {
  it('turns line breaks and runs of whitespace into single spaces, and trims', () => {
    assert.equal(oneLineHeader('  Ada\r\n\tLovelace  \u2029 Ltd \n'), 'Ada Lovelace Ltd');
    assert.equal(oneLineHeader('Ada  Lovelace'), 'Ada Lovelace');
    assert.equal(oneLineHeader('Ada\nLovelace'), 'Ada Lovelace');
  });

  it('drops invisible format characters, which could reorder what the owner reads, and keeps the joiners of a name', () => {
    assert.equal(oneLineHeader('Ada\u202eecalevoL\u200b Ltd\u2066'), 'AdaecalevoL Ltd');
    // The joiners are part of the name as written: an emoji sequence, a Persian word.
    assert.equal(
      oneLineHeader('Dev \u{1F469}\u{1F3FD}\u200d\u{1F4BB} Ltd'),
      'Dev \u{1F469}\u{1F3FD}\u200d\u{1F4BB} Ltd',
    );
    assert.equal(
      oneLineHeader('\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645'),
      '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645',
    );
  });

  it('breaks up RFC 2047 encoded words, which a mail client would decode into anything', () => {
    assert.equal(oneLineHeader('=?utf-8?B?QmNjOg==?='), '= ?utf-8?B?QmNjOg== ?=');
    const mail = buildAlertEmail({ ...lead, name: '=?utf-8?Q?Ada=0D=0ABcc:_x@example.com?=' }, envelope);
    assert.equal(mail.subject, 'New lead: = ?utf-8?Q?Ada=0D=0ABcc:_x@example.com?= (Analytical Engines)');
    assert.equal(mail.replyTo.name, '= ?utf-8?Q?Ada=0D=0ABcc:_x@example.com?=');
  });

  it('keeps a value of exactly the limit whole and cuts a longer one to the limit', () => {
    assert.equal(oneLineHeader('x'.repeat(150)), 'x'.repeat(150));
    assert.equal(oneLineHeader('x'.repeat(151)), `${'x'.repeat(147)}...`);
    assert.equal(oneLineHeader('😀'.repeat(10), 10), '😀'.repeat(10), 'counted in characters');
    assert.equal(oneLineHeader('😀'.repeat(11), 10), `${'😀'.repeat(7)}...`);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters and nothing else', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a> é`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt; é');
    assert.equal(escapeHtml(42), '42');
  });
});
