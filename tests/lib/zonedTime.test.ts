/**
 * A stored UTC time as the owner reads it, in his time zone with its
 * abbreviation: to the minute (the inbox) or the second (the alerts), across
 * the date line and daylight saving time, and UTC as before the zone existed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTimeZone, zonedTime } from '../../src/lib/zonedTime';

const RECEIVED = '2026-11-26T09:05:42.123Z';

describe('zonedTime', () => {
  it('reads UTC as the inbox always did: to the minute, "UTC" after it', () => {
    assert.equal(zonedTime(RECEIVED, 'UTC'), '2026-11-26 09:05 UTC');
    assert.equal(zonedTime('2026-11-26T09:05:42Z', 'UTC'), '2026-11-26 09:05 UTC');
  });

  it('adds the seconds when asked, as the alerts show them', () => {
    assert.equal(zonedTime(RECEIVED, 'UTC', { seconds: true }), '2026-11-26 09:05:42 UTC');
    assert.equal(zonedTime(RECEIVED, 'America/Sao_Paulo', { seconds: true }), '2026-11-26 06:05:42 GMT-3');
  });

  it("shows the owner's zone with its abbreviation or offset", () => {
    assert.equal(zonedTime('2026-11-26T09:05:00Z', 'America/Sao_Paulo'), '2026-11-26 06:05 GMT-3');
    assert.equal(zonedTime(RECEIVED, 'America/New_York'), '2026-11-26 04:05 EST');
    assert.equal(zonedTime('2026-07-01T09:05:00Z', 'America/New_York'), '2026-07-01 05:05 EDT');
    assert.equal(zonedTime(RECEIVED, 'Europe/Berlin'), '2026-11-26 10:05 GMT+1');
    assert.equal(zonedTime(RECEIVED, 'Asia/Kolkata'), '2026-11-26 14:35 GMT+5:30');
  });

  it('moves the date with the zone, and writes midnight as 00', () => {
    assert.equal(zonedTime('2026-11-26T01:30:00Z', 'America/Sao_Paulo'), '2026-11-25 22:30 GMT-3');
    assert.equal(zonedTime('2026-11-26T03:00:00Z', 'America/Sao_Paulo'), '2026-11-26 00:00 GMT-3');
    assert.equal(zonedTime('2026-12-31T23:59:00Z', 'Asia/Tokyo'), '2027-01-01 08:59 GMT+9');
  });

  it('gives back a value that is no time as it is, instead of throwing in a page', () => {
    assert.equal(zonedTime('', 'America/Sao_Paulo'), '');
    assert.equal(zonedTime('not a time', 'UTC'), 'not a time');
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and UTC', () => {
    for (const name of ['UTC', 'America/Sao_Paulo', 'Europe/Berlin', 'Asia/Kolkata']) assert.ok(isTimeZone(name), name);
  });

  it('refuses names no zone has', () => {
    for (const name of ['Mars/Base', 'America/Atlantis', '', 'GMT+25']) assert.equal(isTimeZone(name), false, name);
  });
});
