/**
 * The repeat rules a feed's series may have: those RFC 5545 forbids, and those ical.js would look for a next time
 * for minutes (a rule no day meets, a day counted from the month's end below monthly, a day part in a rule repeated
 * every second or minute), are refused in words the owner can act on; the rules calendar apps write pass.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ICAL from 'ical.js';
import { repeatRuleProblem, zoneRuleProblem } from '../../src/booking/repeatRules';

const problem = (rule: string) => repeatRuleProblem(ICAL.Recur.fromString(rule));

describe('repeat rules', () => {
  it('passes the rules calendar apps write, and others ical.js expands in good time', () => {
    for (const rule of [
      'FREQ=DAILY;INTERVAL=2;COUNT=10',
      'FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20271231T235959Z',
      'FREQ=MONTHLY;BYDAY=2TU',
      'FREQ=MONTHLY;BYDAY=-1FR',
      'FREQ=MONTHLY;BYMONTHDAY=-1',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
      'FREQ=YEARLY;BYDAY=1MO;BYMONTH=9',
      'FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO',
      'FREQ=DAILY;BYMONTHDAY=15',
      'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29',
      'FREQ=HOURLY;BYMONTH=2,4;BYMONTHDAY=30,31',
      'FREQ=HOURLY;BYDAY=MO,TU',
      'FREQ=MINUTELY;INTERVAL=30;BYHOUR=9,10',
      'FREQ=SECONDLY',
    ])
      assert.equal(problem(rule), undefined, rule);
  });

  it('refuses a numbered weekday outside a monthly or yearly rule, or beside week numbers', () => {
    assert.equal(problem('FREQ=DAILY;BYDAY=1MO'), 'a numbered weekday (1MO) repeats only in a MONTHLY or YEARLY rule');
    assert.equal(
      problem('FREQ=WEEKLY;BYDAY=MO,-1FR'),
      'a numbered weekday (-1FR) repeats only in a MONTHLY or YEARLY rule',
    );
    assert.equal(
      problem('FREQ=HOURLY;BYDAY=+2TU'),
      'a numbered weekday (+2TU) repeats only in a MONTHLY or YEARLY rule',
    );
    assert.equal(problem('FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO'), 'a numbered weekday (1MO) cannot go with BYWEEKNO');
  });

  it('refuses week numbers outside a yearly rule, and days of the year in a daily, weekly or monthly one', () => {
    for (const freq of ['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY'])
      assert.equal(problem(`FREQ=${freq};BYWEEKNO=10`), 'BYWEEKNO belongs only in a YEARLY rule', freq);
    for (const freq of ['DAILY', 'WEEKLY', 'MONTHLY'])
      assert.equal(problem(`FREQ=${freq};BYYEARDAY=100`), 'BYYEARDAY does not go in a DAILY, WEEKLY or MONTHLY rule');
    assert.equal(problem('FREQ=YEARLY;BYYEARDAY=100'), undefined);
  });

  it('refuses a day part in a rule repeated every second or minute', () => {
    assert.equal(problem('FREQ=MINUTELY;BYMONTH=2'), 'a MINUTELY rule is read only without BYMONTH');
    assert.equal(problem('FREQ=SECONDLY;BYDAY=MO'), 'a SECONDLY rule is read only without BYDAY');
    assert.equal(problem('FREQ=MINUTELY;BYHOUR=9;BYMONTHDAY=3'), 'a MINUTELY rule is read only without BYMONTHDAY');
    assert.equal(problem('FREQ=SECONDLY;BYYEARDAY=1'), 'a SECONDLY rule is read only without BYYEARDAY');
    assert.equal(problem('FREQ=MINUTELY;BYWEEKNO=1'), 'BYWEEKNO belongs only in a YEARLY rule');
  });

  it('refuses days of the month in a weekly rule, counted from its end below monthly, or falling in none of its months', () => {
    assert.equal(problem('FREQ=WEEKLY;BYMONTHDAY=3'), 'BYMONTHDAY does not go in a WEEKLY rule');
    assert.equal(
      problem('FREQ=DAILY;BYMONTHDAY=1,-1'),
      "a day counted from the month's end (-1) repeats only in a MONTHLY or YEARLY rule",
    );
    assert.equal(
      problem('FREQ=DAILY;BYMONTHDAY=31;BYMONTH=4,6'),
      'no day of BYMONTHDAY (31) falls in its months (4,6)',
    );
    assert.equal(
      problem('FREQ=HOURLY;BYMONTHDAY=30,31;BYMONTH=2'),
      'no day of BYMONTHDAY (30,31) falls in its months (2)',
    );
    assert.equal(problem('FREQ=DAILY;BYMONTHDAY=31;BYMONTH=1'), undefined);
    assert.equal(problem('FREQ=DAILY;BYMONTHDAY=31;BYMONTH=12'), undefined);
    assert.equal(problem('FREQ=DAILY;BYMONTHDAY=30;BYMONTH=4'), undefined);
  });

  it("reads a time zone's changes only by yearly rules, as every zone has them", () => {
    const zoneProblem = (rule: string) => zoneRuleProblem(ICAL.Recur.fromString(rule));
    assert.equal(zoneProblem('FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU'), undefined);
    assert.equal(zoneProblem('FREQ=YEARLY;BYMONTH=3;BYDAY=2SU'), undefined);
    for (const rule of ['FREQ=MONTHLY;BYDAY=-1SU', 'FREQ=DAILY', 'FREQ=SECONDLY'])
      assert.equal(zoneProblem(rule), "a time zone's changes repeat only yearly", rule);
    assert.equal(zoneProblem('FREQ=YEARLY;BYWEEKNO=1;BYDAY=1SU'), 'a numbered weekday (1SU) cannot go with BYWEEKNO');
  });
});
