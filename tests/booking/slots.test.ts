/**
 * The free slots against their rules, checked two ways: by hand, on days chosen for their edges (the DST jump in
 * Lisbon, Sao Paulo's fixed UTC-3, the buffer, the notice and the horizon, a slot ending at its range's end),
 * and against a reference written here from the rules alone, over many seeded random weeks and calendars.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freeSlots, type SlotsInput } from '../../src/booking/slots';
import { dayLabel, timeLabel } from '../../src/pages/bookingTimes';
import { zonedParts } from '../../src/lib/zoneClock';
import { type Availability, DEFAULT_AVAILABILITY, type Interval } from '../../src/contract/booking';
import { mulberry32, randomInput, referenceSlots } from '../support/slotsReference';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (h: number, m = 0) => h * 60 + m;
const everyDay = (...ranges: [number, number][]): Availability['hours'] => {
  const day = ranges.map(([from, to]) => ({ from, to }));
  return { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
};
/** 2027-03-DAY at H:M in Sao Paulo, which keeps UTC-3 all year. 2027-03-29 is a Monday. */
const saoPaulo = (day: number, h: number, m = 0) => Date.UTC(2027, 2, day, h + 3, m);

function input(availability: Partial<Availability>, rest: Partial<SlotsInput> = {}): SlotsInput {
  return {
    availability: { ...DEFAULT_AVAILABILITY, enabled: true, bufferMinutes: 0, noticeHours: 0, ...availability },
    ownerTimeZone: 'America/Sao_Paulo',
    now: saoPaulo(29, 0),
    busy: [],
    booked: [],
    ...rest,
  };
}

const starts = (slots: readonly Interval[]) => slots.map((slot) => new Date(slot.start).toISOString());
const slotsAt = (length: number, ...startMs: number[]) =>
  startMs.map((start) => new Date(start).toISOString()).map((iso) => ({ iso, length }));
const assertSlots = (actual: Interval[], length: number, ...expectedStarts: number[]) =>
  assert.deepEqual(
    actual.map((slot) => ({ iso: new Date(slot.start).toISOString(), length: (slot.end - slot.start) / MINUTE })),
    slotsAt(length, ...expectedStarts),
  );

