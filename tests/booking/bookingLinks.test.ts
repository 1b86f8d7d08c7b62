/**
 * A lead's booking link token: it names the lead and when it expires, and its signature is an HMAC-SHA256 under
 * the site's link secret. A token made elsewhere, altered (another lead, a later expiry, another signature) or
 * signed with another secret opens nothing; one past its expiry says so. The signed text is pinned: changing it
 * would void every link already sent in an e-mail.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { createBookingLinks } from '../../src/booking/bookingLinks';

const SECRET = 'a-link-secret-of-the-site-32-bytes-long';
// 2026-12-01 15:00:00 UTC, in seconds and in ms.
const EXPIRES_S = 1_764_601_200;
const EXPIRES_MS = EXPIRES_S * 1000;

/** The token as the links' format says: lead, expiry in seconds, HMAC of "booking-link\nLEAD\nEXPIRY". */
const expectedToken = (lead: number, expiresS: number, secret = SECRET) =>
  `${lead}.${expiresS}.${createHmac('sha256', secret).update(`booking-link\n${lead}\n${expiresS}`).digest('base64url')}`;

const links = createBookingLinks(SECRET);
const before = EXPIRES_MS - 60_000;

describe('a booking link token', () => {
  it('is the lead, the expiry in whole seconds and the HMAC of both', () => {
    assert.equal(links.token(42, EXPIRES_MS), expectedToken(42, EXPIRES_S));
    assert.equal(links.token(42, EXPIRES_MS + 999), expectedToken(42, EXPIRES_S), 'milliseconds are dropped');
    assert.match(links.token(7, EXPIRES_MS), /^7\.1764601200\.[\w-]{43}$/);
  });

  it('opens its lead until it expires, and says when', () => {
    assert.deepEqual(links.check(expectedToken(42, EXPIRES_S), before), {
      ok: true,
      leadId: 42,
      expires: EXPIRES_MS,
    });
    assert.deepEqual(links.check(expectedToken(42, EXPIRES_S), EXPIRES_MS - 1), {
      ok: true,
      leadId: 42,
      expires: EXPIRES_MS,
    });
  });

  it('is expired from its expiry on, and only when its signature holds', () => {
    assert.deepEqual(links.check(expectedToken(42, EXPIRES_S), EXPIRES_MS), { ok: false, reason: 'expired' });
    assert.deepEqual(links.check(expectedToken(42, EXPIRES_S), EXPIRES_MS + 86_400_000), {
      ok: false,
      reason: 'expired',
    });
    const forged = `42.${EXPIRES_S - 100}.${expectedToken(42, EXPIRES_S).split('.')[2]}`;
    assert.deepEqual(links.check(forged, EXPIRES_MS), { ok: false, reason: 'invalid' }, 'not "expired": forged');
  });

  it('opens nothing when altered or signed with another secret', () => {
    const good = expectedToken(42, EXPIRES_S);
    const [, , sig] = good.split('.') as [string, string, string];
    const otherSig = sig.startsWith('A') ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    const refused = [
      `43.${EXPIRES_S}.${sig}`, // another lead
      `42.${EXPIRES_S + 3_600}.${sig}`, // a later expiry
      `42.${EXPIRES_S}.${otherSig}`, // another signature
      `42.${EXPIRES_S}.${sig.slice(0, 42)}`, // a signature cut short
      `42.${EXPIRES_S}.${sig}A`, // one too long
      expectedToken(42, EXPIRES_S, 'another-secret-of-another-site-32-bytes'),
      createBookingLinks('another-secret-of-another-site-32-bytes').token(42, EXPIRES_MS),
    ];
    for (const token of refused) assert.deepEqual(links.check(token, before), { ok: false, reason: 'invalid' }, token);
  });

  it('refuses what is not a token at all', () => {
    const sig = expectedToken(42, EXPIRES_S).split('.')[2];
    for (const token of [
      '',
      'not-a-token',
      `042.${EXPIRES_S}.${sig}`, // a lead with a leading zero
      `0.${EXPIRES_S}.${sig}`, // lead 0 is no lead
      `-42.${EXPIRES_S}.${sig}`,
      `42.${EXPIRES_S}`, // no signature
      `42..${sig}`, // no expiry
      `.${EXPIRES_S}.${sig}`, // no lead
      `42.${EXPIRES_S}.${sig}.x`,
      ` 42.${EXPIRES_S}.${sig}`,
      `42.${EXPIRES_S}.${sig}\n`,
      `12345678901234567.${EXPIRES_S}.${sig}`, // 17 digits
      `42.1234567890123.${sig}`, // 13 digits of expiry
    ])
      assert.deepEqual(links.check(token, before), { ok: false, reason: 'invalid' }, JSON.stringify(token));
  });

  it('takes a lead of up to 16 digits and an expiry of up to 12', () => {
    const farFuture = 999_999_999_999;
    const token = expectedToken(1_234_567_890_123_456, farFuture);
    const check = links.check(token, before);
    assert.equal(check.ok, true, token);
    assert.equal(check.ok && check.expires, farFuture * 1000);
    assert.equal(links.check(expectedToken(9, 1), 0).ok, true, 'one digit each');
  });
});
