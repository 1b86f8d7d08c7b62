/**
 * The operator's sqlite3 shell (docs/operations.md) on the database the site writes. Every
 * statement on leads loads its triggers, and with them the search index they write, so the shell
 * must be able to open that index: the shell of Debian 12 (SQLite 3.40) and every later one reads
 * leads, changes a lead's status, inserts and deletes a row, and the site's search is still right
 * afterwards. The test runs the `sqlite3` on PATH and fails without one (CI installs Debian's
 * package in .ci/run).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { eraseByEmail } from '../../src/leads/personalData';
import { openDatabase } from '../../src/storage/database';
import { newLeadRow } from '../support/newLeadRow';
import { createTestSite } from '../support/site';
import { tempDir } from '../support/tempDirs';
import { writeVersionTenFile } from '../support/versionTenFile';

/** The shell as a script runs it: no ~/.sqliterc, list output, stopping at the first error. */
function runShell(path: string, sql: string) {
  const run = spawnSync('sqlite3', ['-init', '/dev/null', '-batch', '-list', '-bail', path, sql], { encoding: 'utf8' });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    assert.fail("sqlite3 is not on PATH: install Debian's sqlite3 package (apt-get install sqlite3)");
  return run;
}

/** What the shell prints for `sql`, once it has exited 0 without a word on stderr. */
function shell(path: string, sql: string): string {
  const run = runShell(path, sql);
  assert.equal(run.status, 0, `sqlite3 failed on ${sql}\n${run.stderr}`);
  assert.equal(run.stderr, '');
  return run.stdout;
}

/** The operator's round on a file holding leads 1 (a Müller) and 3: read, mark, insert, delete, search. */
function operatorChangesLeads(path: string, listed: string): void {
  assert.equal(shell(path, 'SELECT id, name, company, email, status FROM leads ORDER BY id;'), listed);
  assert.equal(
    shell(path, "UPDATE leads SET status = 'contacted' WHERE id = 1; SELECT status FROM leads WHERE id = 1;"),
    'contacted\n',
  );
  const inserted = shell(
    path,
    `INSERT INTO leads (created_at, name, company, email, dedupe_key)
       VALUES ('2026-11-27T09:00:00.000Z', 'Shell Row', 'Console', 'shell@example.com', 'shell');
     SELECT name, status, verdict FROM leads WHERE email = 'shell@example.com';`,
  );
  assert.equal(inserted, 'Shell Row|new|verified\n');
  assert.equal(shell(path, "DELETE FROM leads WHERE email = 'shell@example.com'; SELECT COUNT(*) FROM leads;"), '2\n');
  assert.equal(
    shell(path, `SELECT rowid FROM leads_search WHERE leads_search MATCH '"muller"';`),
    '1\n',
    'the shell searches the index too',
  );
}

/** The site's own search on the file afterwards: the operator's changes left it right. */
async function siteFinds(path: string, search: string): Promise<string[]> {
  const site = createTestSite({ DATABASE_PATH: path });
  try {
    return site.services.leads.inbox({ search, limit: 10 }).map((lead) => `${lead.name} (${lead.status})`);
  } finally {
    await site.close();
  }
}

describe("the operator's sqlite3 shell", () => {
  it('reads and changes leads in a database the site wrote, after the site erased a person', async () => {
    const path = join(tempDir('sqlite-shell-'), 'leads.db');
    const site = createTestSite({ DATABASE_PATH: path });
    try {
      const { leads } = site.services;
      const lead = (name: string, company: string, email: string) =>
        leads.insert(newLeadRow({ name, company, email, emailKey: email }));
      lead('Jörg Müller', 'Müller GmbH', 'jorg@example.com');
      lead('Erin Gone', 'Gone Ltd', 'erin@example.com');
      lead('Grace Hopper', 'Navy', 'grace@example.com');
      // A delete by the site itself: FTS5's secure-delete would have marked the index unreadable to an old shell.
      assert.equal(eraseByEmail(site.services, 'erin@example.com').leads, 1);
    } finally {
      await site.close();
    }
    operatorChangesLeads(
      path,
      '1|Jörg Müller|Müller GmbH|jorg@example.com|new\n3|Grace Hopper|Navy|grace@example.com|new\n',
    );
    assert.deepEqual(await siteFinds(path, 'MULLER'), ['Jörg Müller (contacted)']);
    assert.deepEqual(await siteFinds(path, 'hopper'), ['Grace Hopper (new)']);
  });

  it('reads and changes leads in a file of the release before, once the site has upgraded it', async () => {
    const path = join(tempDir('sqlite-shell-old-'), 'leads.db');
    writeVersionTenFile(
      path,
      [
        { name: 'José Müller', company: 'Café Ltd', email: 'jose@example.com' },
        { name: 'Erin Gone', company: 'Gone Ltd', email: 'erin@example.com' },
        { name: 'Ada Lovelace', company: 'Engines', email: 'ada@example.com' },
      ],
      [2],
    );
    // The problem itself, where the shell is one that had it: it could not delete a lead (nor insert one).
    const old = runShell(path, 'BEGIN; DELETE FROM leads WHERE id = 3; ROLLBACK;');
    const version = runShell(path, 'SELECT sqlite_version();').stdout.trim();
    if (/^3\.(3\d|4[0-4])\./.test(version)) assert.notEqual(old.status, 0, `sqlite3 ${version} changed the old file`);
    openDatabase(path).close(); // the upgrade, as the site's start makes it
    operatorChangesLeads(
      path,
      '1|José Müller|Café Ltd|jose@example.com|new\n3|Ada Lovelace|Engines|ada@example.com|new\n',
    );
    assert.deepEqual(await siteFinds(path, 'jose muller'), ['José Müller (contacted)']);
    assert.deepEqual(await siteFinds(path, 'gone'), [], 'the lead deleted before the upgrade stays gone');
  });
});