describe('freeSlots by hand', () => {
  it('starts on the full and half hours inside a range: 09:15-10:45 gives 09:30 and 10:00 for 30 minutes', () => {
    const slots = freeSlots(input({ hours: everyDay([at(9, 15), at(10, 45)]), lengthMinutes: 30, daysAhead: 1 }));
    // Today (Monday 29) and tomorrow; 10:30 would end at 11:00, past 10:45.
    assertSlots(slots, 30, saoPaulo(29, 9, 30), saoPaulo(29, 10), saoPaulo(30, 9, 30), saoPaulo(30, 10));
  });

  it('gives the slots in time order when a day has its ranges out of order', () => {
    const hours = {
      ...DEFAULT_AVAILABILITY.hours,
      mon: [
        { from: at(14), to: at(15) },
        { from: at(9), to: at(10) },
      ],
    };
    const slots = freeSlots(input({ hours, lengthMinutes: 30, daysAhead: 0 }));
    assertSlots(slots, 30, saoPaulo(29, 9), saoPaulo(29, 9, 30), saoPaulo(29, 14), saoPaulo(29, 14, 30));
  });

  it('offers a slot ending exactly at its range end, and not one ending past it', () => {
    const slots = freeSlots(input({ hours: everyDay([at(9), at(10, 30)]), lengthMinutes: 60, daysAhead: 1 }));
    assertSlots(slots, 60, saoPaulo(29, 9), saoPaulo(29, 9, 30), saoPaulo(30, 9), saoPaulo(30, 9, 30));
  });

  it('follows Lisbon across its jump forward: 01:00 and 01:30 do not exist on Sunday 2027-03-28', () => {
    const hours = { ...DEFAULT_AVAILABILITY.hours, sun: [{ from: at(0), to: at(4) }] };
    const slots = freeSlots(
      input(
        { hours, lengthMinutes: 30, daysAhead: 1 },
        { ownerTimeZone: 'Europe/Lisbon', now: Date.UTC(2027, 2, 27, 12) },
      ),
    );
    // UTC+0 until 01:00 UTC, when the clocks read 02:00 (UTC+1).
    const lisbon = (wallMinutes: number) =>
      Date.UTC(2027, 2, 28) + wallMinutes * MINUTE - (wallMinutes >= at(2) ? HOUR : 0);
    assertSlots(slots, 30, ...[at(0), at(0, 30), at(2), at(2, 30), at(3), at(3, 30)].map(lisbon));
  });

  it('keeps the buffer free either side of a busy time; a buffer that only touches it does not block', () => {
    const hours = everyDay([at(9), at(12)]);
    const busy = [{ start: saoPaulo(29, 10), end: saoPaulo(29, 10, 15) }];
    const slots = freeSlots(input({ hours, lengthMinutes: 30, bufferMinutes: 15, daysAhead: 0 }, { busy }));
    // 09:30's buffer runs to 10:15 and 10:00 holds the busy time; 10:30's buffer starts at 10:15, as it ends.
    assertSlots(slots, 30, saoPaulo(29, 9), saoPaulo(29, 10, 30), saoPaulo(29, 11), saoPaulo(29, 11, 30));
    // Without a buffer, 09:30 ends as the busy time starts, and is free.
    const unbuffered = freeSlots(input({ hours, lengthMinutes: 30, daysAhead: 0 }, { busy }));
    assertSlots(
      unbuffered,
      30,
      saoPaulo(29, 9),
      saoPaulo(29, 9, 30),
      saoPaulo(29, 10, 30),
      saoPaulo(29, 11),
      saoPaulo(29, 11, 30),
    );
  });

  it('blocks a booked call and its buffer the same way', () => {
    const booked = [{ start: saoPaulo(29, 10), end: saoPaulo(29, 10, 30) }];
    const slots = freeSlots(
      input({ hours: everyDay([at(9), at(12)]), lengthMinutes: 30, bufferMinutes: 15, daysAhead: 0 }, { booked }),
    );
    assertSlots(slots, 30, saoPaulo(29, 9), saoPaulo(29, 11), saoPaulo(29, 11, 30));
  });

  it('starts no earlier than the notice: a slot exactly at now + notice is offered', () => {
    const availability = { hours: everyDay([at(9), at(12)]), lengthMinutes: 30, noticeHours: 12, daysAhead: 0 };
    // Sunday 28 at 22:00 in Sao Paulo: the notice ends at Monday 10:00, and Monday is the horizon's last day.
    const now = saoPaulo(28, 22);
    assertSlots(freeSlots(input(availability, { now })), 30);
    const withMonday = freeSlots(input({ ...availability, daysAhead: 1 }, { now }));
    assertSlots(withMonday, 30, saoPaulo(29, 10), saoPaulo(29, 10, 30), saoPaulo(29, 11), saoPaulo(29, 11, 30));
    const aMomentLater = freeSlots(input({ ...availability, daysAhead: 1 }, { now: now + 1 }));
    assertSlots(aMomentLater, 30, saoPaulo(29, 10, 30), saoPaulo(29, 11), saoPaulo(29, 11, 30));
  });

  it("offers up to the end of the horizon's last day in his zone, and nothing after", () => {
    const hours = everyDay([at(9), at(10)], [at(23, 30), at(24)]);
    const slots = freeSlots(input({ hours, lengthMinutes: 30, daysAhead: 2 }, { now: saoPaulo(29, 8) }));
    // Monday, Tuesday and Wednesday; Wednesday's 23:30 is Thursday 02:30 UTC, still Wednesday for him.
    const days = [29, 30, 31].flatMap((day) => [saoPaulo(day, 9), saoPaulo(day, 9, 30), saoPaulo(day, 23, 30)]);
    assertSlots(slots, 30, ...days);
  });

  it('shows a slot at 09:00 in Sao Paulo as 17:30 in Kolkata (UTC+5:30), grouped by the day it is there', () => {
    const hours = everyDay([at(9), at(9, 30)], [at(23, 30), at(24)]);
    const slots = freeSlots(input({ hours, lengthMinutes: 30, daysAhead: 0 }, { now: saoPaulo(29, 8) }));
    // As the booking page and the form's panel write them. 09:00 UTC-3 is 12:00 UTC, 17:30 UTC+5:30; 23:30 UTC-3
    // is 02:30 UTC on the 30th, 08:00 there.
    const shown = (zone: string) =>
      slots.map((slot) => [dayLabel(slot.start, zone, 'en'), timeLabel(slot.start, zone, 'en')]);
    assert.deepEqual(shown('Asia/Kolkata'), [
      ['Monday, March 29', '17:30'],
      ['Tuesday, March 30', '08:00'],
    ]);
    assert.equal(zonedParts((slots[0] as Interval).start, 'Asia/Kolkata').minutes, at(17, 30));
    assert.deepEqual(shown('America/Sao_Paulo'), [
      ['Monday, March 29', '09:00'],
      ['Monday, March 29', '23:30'],
    ]);
  });

  it('offers a start only at :00 or :30, and only when the call ends inside the range', () => {
    const free = freeSlots(input({ hours: everyDay([at(9), at(10)]), lengthMinutes: 30, daysAhead: 0 }));
    const offered = (start: number) => free.find((slot) => slot.start === start);
    assert.deepEqual(offered(saoPaulo(29, 9, 30)), { start: saoPaulo(29, 9, 30), end: saoPaulo(29, 10) });
    assert.equal(offered(saoPaulo(29, 9, 15)), undefined);
    assert.equal(offered(saoPaulo(29, 10)), undefined);
  });
});

