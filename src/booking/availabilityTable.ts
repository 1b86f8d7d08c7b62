/** The owner's booking settings, one row per key, each in its canonical text (availability.ts reads and writes it). */
import type { AvailabilityKey } from '../contract/booking';
import type { Db } from '../storage/database';

export type AvailabilityTable = ReturnType<typeof createAvailabilityTable>;

export function createAvailabilityTable(db: Db) {
  const all = db.prepare<[], { key: AvailabilityKey; value: string }>('SELECT key, value FROM availability');
  const set = db.prepare<[AvailabilityKey, string]>(
    'INSERT INTO availability (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  return {
    /** Every stored key and value; a key without a row has its default. */
    rows: (): Map<AvailabilityKey, string> => new Map(all.all().map((row) => [row.key, row.value])),
    set: (key: AvailabilityKey, value: string) => void set.run(key, value),
  };
}
