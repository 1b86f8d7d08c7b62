/** Reading `booking set KEY VALUE` values in tests: a value's patch or its error, and the week its hours make. */
import assert from 'node:assert/strict';
import { parseAvailabilityValue } from '../../src/booking/availability';
import type { Availability, AvailabilityKey } from '../../src/contract/booking';

/** Minutes after midnight of H:M. */
export const at = (h: number, m = 0) => h * 60 + m;

/** A week's hours: the days given, every other day off. */
export const week = (days: Partial<Availability['hours']>): Availability['hours'] => ({
  mon: [],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
  ...days,
});

/** The change a value makes; fails the test when it is refused. */
export function patchOf(key: AvailabilityKey, value: string): Partial<Availability> {
  const parsed = parseAvailabilityValue(key, value);
  assert.ok(parsed.ok, `${key} ${value}: ${parsed.ok ? '' : parsed.error}`);
  return parsed.patch;
}

/** Why a value is refused; fails the test when it is taken. */
export function errorOf(key: AvailabilityKey, value: string): string {
  const parsed = parseAvailabilityValue(key, value);
  assert.ok(!parsed.ok, `${key} "${value}" should be refused`);
  return parsed.error;
}
