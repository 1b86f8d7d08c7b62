/**
 * Wall-clock arithmetic in the owner's zone: what an instant reads as, and which instant a wall time is,
 * on ordinary days, in zones with half-hour offsets, and on the days daylight saving jumps forward (the
 * skipped times land after the gap) and back (a repeated time is its earlier instant).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays, resolveWallTime, zonedParts } from '../../src/lib/zoneClock';

/** The instant of a wall time, as the slots read it. */
const wallTimeToUtc = (year: number, month: number, day: number, minutes: number, zone: string) =>
  resolveWallTime(year, month, day, minutes, zone).ms;

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('zonedParts', () => {
  it('reads the date, weekday (0 Monday) and minute of the day in the zone', () => {
    // 2027-03-28 is a Sunday; Sao Paulo is UTC-3 all year, Kolkata UTC+5:30.
    assert.deepEqual(zonedParts(Date.UTC(2027, 2, 28, 12, 0), 'America/Sao_Paulo'), {
      year: 2027,
      month: 3,
      day: 28,
      weekday: 6,
      minutes: 9 * 60,
    });
    assert.deepEqual(zonedParts(Date.UTC(2027, 2, 28, 12, 0), 'Asia/Kolkata'), {
      year: 2027,
      month: 3,
      day: 28,
      weekday: 6,
      minutes: 17 * 60 + 30,
    });
    // 01:30 UTC on a Monday is still Sunday 22:30 in Sao Paulo.
    assert.deepEqual(zonedParts(Date.UTC(2027, 2, 29, 1, 30), 'America/Sao_Paulo'), {
      year: 2027,
      month: 3,
      day: 28,
      weekday: 6,
      minutes: 22 * 60 + 30,
    });
  });

  it('reads midnight as minute 0, and UTC without Intl the same way', () => {
    assert.equal(zonedParts(Date.UTC(2027, 0, 1, 3, 0), 'America/Sao_Paulo').minutes, 0);
    assert.deepEqual(zonedParts(Date.UTC(2027, 0, 1, 23, 59, 59), 'UTC'), {
      year: 2027,
      month: 1,
      day: 1,
      weekday: 4, // 2027-01-01 is a Friday
      minutes: 23 * 60 + 59,
    });
  });

  it('follows Lisbon across its jump forward (01:00 UTC on 2027-03-28, from UTC+0 to UTC+1)', () => {
    assert.equal(zonedParts(Date.UTC(2027, 2, 28, 0, 59), 'Europe/Lisbon').minutes, 59);
    assert.equal(zonedParts(Date.UTC(2027, 2, 28, 1, 0), 'Europe/Lisbon').minutes, 2 * 60);
  });
});

describe('wallTimeToUtc', () => {
  it('gives the instant of an ordinary wall time', () => {
    assert.equal(wallTimeToUtc(2027, 3, 28, 9 * 60, 'America/Sao_Paulo'), Date.UTC(2027, 2, 28, 9 + 3));
    assert.equal(wallTimeToUtc(2027, 3, 28, 17 * 60 + 30, 'Asia/Kolkata'), Date.UTC(2027, 2, 28, 12));
    assert.equal(wallTimeToUtc(2027, 3, 28, 0, 'UTC'), Date.UTC(2027, 2, 28));
    // Summer in Lisbon is UTC+1.
    assert.equal(wallTimeToUtc(2027, 7, 1, 10 * 60, 'Europe/Lisbon'), Date.UTC(2027, 6, 1, 10 - 1));
  });

  it('puts a wall time the jump forward skips after the gap, as far in as it was', () => {
    // New York jumps 02:00 EST -> 03:00 EDT on 2027-03-14: 02:30 never shows; 03:30 EDT (UTC-4) is given.
    assert.equal(wallTimeToUtc(2027, 3, 14, 2 * 60 + 30, 'America/New_York'), Date.UTC(2027, 2, 14, 3 + 4, 30));
    // Lisbon jumps 01:00 -> 02:00 (UTC+0 -> UTC+1) on 2027-03-28: 01:30 is given as 02:30 WEST, 01:30 UTC.
    const lisbon = resolveWallTime(2027, 3, 28, 90, 'Europe/Lisbon');
    assert.deepEqual(lisbon, { ms: Date.UTC(2027, 2, 28, 1, 30), exists: false });
    assert.equal(resolveWallTime(2027, 3, 28, 120, 'Europe/Lisbon').exists, true);
  });

  it('gives the earlier instant of a wall time the jump back repeats', () => {
    // New York falls back 02:00 EDT -> 01:00 EST on 2027-11-07: 01:30 is first 01:30 EDT (UTC-4).
    assert.equal(wallTimeToUtc(2027, 11, 7, 90, 'America/New_York'), Date.UTC(2027, 10, 7, 1 + 4, 30));
    // Lisbon falls back 02:00 WEST -> 01:00 WET on 2027-10-31: 01:30 is first 01:30 WEST (UTC+1).
    assert.equal(wallTimeToUtc(2027, 10, 31, 90, 'Europe/Lisbon'), Date.UTC(2027, 9, 31, 0, 30));
  });

  it('reads back what zonedParts gives, for every quarter hour of a year of jumps in several zones', () => {
    for (const zone of ['Europe/Lisbon', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      for (let ms = Date.UTC(2027, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 15 * MINUTE + 7 * HOUR) {
        const wall = zonedParts(ms, zone);
        const back = wallTimeToUtc(wall.year, wall.month, wall.day, wall.minutes, zone);
        // The same wall time, at this instant or (when the jump back repeats it) an earlier one.
        assert.deepEqual(zonedParts(back, zone), wall, `${zone} ${new Date(ms).toISOString()}`);
        assert.ok(back <= ms && ms - back <= 2 * HOUR, `${zone} ${new Date(ms).toISOString()}`);
      }
    }
  });
});

describe('addDays', () => {
  it('moves across months, years and leap days', () => {
    assert.deepEqual(addDays(2027, 12, 31, 1), { year: 2028, month: 1, day: 1 });
    assert.deepEqual(addDays(2028, 2, 28, 1), { year: 2028, month: 2, day: 29 });
    assert.deepEqual(addDays(2027, 2, 28, 1), { year: 2027, month: 3, day: 1 });
    assert.deepEqual(addDays(2027, 3, 1, -1), { year: 2027, month: 2, day: 28 });
    assert.deepEqual(addDays(2027, 3, 28, 14), { year: 2027, month: 4, day: 11 });
  });
});
