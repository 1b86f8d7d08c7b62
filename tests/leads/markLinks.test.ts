/**
 * The signed "Mark as contacted" link of the owner's e-mails: the exact link
 * (so links in e-mails sent before a restart or an upgrade keep working), valid
 * for 30 days after the lead arrived, and refused when it was made up, altered,
 * signed with another key, malformed or expired.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { createMarkLinks } from '../../src/leads/markLinks';

const SECRET = 'test-secret-0123456789';
const links = createMarkLinks(SECRET, 'https://anna.example');
/** 2026-03-04T05:06:07.890Z; the link expires 30 days later, at 2026-04-03T05:06:07Z (1775192767 s). */
const arrived = Date.UTC(2026, 2, 4, 5, 6, 7, 890);
const EXPIRES_MS = 1_775_192_767_000;
const SIG_7 = 'SlwKPrFdn8Xo-4pgzjmepCkNlVfgmEbE6GoNtEjC3W0';
const valid = { lead: '7', action: 'contacted', expires: '1775192767', sig: SIG_7 };
const invalid = { ok: false, reason: 'invalid' };

/** A link signed with the key as the server signs (HMAC-SHA256, base64url), to show that even such a link must be well formed. */
const signed = (lead: string, action: string, expires: string) => ({
  lead,
  action,
  expires,
  sig: createHmac('sha256', SECRET).update(`mark-link\n${lead}\n${action}\n${expires}`).digest('base64url'),
});

describe('mark links: url', () => {
  it('names the lead, the action and the expiry 30 days after the lead arrived, signed', () => {
    assert.equal(
      links.url(7, 'contacted', arrived),
      `https://anna.example/lead-link?lead=7&action=contacted&expires=1775192767&sig=${SIG_7}`,
    );
    assert.equal(
      links.url(12345, 'contacted', arrived),
      'https://anna.example/lead-link?lead=12345&action=contacted&expires=1775192767&sig=FXuSO_Ooz4NLMUBvzQPx9JxVatqjl4igh7ER5GTgaBw',
    );
    assert.equal(signed('7', 'contacted', '1775192767').sig, SIG_7);
  });

  it('differs with another key', () => {
    assert.equal(
      createMarkLinks('other-secret', 'https://anna.example').url(7, 'contacted', arrived),
      'https://anna.example/lead-link?lead=7&action=contacted&expires=1775192767&sig=dS-QmSPw5UfzU2N6YjiqEOZ-J-ashW2ylEixMcxGlzQ',
    );
  });
});

describe('mark links: check', () => {
  it('accepts the link it made until it expires, and names its lead', () => {
    assert.deepEqual(links.check(valid, arrived), { ok: true, leadId: 7, action: 'contacted', id: SIG_7 });
    assert.deepEqual(links.check(valid, EXPIRES_MS - 1), { ok: true, leadId: 7, action: 'contacted', id: SIG_7 });
    const url = new URL(links.url(12345, 'contacted', arrived));
    assert.deepEqual(links.check(Object.fromEntries(url.searchParams), arrived + 86_400_000), {
      ok: true,
      leadId: 12345,
      action: 'contacted',
      id: 'FXuSO_Ooz4NLMUBvzQPx9JxVatqjl4igh7ER5GTgaBw',
    });
  });

  it('calls it expired 30 days after the lead arrived', () => {
    assert.deepEqual(links.check(valid, EXPIRES_MS), { ok: false, reason: 'expired' });
    assert.deepEqual(links.check(valid, EXPIRES_MS + 86_400_000), { ok: false, reason: 'expired' });
  });

  it('refuses a link altered to name another lead, action or date, or signed with another key', () => {
    assert.deepEqual(links.check({ ...valid, lead: '8' }, arrived), invalid);
    assert.deepEqual(links.check({ ...valid, expires: '1775192768' }, arrived), invalid);
    assert.deepEqual(links.check({ ...valid, sig: 'dS-QmSPw5UfzU2N6YjiqEOZ-J-ashW2ylEixMcxGlzQ' }, arrived), invalid);
    assert.deepEqual(
      links.check({ ...valid, sig: `${SIG_7.slice(0, -1)}X` }, arrived),
      invalid,
      'one character changed',
    );
    assert.deepEqual(links.check({ ...valid, sig: SIG_7.slice(0, -1) }, arrived), invalid, 'one character short');
    assert.deepEqual(links.check({ ...valid, sig: '' }, arrived), invalid);
    assert.deepEqual(links.check({ ...valid, sig: `${SIG_7}=` }, arrived), invalid);
  });

  it('refuses a link with a part missing or repeated', () => {
    for (const part of ['lead', 'action', 'expires', 'sig'] as const) {
      const { [part]: _, ...rest } = valid;
      assert.deepEqual(links.check(rest, arrived), invalid, `without ${part}`);
      assert.deepEqual(links.check({ ...valid, [part]: [valid[part]] }, arrived), invalid, `${part} given twice`);
      assert.deepEqual(links.check({ ...valid, [part]: 7 }, arrived), invalid, `${part} not text`);
    }
  });

  it('refuses a correctly signed link that is malformed: a lead id that is not a positive whole number, a date that is not, an unknown action', () => {
    for (const [lead, action, expires] of [
      ['0', 'contacted', '1775192767'],
      ['07', 'contacted', '1775192767'],
      ['-7', 'contacted', '1775192767'],
      ['7.0', 'contacted', '1775192767'],
      ['1e3', 'contacted', '1775192767'],
      ['x7', 'contacted', '1775192767'],
      ['7x', 'contacted', '1775192767'],
      ['12345678901234567', 'contacted', '1775192767'],
      ['7', 'won', '1775192767'],
      ['7', 'Contacted', '1775192767'],
      ['7', 'contacted', '1775192767x'],
      ['7', 'contacted', 'x1775192767'],
      ['7', 'contacted', '1775192767.5'],
      ['7', 'contacted', ''],
      ['7', 'contacted', '1775192767000'],
    ] as const) {
      assert.deepEqual(links.check(signed(lead, action, expires), arrived), invalid, `${lead} ${action} ${expires}`);
    }
  });

  it('accepts the largest lead id and date it allows', () => {
    assert.deepEqual(links.check(signed('1234567890123456', 'contacted', '999999999999'), arrived), {
      ok: true,
      leadId: 1234567890123456,
      action: 'contacted',
      id: signed('1234567890123456', 'contacted', '999999999999').sig,
    });
    assert.deepEqual(links.check(signed('9', 'contacted', '1'), 0), {
      ok: true,
      leadId: 9,
      action: 'contacted',
      id: signed('9', 'contacted', '1').sig,
    });
    assert.deepEqual(links.check(signed('9', 'contacted', '1'), 1000), { ok: false, reason: 'expired' });
  });
});