describe('freeSlots against the rules', () => {
  it('agrees with the reference over many random weeks, zones and calendars', () => {
    const seed = Number(process.env.SLOTS_SEED ?? Date.now() % 2 ** 31);
    const random = mulberry32(seed);
    for (let run = 0; run < 150; run++) {
      const case_ = randomInput(random);
      const replay = `seed ${seed} (SLOTS_SEED=${seed} replays it), run ${run}, ${case_.ownerTimeZone}`;
      const expected = referenceSlots(case_);
      const pick = expected[Math.floor(random() * expected.length)];
      try {
        // The starts first: their diff, in ISO text, is the one a reader can follow.
        const free = freeSlots(case_);
        assert.deepEqual(starts(free), starts(expected));
        assert.deepEqual(free, expected);
        if (!pick) continue;
        assert.deepEqual(
          free.find((slot) => slot.start === pick.start),
          pick,
        );
        assert.equal(
          free.find((slot) => slot.start === pick.start + 1),
          undefined,
        );
      } catch (error) {
        if (error instanceof Error) error.message = `${replay}\n${error.message}`;
        throw error;
      }
    }
  });

  it('offers what the rules give with a calendar of 2,000 busy times over 14 days', () => {
    const now = saoPaulo(29, 8);
    const random = mulberry32(7);
    const busy = Array.from({ length: 2000 }, () => {
      const start = now + Math.floor(random() * 15 * 24 * 60) * MINUTE;
      return { start, end: start + Math.floor(1 + random() * 5) * MINUTE };
    });
    const case_ = input(
      { hours: everyDay([at(8), at(20)]), lengthMinutes: 30, bufferMinutes: 5, daysAhead: 14 },
      { now, busy },
    );
    // How long it takes is the benchmark's (bench/booking.mjs): a test asserts what it offers.
    assert.deepEqual(freeSlots(case_), referenceSlots(case_));
  });
});
