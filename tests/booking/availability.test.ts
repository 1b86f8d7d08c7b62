/**
 * The availability's text: every key's accepted forms and the error for the rest (naming the key and the form,
 * never the feed's secret address), the stored rows read back with defaults for missing or stale values, and
 * `booking show`'s lines with the feed masked after its host. The hours' own forms: weeklyHours.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { at, errorOf, patchOf, week } from '../support/availabilityValues';
import {
  availabilityLines,
  availabilityOf,
  maskFeedUrl,
  storedValue,
  unknownKeyError,
} from '../../src/booking/availability';
import {
  AVAILABILITY_KEYS,
  type Availability,
  type AvailabilityKey,
  DEFAULT_AVAILABILITY,
} from '../../src/contract/booking';

describe('parseAvailabilityValue: the other keys', () => {
  it('reads enabled as true or false', () => {
    assert.deepEqual(patchOf('enabled', 'true'), { enabled: true });
    assert.deepEqual(patchOf('enabled', 'false'), { enabled: false });
    assert.equal(errorOf('enabled', 'yes'), 'enabled must be true or false (got "yes")');
  });

  it('reads the numbers as whole numbers within their bounds', () => {
    const bounds: [AvailabilityKey, keyof Availability, string, number, number][] = [
      ['length', 'lengthMinutes', 'minutes', 5, 240],
      ['buffer', 'bufferMinutes', 'minutes', 0, 120],
      ['notice', 'noticeHours', 'hours', 0, 720],
      ['days', 'daysAhead', 'days', 1, 90],
    ];
    for (const [key, field, unit, min, max] of bounds) {
      assert.deepEqual(patchOf(key, String(min)), { [field]: min });
      assert.deepEqual(patchOf(key, String(max)), { [field]: max });
      for (const bad of [String(min - 1), String(max + 1), '1.5', '', 'ten', '-0', '1e2'])
        assert.equal(
          errorOf(key, bad),
          `${key} must be a whole number of ${unit} from ${min} to ${max} (got "${bad}")`,
        );
    }
  });

  it('takes an https: meeting room, or nothing to clear it', () => {
    assert.deepEqual(patchOf('meeting-url', 'https://meet.google.com/abc-defg-hij'), {
      meetingUrl: 'https://meet.google.com/abc-defg-hij',
    });
    assert.deepEqual(patchOf('meeting-url', ''), { meetingUrl: '' });
    for (const bad of ['http://zoom.us/j/1', 'zoom.us/j/1', 'javascript:alert(1)'])
      assert.equal(
        errorOf('meeting-url', bad),
        `meeting-url must be an https: address, or empty to clear it (got "${bad}")`,
      );
  });

  it('takes an https: or webcal: feed, http: only on this machine, and never repeats a refused one', () => {
    for (const good of [
      'https://calendar.google.com/calendar/ical/x/private-abc/basic.ics',
      'webcal://p01-caldav.icloud.com/published/2/secret',
      'http://localhost:8080/feed.ics',
      'http://127.0.0.1/feed.ics',
      'http://[::1]:9000/feed.ics',
      // This machine as the providers' stand-ins name it: all of 127.0.0.0/8, the host in any case.
      'http://127.0.0.2:8080/feed.ics',
      'http://LOCALHOST:8080/feed.ics',
    ])
      assert.deepEqual(patchOf('feed-url', good), { feedUrl: good });
    assert.deepEqual(patchOf('feed-url', ''), { feedUrl: '' });
    assert.deepEqual(patchOf('feed-url', ' https://calendar.example/feed.ics '), {
      feedUrl: 'https://calendar.example/feed.ics',
    });
    for (const bad of [
      'http://calendar.example/private-s3cret.ics',
      'ftp://x/private-s3cret',
      'ftp://127.0.0.1/private-s3cret',
      'private-s3cret',
      // No host: webcal: is no special scheme, so this parses, with nothing to read.
      'webcal:private-s3cret',
      'http://127.0.0.1.calendar.example/private-s3cret',
    ]) {
      const error = errorOf('feed-url', bad);
      assert.equal(error, "feed-url must be the https: (or webcal:) address of your calendar's secret ICS feed");
      assert.ok(!error.includes('s3cret'));
    }
  });
});

describe('unknownKeyError', () => {
  it('names the key and every key there is', () => {
    assert.equal(unknownKeyError('colour'), `unknown key "colour": use one of ${AVAILABILITY_KEYS.join(', ')}`);
    assert.equal(
      unknownKeyError('colour'),
      'unknown key "colour": use one of enabled, hours, length, buffer, notice, days, meeting-url, feed-url',
    );
  });
});

describe('stored rows', () => {
  const full: Availability = {
    enabled: true,
    hours: week({ mon: [{ from: at(9), to: at(12) }], tue: [{ from: at(9), to: at(12) }] }),
    lengthMinutes: 45,
    bufferMinutes: 0,
    noticeHours: 24,
    daysAhead: 30,
    meetingUrl: 'https://zoom.us/j/123',
    feedUrl: 'https://calendar.google.com/calendar/ical/me/private-abc/basic.ics',
  };

  it('stores each key as text that reads back to the same availability', () => {
    const rows = new Map(AVAILABILITY_KEYS.map((key) => [key, storedValue(key, full)] as const));
    assert.equal(rows.get('hours'), 'mon-tue 09:00-12:00');
    assert.equal(rows.get('length'), '45');
    assert.deepEqual(availabilityOf(rows), full);
  });

  it('takes the default for a missing key or a stored value that no longer parses', () => {
    assert.deepEqual(availabilityOf(new Map()), DEFAULT_AVAILABILITY);
    const rows = new Map<AvailabilityKey, string>([
      ['length', '1000'],
      ['hours', 'weekdays'],
      ['buffer', '5'],
    ]);
    assert.deepEqual(availabilityOf(rows), { ...DEFAULT_AVAILABILITY, bufferMinutes: 5 });
  });

  it("prints `booking show`'s lines in the keys' order, the feed masked after its host", () => {
    assert.deepEqual(availabilityLines(full), [
      'enabled true',
      'hours mon-tue 09:00-12:00',
      'length 45',
      'buffer 0',
      'notice 24',
      'days 30',
      'meeting-url https://zoom.us/j/123',
      'feed-url https://calendar.google.com/…',
    ]);
    const lines = availabilityLines(DEFAULT_AVAILABILITY);
    assert.equal(lines[1], 'hours off');
    assert.deepEqual(lines.slice(-2), ['meeting-url (not set)', 'feed-url (not set)']);
  });

  it('masks everything after the host, user and password included', () => {
    assert.equal(maskFeedUrl('webcal://p01-caldav.icloud.com/published/2/s3cret'), 'webcal://p01-caldav.icloud.com/…');
    assert.equal(maskFeedUrl('https://me:pw@cal.example:8443/s3cret?token=x'), 'https://cal.example:8443/…');
    assert.equal(maskFeedUrl(''), '');
  });
});
