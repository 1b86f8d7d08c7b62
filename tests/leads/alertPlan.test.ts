/**
 * Which alerts a lead gets, as the operator finds them in the alerts table:
 * a verified lead the owner's SMS and e-mail (and the auto-reply when allowed),
 * an unverified one the e-mail only, spam nothing; reminders for the first two
 * when follow-ups are on; a channel that is off shows as 'skipped'.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alertPlan } from '../../src/leads/alertPlan';

const at = '2026-11-25T10:00:00.000Z';
const remindAt = '2026-11-25T16:00:00.000Z';
const everything = ['sms', 'email', 'reply', 'reminder-sms', 'reminder-email'];
// The channels as the product has them: the owner's SMS (instant) and e-mail, which show as skipped
// when off; the visitor's reply; the owner's two reminders.
const channels = [
  { name: 'sms', kind: 'instant', recordWhenOff: true },
  { name: 'email', kind: 'email', recordWhenOff: true },
  { name: 'reply', kind: 'reply', recordWhenOff: false },
  { name: 'reminder-sms', kind: 'reminder', recordWhenOff: false },
  { name: 'reminder-email', kind: 'reminder', recordWhenOff: false },
] as const;

describe('alertPlan', () => {
  it('sends a verified lead the SMS, the e-mail and the auto-reply now, and both reminders later', () => {
    assert.deepEqual(alertPlan('verified', { channels, configured: everything, reply: 'send', at, remindAt }), [
      { channel: 'sms', status: 'pending', at },
      { channel: 'email', status: 'pending', at },
      { channel: 'reply', status: 'pending', at },
      { channel: 'reminder-sms', status: 'pending', at: remindAt },
      { channel: 'reminder-email', status: 'pending', at: remindAt },
    ]);
  });

  it('marks an owner channel that is off as skipped, and plans no reply or reminder on a channel that is off', () => {
    assert.deepEqual(
      alertPlan('verified', { channels, configured: ['email', 'reminder-email'], reply: 'send', at, remindAt }),
      [
        { channel: 'sms', status: 'skipped', at: null },
        { channel: 'email', status: 'pending', at },
        { channel: 'reminder-email', status: 'pending', at: remindAt },
      ],
    );
    assert.deepEqual(
      alertPlan('verified', { channels, configured: ['sms', 'reminder-sms'], reply: 'send', at, remindAt }),
      [
        { channel: 'sms', status: 'pending', at },
        { channel: 'email', status: 'skipped', at: null },
        { channel: 'reminder-sms', status: 'pending', at: remindAt },
      ],
    );
    assert.deepEqual(alertPlan('verified', { channels, configured: [], reply: 'send', at, remindAt }), [
      { channel: 'sms', status: 'skipped', at: null },
      { channel: 'email', status: 'skipped', at: null },
    ]);
  });

  it('sends no auto-reply when this address already had one (or replies are off)', () => {
    assert.deepEqual(alertPlan('verified', { channels, configured: everything, reply: 'none', at, remindAt: null }), [
      { channel: 'sms', status: 'pending', at },
      { channel: 'email', status: 'pending', at },
    ]);
  });

  it('records a reply held back by the site-wide cap as held, with no due time, and nothing else held', () => {
    assert.deepEqual(alertPlan('verified', { channels, configured: everything, reply: 'hold', at, remindAt }), [
      { channel: 'sms', status: 'pending', at },
      { channel: 'email', status: 'pending', at },
      { channel: 'reply', status: 'held', at: null },
      { channel: 'reminder-sms', status: 'pending', at: remindAt },
      { channel: 'reminder-email', status: 'pending', at: remindAt },
    ]);
    const replyOff = everything.filter((name) => name !== 'reply');
    assert.deepEqual(
      alertPlan('verified', { channels, configured: replyOff, reply: 'hold', at, remindAt: null }),
      [
        { channel: 'sms', status: 'pending', at },
        { channel: 'email', status: 'pending', at },
      ],
      'no reply row where the reply channel is off',
    );
    assert.deepEqual(
      alertPlan('unverified', { channels, configured: everything, reply: 'hold', at, remindAt: null }),
      [{ channel: 'email', status: 'pending', at }],
      'an unverified lead gets no reply, held or not',
    );
  });

  it('sends no reminders when follow-ups are off', () => {
    assert.deepEqual(alertPlan('verified', { channels, configured: everything, reply: 'send', at, remindAt: null }), [
      { channel: 'sms', status: 'pending', at },
      { channel: 'email', status: 'pending', at },
      { channel: 'reply', status: 'pending', at },
    ]);
  });

  it('e-mails the owner about an unverified lead, never texts, never replies, and still reminds', () => {
    assert.deepEqual(alertPlan('unverified', { channels, configured: everything, reply: 'send', at, remindAt }), [
      { channel: 'email', status: 'pending', at },
      { channel: 'reminder-sms', status: 'pending', at: remindAt },
      { channel: 'reminder-email', status: 'pending', at: remindAt },
    ]);
    assert.deepEqual(alertPlan('unverified', { channels, configured: ['sms'], reply: 'send', at, remindAt: null }), [
      { channel: 'email', status: 'skipped', at: null },
    ]);
  });

  it('plans a channel added to the list by its kind, in the order the channels are listed', () => {
    const withPager = [
      channels[0],
      { name: 'pager', kind: 'instant', recordWhenOff: false } as const,
      ...channels.slice(1),
    ];
    assert.deepEqual(
      alertPlan('verified', {
        channels: withPager,
        configured: ['sms', 'pager', 'email'],
        reply: 'none',
        at,
        remindAt: null,
      }),
      [
        { channel: 'sms', status: 'pending', at },
        { channel: 'pager', status: 'pending', at },
        { channel: 'email', status: 'pending', at },
      ],
    );
    assert.deepEqual(
      alertPlan('unverified', {
        channels: withPager,
        configured: ['sms', 'pager', 'email'],
        reply: 'none',
        at,
        remindAt: null,
      }),
      [{ channel: 'email', status: 'pending', at }],
    );
    assert.deepEqual(
      alertPlan('verified', { channels: withPager, configured: [], reply: 'none', at, remindAt: null }),
      [
        { channel: 'sms', status: 'skipped', at: null },
        { channel: 'email', status: 'skipped', at: null },
      ],
    );
  });

  it('sends nothing at all for spam', () => {
    assert.deepEqual(alertPlan('spam', { channels, configured: everything, reply: 'send', at, remindAt }), []);
  });

  describe("with the owner's other channels", () => {
    const wide = [
      { name: 'sms', kind: 'instant', recordWhenOff: true },
      { name: 'telegram', kind: 'instant', recordWhenOff: false },
      { name: 'email', kind: 'email', recordWhenOff: true },
      { name: 'webhook', kind: 'webhook', recordWhenOff: false },
      { name: 'webhook-released', kind: 'release', recordWhenOff: false },
      { name: 'reminder-telegram', kind: 'reminder', recordWhenOff: false },
      { name: 'sms-fallback-email', kind: 'fallback', recordWhenOff: false },
      { name: 'webhook-off-email', kind: 'notice', recordWhenOff: false },
    ] as const;
    const on = wide.map((ch) => ch.name);
    const now = (channel: string) => ({ channel, status: 'pending', at });
    const plan = (verdict: 'verified' | 'unverified' | 'spam', extra = {}) =>
      alertPlan(verdict, { channels: wide, configured: on, reply: 'none', at, remindAt, ...extra });

    it('sends a verified lead to every instant channel, the e-mail and the webhook; never a fallback or a notice', () => {
      assert.deepEqual(plan('verified'), [
        now('sms'),
        now('telegram'),
        now('email'),
        now('webhook'),
        { channel: 'reminder-telegram', status: 'pending', at: remindAt },
      ]);
    });

    it('sends an unverified lead to the e-mail and the webhook only', () => {
      assert.deepEqual(plan('unverified'), [
        now('email'),
        now('webhook'),
        { channel: 'reminder-telegram', status: 'pending', at: remindAt },
      ]);
    });

    it('sends spam nowhere, or to the webhook alone when asked to', () => {
      assert.deepEqual(plan('spam'), []);
      assert.deepEqual(plan('spam', { webhookSpam: true }), [now('webhook')]);
    });

    it('announces a release to the webhook as lead.released, not lead.created', () => {
      assert.deepEqual(plan('verified', { released: true }), [
        now('sms'),
        now('telegram'),
        now('email'),
        now('webhook-released'),
        { channel: 'reminder-telegram', status: 'pending', at: remindAt },
      ]);
    });
  });
});
