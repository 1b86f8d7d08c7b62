/**
 * Lead data is readable by its owner only on a host install: the data folder
 * is created 0700 and the database, its write-ahead log, exports and backups
 * 0600; exports and backups never overwrite a file or follow a symbolic link
 * unless told to with --force (which replaces the link, not its target).
 */
import assert from 'node:assert/strict';
import { existsSync, lstatSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { startServer, type ServerProcess } from '../support/serverProcess';
import { tempDir } from '../support/tempDirs';

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

const cli = (args: string[], databasePath: string) => runCli(args, { DATABASE_PATH: databasePath });

let server: ServerProcess;
let dataDir: string;
let databasePath: string;

before(async () => {
  dataDir = join(tempDir('perms-'), 'data'); // does not exist yet: the server creates it
  databasePath = join(dataDir, 'leads.db');
  server = await startServer({ env: { DATABASE_PATH: databasePath } });
  const res = await fetch(`${server.url}/functions/v1/process-lead-notification`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', company: 'Engines', email: 'ada@example.com' }),
  });
  assert.equal(res.status, 200);
});

after(async () => {
  await server?.stop();
});

describe('files the server creates', () => {
  it('the data folder is 0700; the database and its -wal and -shm are 0600', () => {
    assert.equal(mode(dataDir), '700');
    for (const file of ['leads.db', 'leads.db-wal', 'leads.db-shm'])
      assert.equal(mode(join(dataDir, file)), '600', file);
  });
});

describe('files the CLI writes', () => {
  it('an export and a backup are 0600', async () => {
    const out = join(tempDir('perms-out-'), 'leads.csv');
    assert.equal((await cli(['export', '--output', out], databasePath)).code, 0);
    assert.equal(mode(out), '600');
    const copy = join(tempDir('perms-out-'), 'copy.db');
    assert.equal((await cli(['backup', copy], databasePath)).code, 0);
    assert.equal(mode(copy), '600');
  });

  it('refuses to overwrite an existing file without --force', async () => {
    const out = join(tempDir('perms-out-'), 'leads.csv');
    writeFileSync(out, 'keep me');
    const res = await cli(['export', '--output', out], databasePath);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /exists already; choose another name or add --force/);
    assert.equal(readFileSync(out, 'utf8'), 'keep me');
  });

  for (const command of ['export', 'backup']) {
    it(`${command}: never writes through a symbolic link; --force replaces the link itself`, async () => {
      const dir = tempDir('perms-link-');
      const target = join(dir, 'victim.txt');
      writeFileSync(target, 'precious');
      const link = join(dir, 'out');
      symlinkSync(target, link);
      const args = command === 'export' ? ['export', '--output', link] : ['backup', link];

      const refused = await cli(args, databasePath);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /is a symbolic link; choose another name or add --force/);
      assert.equal(readFileSync(target, 'utf8'), 'precious');

      const forced = await cli([...args, '--force'], databasePath);
      assert.equal(forced.code, 0, forced.stderr);
      assert.equal(readFileSync(target, 'utf8'), 'precious', 'the link target is untouched');
      assert.ok(!lstatSync(link).isSymbolicLink() && existsSync(link), 'the link became a file of its own');
      assert.equal(mode(link), '600');
    });
  }
});
