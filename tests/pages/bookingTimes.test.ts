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

  it('reads every old name a browser may report as a zone that keeps the same clock', () => {
    // The IANA "backward" links a browser built on an older ICU still reports, and the names they point to now.
    const renamed: Record<string, string> = {
      'Asia/Calcutta': 'Asia/Kolkata',
      'Asia/Saigon': 'Asia/Ho_Chi_Minh',
      'Asia/Katmandu': 'Asia/Kathmandu',
      'Asia/Rangoon': 'Asia/Yangon',
      'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
      'Europe/Kiev': 'Europe/Kyiv',
      'Atlantic/Faeroe': 'Atlantic/Faroe',
      'Pacific/Truk': 'Pacific/Chuuk',
    };
    // Twelve instants across 2026, a daylight-saving change among them wherever the zone has one.
    const year = Array.from({ length: 12 }, (_, month) => Date.UTC(2026, month, 15, 12));
    const clock = (zone: string) => year.map((ms) => `${dayLabel(ms, zone, 'en')} ${timeLabel(ms, zone, 'en')}`);
    for (const [old, current] of Object.entries(renamed)) {
      assert.equal(currentZoneName(old), current, old);
      assert.deepEqual(clock(current), clock(old), `${current} keeps the clock of ${old}`);
    }
  });

  it('offers only zones a browser and the server both know, each once, by its current name', () => {
    const usual = bookingZones('UTC');
    assert.equal(new Set(usual).size, usual.length, 'each zone once');
    for (const zone of usual) {
      assert.doesNotThrow(() => new Intl.DateTimeFormat('en', { timeZone: zone }), zone);
      assert.equal(currentZoneName(zone), zone, `${zone} is its current name`);
      assert.match(zone, /^(?:UTC|[A-Z][a-z]+\/[A-Z][\w/]+)$/, zone);
    }
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
