/**
 * Erasure leaves no byte of the address whatever release wrote the file. The
 * first release ran without secure_delete, so a row it deleted stayed in the
 * file's free space; upgrading rebuilds such a file once (VACUUM), existing
 * rows get their address key, and `erase` then checks the file and its
 * write-ahead log byte for byte, failing loudly if the address is still there.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { migrations } from '../../src/storage/migrations';
import { runCli } from '../support/cli';
import { tempDir } from '../support/tempDirs';

const ERIN = ['erin@bücher.example', 'Erin@BÜCHER.example', 'erin@xn--bcher-kva.example', 'erin@bücher.example'];
const filler = 'x'.repeat(300); // rows large enough to spread over several pages

/** A file as the first release wrote it: its one migration, secure_delete off, one of Erin's leads deleted. */
function writeFirstRelease(path: string): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('secure_delete = OFF');
  db.exec(migrations[0] as string);
  db.pragma('user_version = 1');
  const insert = db.prepare(`INSERT INTO leads (created_at, name, company, email, dedupe_key, sms_status, email_status)
    VALUES (?, ?, ?, ?, ?, 'sent', 'sent')`);
  const at = (n: number) => new Date(Date.now() - (100 - n) * 60_000).toISOString();
  for (const [n, email] of ERIN.entries()) insert.run(at(n), `Erin ${n}`, filler, email, `erin-${n}`);
  for (let n = 0; n < 40; n++) insert.run(at(10 + n), `Other ${n}`, filler, `other${n}@example.org`, `other-${n}`);
  db.prepare('DELETE FROM leads WHERE dedupe_key = ?').run('erin-3'); // the first release's delete: bytes stay
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

const fileHolds = (path: string, text: string) =>
  [path, `${path}-wal`].some((file) => existsSync(file) && readFileSync(file).includes(Buffer.from(text)));

describe('erasure on a database the first release wrote', () => {
  it('leaves no byte of any spelling of the address in the file or its log', async () => {
    const path = join(tempDir('old-release-'), 'leads.db');
    writeFirstRelease(path);
    assert.ok(fileHolds(path, 'erin@bücher.example'), 'the deleted row is still in the old file');

    const exported = await runCli(['export', '--email', 'ERIN@bücher.example'], { DATABASE_PATH: path });
    assert.equal(exported.code, 0, exported.stderr);
    assert.deepEqual(
      (JSON.parse(exported.stdout) as { leads: { email: string }[] }).leads.map((l) => l.email),
      ERIN.slice(0, 3),
      'the rows stored before keys existed got theirs in the upgrade',
    );

    const erased = await runCli(['erase', '--email', 'erin@xn--bcher-kva.example'], { DATABASE_PATH: path });
    assert.equal(erased.code, 0, erased.stderr);
    assert.match(erased.stdout, /^erased 3 leads, /);
    for (const spelling of [...ERIN, 'erin@xn--bcher-kva.example'])
      assert.equal(fileHolds(path, spelling), false, `no "${spelling}" left`);
    assert.ok(fileHolds(path, 'other7@example.org'), 'the others are kept');
  });

  it('fails loudly when the address is still in the file after the erasure', async () => {
    const path = join(tempDir('quoted-'), 'leads.db');
    writeFirstRelease(path);
    // Another lead quotes the address in its company: erasing Erin cannot remove it, and must say so.
    const db = new Database(path);
    db.prepare(`INSERT INTO leads (created_at, name, company, email, dedupe_key, sms_status, email_status)
      VALUES (?, 'Quoting', 'Fan of erin@xn--bcher-kva.example', 'quote@example.org', 'q', 'sent', 'sent')`).run(
      new Date().toISOString(),
    );
    db.close();
    const erased = await runCli(['erase', '--email', 'erin@bücher.example'], { DATABASE_PATH: path });
    assert.equal(erased.code, 1);
    assert.match(erased.stdout, /^erased 3 leads, /);
    assert.match(erased.stderr, /the address is still in the database file, even after VACUUM/);
  });
});
