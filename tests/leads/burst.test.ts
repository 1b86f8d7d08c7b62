/**
 * Leads posted at the same moment share a commit, each in a savepoint of its own: one the database
 * refuses fails alone (its visitor is told it was not saved), every other is stored and texted once.
 * The refusal comes from outside, through a second connection, as a full disk or an operator's
 * trigger would cause it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { leadSitesPerTest } from '../support/leadSite';
import { SERVER_ERRORS } from '../support/visitorText';
import { waitFor } from '../support/waitFor';

const leadSite = leadSitesPerTest();

describe('a burst of leads', () => {
  it('stores each lead of a burst on its own: the one the database refuses fails alone', async () => {
    const s = await leadSite();
    const other = new Database(s.databasePath);
    other.exec(
      "CREATE TRIGGER refuse_one BEFORE INSERT ON leads WHEN NEW.name = 'Refused' BEGIN SELECT RAISE(ABORT, 'refused'); END",
    );
    try {
      const names = ['Ada', 'Grace', 'Refused', 'Edsger', 'Barbara', 'Alan', 'Donald', 'Frances'];
      const answers = await Promise.all(
        names.map((name, i) => s.post({ name, company: 'Burst', email: `burst${i}@example.com` })),
      );
      for (const [i, answer] of answers.entries()) {
        if (names[i] === 'Refused') {
          assert.equal(answer.status, 500);
          assert.deepEqual(answer.json, { success: false, error: SERVER_ERRORS.storeFailed });
        } else assert.deepEqual(answer.json, { success: true, notificationResult: true }, names[i]);
      }
      const stored = s.rows().map((row) => row.name);
      assert.deepEqual(stored.sort(), names.filter((name) => name !== 'Refused').sort());
      await waitFor(() => s.twilio.messages.length === 7, 5_000, 'one SMS per stored lead');
      const texted = s.twilio.messages.map((m) => /^New lead: ([^,]+),/.exec(m.body)?.[1]);
      assert.deepEqual(texted.sort(), stored.sort(), 'each stored lead texted once');
    } finally {
      other.close();
    }
  });
});
