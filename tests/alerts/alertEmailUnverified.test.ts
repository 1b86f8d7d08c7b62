/**
 * The owner's alert e-mail of an unverified lead, in its HTML part as well as
 * its text: why no SMS came. And the Message-ID's domain when the configured
 * sender's display name holds an @ of its own.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildAlertEmail, senderDomain } from '../../src/alerts/emailMessage';
import { ALERT_ENVELOPE, ALERT_LEAD } from '../support/alertLead';

const lead = { ...ALERT_LEAD, verdict: 'unverified' };
const envelope = ALERT_ENVELOPE;

describe('buildAlertEmail of an unverified lead', () => {
  it('says in the HTML part, before the facts, why no SMS was sent', () => {
    assert.equal(
      buildAlertEmail(lead, envelope).html,
      '<!doctype html><html><body style="font-family:sans-serif">\n' +
        '<p>A visitor asked for a free setup call.</p>\n' +
        '<p>It came without the form&#39;s proof of work (no JavaScript, a script, or sent very fast), so no SMS was sent.</p>\n' +
        '<table cellpadding="4">\n' +
        '<tr><th align="left">Name</th><td>Ada Lovelace</td></tr>\n' +
        '<tr><th align="left">Company</th><td>Analytical Engines</td></tr>\n' +
        '<tr><th align="left">Email</th><td>ada@example.com</td></tr>\n' +
        '<tr><th align="left">Source</th><td>direct</td></tr>\n' +
        '<tr><th align="left">Received</th><td>2026-03-04 05:06:07 UTC</td></tr>\n' +
        '<tr><th align="left">Lead</th><td>#7</td></tr>\n' +
        '</table>\n' +
        '<p><a href="mailto:ada%40example.com">Reply to Ada Lovelace</a> within 24 hours.</p>\n' +
        '</body></html>',
    );
  });
});

describe('senderDomain', () => {
  it('takes the domain of the address, not an @ in the display name before it', () => {
    assert.equal(senderDomain('Ops@Acme <alerts@example.com>'), 'example.com');
    assert.equal(senderDomain('alerts@example.com'), 'example.com');
    assert.equal(
      buildAlertEmail(lead, { ...envelope, from: 'Ops@Acme <alerts@example.com>' }).messageId,
      '<lead-7-20260304050607890@example.com>',
    );
  });
});
