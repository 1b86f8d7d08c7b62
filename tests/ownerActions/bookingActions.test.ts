/**
 * His availability and his calls as owner actions, on a real SQLite file (the inbox and `leads booking` call
 * these): a form of several keys saves the keys whose value changes, a line of activity each, from where he
 * acted, and one bad value (or a write that fails halfway) saves none of them; a call is cancelled until its time comes, with its line of
 * activity, and a lead with no call, or a call under way, changes nothing.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import pino from 'pino';
import type { AvailabilityKey } from '../../src/contract/booking';
import { openServices } from '../../src/services/services';
import { newLeadRow } from '../support/newLeadRow';
import { testConfig } from '../support/site';
import { tempDir } from '../support/tempDirs';

const PHONE = { via: 'inbox', device: 'Safari on iPhone' } as const;
const NOW = Date.parse('2026-11-26T10:00:00.000Z'); // a Thursday
let clock = NOW;
// E-mail configured, so a booked call has invitations (nothing is sent: the runner is not started here).
const MAIL = { SMTP_URL: 'smtp://127.0.0.1:9', ALERT_EMAIL_TO: 'owner@example.com', ALERT_EMAIL_FROM: 'a@example.com' };
const services = openServices(
  testConfig({ DATABASE_PATH: join(tempDir(), 'leads.db'), ...MAIL }),
  pino({ level: 'silent' }),
  { now: () => clock },
);
after(() => services.close(0));
const booking = services.owner.booking;
const form = (values: Record<string, string>) => new Map(Object.entries(values)) as Map<AvailabilityKey, string>;
const activity = () => services.owner.reads.activity(50).map((a) => [a.action, a.detail, a.source]);

describe('his availability as a form', () => {
  it('saves the keys whose value changes, a line of activity each, from where he acted', () => {
    const before = activity().length;
    const saved = booking.setAll(
      PHONE,
      form({ enabled: 'true', length: '30', buffer: '10', hours: 'mon-fri 09:00-17:00' }),
    );
    assert.deepEqual(saved, {
      kind: 'set',
      lines: ['enabled true', 'buffer 10', 'hours mon-fri 09:00-17:00'],
      notices: [],
    });
    assert.deepEqual(activity().slice(0, 3).reverse(), [
      ['booking-changed', 'enabled true', 'inbox, Safari on iPhone'],
      ['booking-changed', 'buffer 10', 'inbox, Safari on iPhone'],
      ['booking-changed', 'hours mon-fri 09:00-17:00', 'inbox, Safari on iPhone'],
    ]);
    assert.equal(activity().length, before + 3, 'length was 30 already: no line for it');
  });

  it('saves none of the form when one value is bad, and says which and why', () => {
    const shown = booking.lines();
    const before = activity().length;
    const refused = booking.setAll(PHONE, form({ length: '45', notice: 'soon', days: '7' }));
    assert.equal(refused.kind, 'invalid');
    assert.deepEqual(Object.keys(refused.kind === 'invalid' ? refused.errors : {}), ['notice']);
    assert.match(
      refused.kind === 'invalid' ? (refused.errors.notice ?? '') : '',
      /^notice must be a whole number of hours/,
    );
    assert.deepEqual(booking.lines(), shown, 'nothing saved');
    assert.equal(activity().length, before, 'nothing recorded');
  });

  it('saves none of the form when a write fails halfway, and records no line', () => {
    const shown = booking.lines();
    const before = activity().length;
    // The disk refuses the third key's write, after two keys were written.
    services.db.exec(`CREATE TRIGGER refuse_days BEFORE INSERT ON availability WHEN NEW.key = 'days'
                      BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);
    try {
      assert.throws(() => booking.setAll(PHONE, form({ length: '45', buffer: '5', days: '7' })), /disk I\/O error/);
    } finally {
      services.db.exec('DROP TRIGGER refuse_days');
    }
    assert.deepEqual(booking.lines(), shown, 'length and buffer are not saved without days');
    assert.equal(activity().length, before, 'nothing recorded');
  });
});

describe('a new meeting link', () => {
  it('goes to every call already booked, past the 100 the Upcoming list shows, and says how many', () => {
    const book = services.db.prepare(`
      INSERT INTO bookings (lead_id, uid, starts_at, ends_at, status, sequence, event, created_at, updated_at, zone)
      VALUES (?, ?, ?, ?, 'booked', 0, 'created', ?, ?, 'UTC')`);
    const ids: number[] = [];
    for (let n = 0; n < 101; n++) {
      const id = services.leads.insert(
        newLeadRow({ createdAt: '2026-11-26T09:00:00.000Z', email: `m${n}@example.com`, dedupeKey: `m${n}` }),
      );
      const start = NOW + (n + 1) * 3_600_000;
      book.run(id, `uid-${n}`, new Date(start).toISOString(), new Date(start + 1_800_000).toISOString(), '', '');
      ids.push(id);
    }
    try {
      const changed = booking.set(PHONE, 'meeting-url', 'https://meet.example.com/room-101');
      assert.equal(
        changed.kind === 'set' ? changed.notice : changed.error,
        'The 101 calls already booked get an updated invitation with the new link, for you and each visitor.',
      );
      const sequences = services.db
        .prepare('SELECT DISTINCT sequence FROM bookings WHERE lead_id IN (SELECT value FROM json_each(?))')
        .pluck()
        .all(JSON.stringify(ids));
      assert.deepEqual(sequences, [1], 'each an updated invitation');
      const queued = services.db
        .prepare(`SELECT channel, COUNT(*) AS n FROM alerts WHERE status = 'pending'
                  AND lead_id IN (SELECT value FROM json_each(?)) GROUP BY channel ORDER BY channel`)
        .all(JSON.stringify(ids));
      assert.deepEqual(queued, [
        { channel: 'booking-email', n: 101 },
        { channel: 'booking-invite', n: 101 },
      ]);
      const removed = booking.set(PHONE, 'meeting-url', '');
      assert.equal(
        removed.kind === 'set' ? removed.notice : removed.error,
        'The 101 calls already booked keep the old meeting link in their invitations.',
      );
    } finally {
      services.db
        .prepare('DELETE FROM bookings WHERE lead_id IN (SELECT value FROM json_each(?))')
        .run(JSON.stringify(ids));
    }
  });
});

describe('cancelling a call', () => {
  it('cancels a call until its time comes, with its line; no call, or one under way, changes nothing', async () => {
    const id = services.leads.insert(
      newLeadRow({ createdAt: '2026-11-26T09:00:00.000Z', name: 'Grace', email: 'grace@example.com', dedupeKey: 'g' }),
    );
    assert.equal(booking.cancel(PHONE, id), 'none');
    const token = new URL(services.bookings.linkForLead(id) ?? assert.fail('a booking link')).pathname
      .split('/')
      .at(-1);
    const view = await services.bookings.view(token ?? '');
    const slot = view.kind === 'open' && Array.isArray(view.slots) ? view.slots[0] : undefined;
    assert.ok(slot, 'a time is offered');
    assert.equal((await services.bookings.book(token ?? '', new Date(slot.start).toISOString(), 'UTC')).kind, 'booked');

    clock = slot.start; // its time has come
    const before = activity().length;
    assert.equal(booking.cancel(PHONE, id), 'begun');
    assert.equal(booking.ofLead(id)?.status, 'booked');
    assert.equal(activity().length, before);

    clock = slot.start - 60_000;
    const cancelled = booking.cancel(PHONE, id);
    assert.equal(typeof cancelled === 'object' && cancelled.status, 'cancelled');
    assert.deepEqual(activity()[0], [
      'call-cancelled',
      `lead #${id}, ${new Date(slot.start).toISOString()}`,
      'inbox, Safari on iPhone',
    ]);
    assert.equal(booking.cancel(PHONE, id), 'none', 'cancelled already');
    clock = NOW;
  });
});
