/**
 * Times as the visitor reads them on the booking page and in the form's panel: a day's heading, a slot, and a
 * call with its zone named, in the visitor's language and zone; the zone's current name for a browser that
 * reports an old one; and the zones the page's select offers, the visitor's own first when it is not among them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bookingZones, currentZoneName, dayLabel, slotLabel, timeLabel } from '../../src/pages/bookingTimes';

// 2026-12-01 18:00 UTC: Tuesday 15:00 in Sao Paulo (UTC-3), Tuesday 23:30 in Kolkata (UTC+5:30), Wednesday 03:00
// in Tokyo (UTC+9).
const CALL = Date.parse('2026-12-01T18:00:00.000Z');

describe('a time as the visitor reads it', () => {
  it("names the day in the visitor's language and zone", () => {
    assert.equal(dayLabel(CALL, 'America/Sao_Paulo', 'en'), 'Tuesday, December 1');
    assert.equal(dayLabel(CALL, 'America/Sao_Paulo', 'pt'), 'terça-feira, 1 de dezembro');
    assert.equal(dayLabel(CALL, 'America/Sao_Paulo', 'es'), 'martes, 1 de diciembre');
    assert.equal(dayLabel(CALL, 'Asia/Tokyo', 'en'), 'Wednesday, December 2', 'already the next day there');
  });

  it('writes a slot on the 24-hour clock of the zone, half-hour offsets included', () => {
    assert.equal(timeLabel(CALL, 'America/Sao_Paulo', 'en'), '15:00');
    assert.equal(timeLabel(CALL, 'Asia/Kolkata', 'pt'), '23:30');
    assert.equal(timeLabel(Date.parse('2026-12-01T15:00:00.000Z'), 'UTC', 'es'), '15:00');
    assert.equal(
      timeLabel(Date.parse('2026-12-01T00:00:00.000Z'), 'UTC', 'en'),
      '00:00',
      'midnight is 00:00, never 24:00',
    );
  });

  it('names the zone after a call, as people write it', () => {
    assert.equal(slotLabel(CALL, 'America/Sao_Paulo', 'en'), 'Tuesday, December 1 at 15:00 (America/Sao Paulo)');
    assert.match(slotLabel(CALL, 'Asia/Kolkata', 'es'), /^martes, 1 de diciembre.* 23:30 \(Asia\/Kolkata\)$/);
  });
});

describe('the zones', () => {
  it('reads an old zone name a browser reports as the one people use now', () => {
    assert.equal(currentZoneName('Asia/Calcutta'), 'Asia/Kolkata');
    assert.equal(currentZoneName('Europe/Kiev'), 'Europe/Kyiv');
    assert.equal(currentZoneName('America/Sao_Paulo'), 'America/Sao_Paulo');
  });

  it("offers the site's usual zones, with the visitor's own first when it is not among them", () => {
    const usual = bookingZones('America/Sao_Paulo');
    assert.equal(usual[0], 'America/Sao_Paulo');
    for (const zone of ['Europe/Lisbon', 'Asia/Kolkata', 'America/Los_Angeles', 'UTC'])
      assert.ok(usual.includes(zone), zone);
    const own = bookingZones('Pacific/Auckland');
    assert.equal(own[0], 'Pacific/Auckland');
    assert.deepEqual(own.slice(1), usual);
  });
});
