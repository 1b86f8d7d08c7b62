/**
 * Upgrading a database of the release before bookings kept the visitor's zone (schema version 16): a call booked
 * then has no zone, and its e-mails go on giving its time in UTC, labelled so; the calls booked after the upgrade
 * keep the zone they were booked in.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { it } from 'node:test';
import Database from 'better-sqlite3';
import { CLI } from '../../src/ownerActions/activity';
import { migrations } from '../../src/storage/migrations';
import { startLeadSite } from '../support/leadSite';
import { tempDir } from '../support/tempDirs';
import { waitFor } from '../support/waitFor';

/** A file as the release before wrote it: its sixteen migrations, a lead and the call it booked. */
function writeVersionSixteenFile(path: string): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  for (const step of migrations.slice(0, 16)) {
    if (typeof step === 'string') db.exec(step);
    else step(db);
  }
  db.pragma('user_version = 16');
  db.prepare(`INSERT INTO leads (created_at, name, company, email, email_key, dedupe_key, verdict)
    VALUES ('2027-01-01T09:00:00.000Z', 'Ada', 'Engines', 'ada@example.com', 'ada@example.com', 'k1', 'verified')`).run();
  db.prepare(`INSERT INTO bookings (lead_id, uid, starts_at, ends_at, status, sequence, event, created_at, updated_at)
    VALUES (1, 'old-call@test', '2027-01-05T15:00:00.000Z', '2027-01-05T15:30:00.000Z', 'booked', 0, 'created',
            '2027-01-01T09:05:00.000Z', '2027-01-01T09:05:00.000Z')`).run();
  db.close();
}

it("a call booked before the upgrade is cancelled with its time in UTC in the visitor's e-mail", async () => {
  const path = join(tempDir('booking-zone-upgrade-'), 'leads.db');
  writeVersionSixteenFile(path);
  const site = await startLeadSite({ env: { DATABASE_PATH: path }, now: () => Date.parse('2027-01-02T10:00:00.000Z') });
  try {
    assert.equal(site.services.owner.booking.ofLead(1)?.zone, null);
    const cancelled = site.services.owner.booking.cancel(CLI, 1);
    assert.equal(typeof cancelled === 'object' && cancelled.status, 'cancelled');
    const toAda = () => site.smtp.messages.filter((m) => m.to.includes('ada@example.com'));
    await waitFor(() => toAda().length === 1, 10_000, "the visitor's cancellation");
    assert.match(toAda()[0]?.subject ?? '', /^Cancelled: your call with .+ on Tue 5 Jan, 15:00 \(UTC\)$/);
  } finally {
    await site.close();
  }
});
