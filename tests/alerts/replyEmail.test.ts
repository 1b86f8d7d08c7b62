/**
 * The auto-reply a verified lead receives: the exact text and HTML the
 * visitor reads, from our address with replies going to the owner, marked
 * Auto-Submitted, repeating nothing the visitor typed (anyone may type a
 * stranger's address), and one Message-ID for every copy of one lead's reply.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildReplyEmail } from '../../src/alerts/replyMessage';

const profile = {
  name: 'Anna Berg',
  email: 'anna@anna.example',
  phone: '+49 30 1234567',
  linkedinUrl: 'https://www.linkedin.com/in/annaberg',
  messengerUrl: 'https://t.me/annaberg',
  videoUrl: 'https://video.example/intro',
  videoThumbnailUrl: 'https://video.example/intro.jpg',
};
const lead = { id: 7, createdAt: '2026-03-04T05:06:07.890Z', name: 'Ada Lovelace', email: 'ada@example.com' };
const envelope = { from: 'Anna Berg <hello@anna.example>', profile };

describe('buildReplyEmail', () => {
  it('writes the text part the visitor reads', () => {
    assert.equal(
      buildReplyEmail(lead, envelope).text,
      'Hello,\n' +
        '\n' +
        "Thank you for your interest! I'll get back to you within 24 hours to schedule your free setup call.\n" +
        '\n' +
        'If you would like to reach me sooner, write to anna@anna.example, call +49 30 1234567, or message me on Telegram (https://t.me/annaberg) or LinkedIn (https://www.linkedin.com/in/annaberg).\n' +
        '\n' +
        'Best regards,\n' +
        'Anna Berg\n' +
        '\n' +
        '--\n' +
        'You receive this one e-mail because this address was entered in the contact form of my website. If that was not you, please ignore it.\n',
    );
  });

  it('writes the HTML part with the same text, escaped', () => {
    assert.equal(
      buildReplyEmail(lead, { ...envelope, profile: { ...profile, name: 'Anna & Co' } }).html,
      '<!doctype html><html><body style="font-family:sans-serif">\n' +
        '<p>Hello,</p>\n' +
        '<p>Thank you for your interest! I&#39;ll get back to you within 24 hours to schedule your free setup call.</p>\n' +
        '<p>If you would like to reach me sooner, write to anna@anna.example, call +49 30 1234567, or message me on Telegram (https://t.me/annaberg) or LinkedIn (https://www.linkedin.com/in/annaberg).</p>\n' +
        '<p>Best regards,<br>Anna &amp; Co</p>\n' +
        '<p style="color:#666;font-size:small">You receive this one e-mail because this address was entered in the contact form of my website. If that was not you, please ignore it.</p>\n' +
        '</body></html>',
    );
  });

  it('goes to the lead, from our address, with replies going to the owner', () => {
    const mail = buildReplyEmail(lead, envelope);
    assert.equal(mail.from, 'Anna Berg <hello@anna.example>');
    assert.equal(mail.to, 'ada@example.com');
    assert.equal(mail.replyTo, 'anna@anna.example');
    assert.equal(mail.subject, 'Your free setup call with Anna Berg');
  });

  it('is marked as an automatic reply, so the lead autoresponder does not answer it', () => {
    assert.deepEqual(buildReplyEmail(lead, envelope).headers, { 'Auto-Submitted': 'auto-replied' });
  });

  it('repeats nothing the visitor typed, whatever the name holds', () => {
    const name = 'Claim your 500 USD gift card at prize-claim.example/x7 today';
    const mail = buildReplyEmail({ ...lead, name } as typeof lead, envelope);
    assert.ok(mail.text.startsWith('Hello,\n\n'), mail.text);
    for (const part of [mail.text, mail.html, mail.subject]) {
      assert.ok(!part.includes('gift card'), part);
      assert.ok(!part.includes('prize-claim'), part);
    }
  });

  it('keeps the subject on one line whatever the owner name holds', () => {
    assert.equal(
      buildReplyEmail(lead, { ...envelope, profile: { ...profile, name: 'Anna\nBerg' } }).subject,
      'Your free setup call with Anna Berg',
    );
  });

  it('gives every copy of a lead reply one Message-ID on our domain', () => {
    assert.equal(buildReplyEmail(lead, envelope).messageId, '<reply-7-20260304050607890@anna.example>');
    assert.equal(
      buildReplyEmail({ ...lead, email: 'ADA@example.com' }, envelope).messageId,
      '<reply-7-20260304050607890@anna.example>',
    );
    assert.equal(
      buildReplyEmail(lead, { ...envelope, from: 'hello' }).messageId,
      '<reply-7-20260304050607890@localhost>',
    );
  });
});
