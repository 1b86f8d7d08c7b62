/**
 * The `hours` value: the day ranges, lists and several ranges a day it reads, the error for what it refuses
 * (naming the key, the form and the value), and the compact canonical text it is written back as.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { at, errorOf, patchOf, week } from '../support/availabilityValues';
import { formatHours } from '../../src/booking/weeklyHours';
import type { Availability } from '../../src/contract/booking';

describe('parseAvailabilityValue: hours', () => {
  it('reads day ranges, single days, lists of days and several ranges a day', () => {
    const nineToFive = [{ from: at(9), to: at(17) }];
    assert.deepEqual(patchOf('hours', 'mon-fri 09:00-17:00; sat 10:00-12:00'), {
      hours: week({
        mon: nineToFive,
        tue: nineToFive,
        wed: nineToFive,
        thu: nineToFive,
        fri: nineToFive,
        sat: [{ from: at(10), to: at(12) }],
      }),
    });
    const split = [
      { from: at(9), to: at(12) },
      { from: at(14), to: at(18) },
    ];
    assert.deepEqual(patchOf('hours', 'mon 09:00-12:00, 14:00-18:00'), { hours: week({ mon: split }) });
    assert.deepEqual(patchOf('hours', 'mon, wed-thu 14:00-18:00, 09:00-12:00'), {
      hours: week({ mon: split, wed: split, thu: split }),
    });
    // Any minute, up to 24:00; ranges that only touch share no minute.
    assert.deepEqual(patchOf('hours', 'sun 09:15-10:45, 10:45-24:00'), {
      hours: week({
        sun: [
          { from: at(9, 15), to: at(10, 45) },
          { from: at(10, 45), to: at(24) },
        ],
      }),
    });
  });

  it('takes spaces around the value, between its parts and around the dash of a range, and any minute to :59', () => {
    assert.deepEqual(patchOf('hours', '  mon  09:00 - 12:00,12:59-18:00 '), {
      hours: week({
        mon: [
          { from: at(9), to: at(12) },
          { from: at(12, 59), to: at(18) },
        ],
      }),
    });
  });

  it('clears every day with "off" or nothing', () => {
    assert.deepEqual(patchOf('hours', 'off'), { hours: week({}) });
    assert.deepEqual(patchOf('hours', '  '), { hours: week({}) });
  });

  it('refuses what is not hours, naming the key, the form and the value', () => {
    assert.equal(
      errorOf('hours', 'mon 9-5'),
      'hours must be like "mon-fri 09:00-17:00; sat 10:00-12:00" (got "mon 9-5")',
    );
    for (const bad of [
      'monday 09:00-17:00',
      'fri-mon 09:00-17:00',
      '09:00-17:00',
      'mon',
      'mon 09:00-17:00;',
      'mon 10:00-09:00',
      'mon 09:00-09:00',
      'mon 09:00-24:30',
      'mon 09:60-10:00',
      'mon 09:75-12:00',
      'xmon 09:00-17:00',
      'mon 109:00-17:00',
      'mon 09:00-17:00x',
      'mon 25:00-26:00',
      'mon 09:00-12:00, 11:00-13:00',
      'mon-fri 09:00-12:00; wed 11:00-13:00',
    ]) {
      const error = errorOf('hours', bad);
      assert.ok(error.startsWith(`hours must be like "mon-fri 09:00-17:00; sat 10:00-12:00" (got "${bad}")`), error);
    }
  });

  it('says why a well-formed range is refused', () => {
    const form = 'hours must be like "mon-fri 09:00-17:00; sat 10:00-12:00"';
    assert.equal(
      errorOf('hours', 'mon 10:00-09:00'),
      `${form} (got "mon 10:00-09:00"): 10:00-09:00 must start before it ends`,
    );
    assert.equal(
      errorOf('hours', 'mon 09:00-24:30'),
      `${form} (got "mon 09:00-24:30"): 09:00-24:30 is not within 00:00-24:00`,
    );
    assert.equal(
      errorOf('hours', 'mon-fri 09:00-12:00; wed 11:00-13:00'),
      `${form} (got "mon-fri 09:00-12:00; wed 11:00-13:00"): wed's 09:00-12:00 and 11:00-13:00 overlap`,
    );
  });
});

describe('formatHours', () => {
  it('joins consecutive days with the same ranges, and writes "off" for none', () => {
    const nine = [{ from: at(9), to: at(17) }];
    assert.equal(
      formatHours(week({ mon: nine, tue: nine, wed: nine, thu: nine, fri: nine, sat: [{ from: at(10), to: at(12) }] })),
      'mon-fri 09:00-17:00; sat 10:00-12:00',
    );
    assert.equal(formatHours(week({ mon: nine, wed: nine })), 'mon 09:00-17:00; wed 09:00-17:00');
    assert.equal(
      formatHours(
        week({
          sat: [
            { from: at(14), to: at(24) },
            { from: 5, to: at(9, 30) },
          ],
          sun: [
            { from: 5, to: at(9, 30) },
            { from: at(14), to: at(24) },
          ],
        }),
      ),
      'sat-sun 00:05-09:30, 14:00-24:00',
    );
    assert.equal(formatHours(week({})), 'off');
  });

  it('is read back to the same week', () => {
    for (const text of [
      'mon-fri 09:00-17:00; sat 10:00-12:00',
      'mon 09:00-12:00, 14:00-18:00; tue-sun 00:00-24:00',
      'off',
    ])
      assert.equal(formatHours(patchOf('hours', text).hours as Availability['hours']), text);
    assert.equal(
      formatHours(patchOf('hours', 'wed 9:05-10:00; mon,tue 09:05-10:00').hours as Availability['hours']),
      'mon-wed 09:05-10:00',
    );
  });
});
