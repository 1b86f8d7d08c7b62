/**
 * Real database faults, caused from outside the server as they happen in
 * production: inserts refused (through a second connection, as an operator
 * or a full disk would), files made unwritable (the immutable attribute,
 * which even root and already-open descriptors obey, unlike chmod), a lock
 * held by another process, and a full database (SQLite's max_page_count on
 * the server's own connection, since the pragma is per connection).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '../../src/storage/database';
import { projectRoot } from '../../src/lib/paths';
import { tempDir } from './tempDirs';

/** From another connection: every insert into leads fails as on a full disk until the returned function is called. */
export function refuseLeadInserts(databasePath: string): () => void {
  const other = new Database(databasePath);
  other.exec("CREATE TRIGGER refuse BEFORE INSERT ON leads BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
  return () => {
    other.exec('DROP TRIGGER refuse');
    other.close();
  };
}

let immutableProbe: string | undefined | null = null;

/** Why the immutable attribute cannot be set here (not root, or a file system without it), or undefined when it can. */
function immutableUnsupported(): string | undefined {
  if (immutableProbe !== null) return immutableProbe;
  if (process.getuid?.() !== 0)
    return (immutableProbe = 'setting the immutable attribute needs root (CAP_LINUX_IMMUTABLE)');
  const probe = join(tempDir('immutable-probe-'), 'probe');
  writeFileSync(probe, 'x');
  const set = spawnSync('chattr', ['+i', probe], { encoding: 'utf8' });
  spawnSync('chattr', ['-i', probe]);
  immutableProbe = set.error || set.status !== 0 ? `chattr +i failed (${set.stderr || set.error?.message})` : undefined;
  return immutableProbe;
}

/** The database file, its WAL and shared-memory files, and their directory. */
function databaseFiles(databasePath: string): string[] {
  return [databasePath, `${databasePath}-wal`, `${databasePath}-shm`, dirname(databasePath)].filter((p) =>
    existsSync(p),
  );
}

/**
 * Makes the database unwritable for the server, or writable again. Where the
 * immutable attribute can be set, on the files themselves; elsewhere the
 * server's own connection is switched to query_only, which refuses every
 * write with the same SQLITE_READONLY error, so the test runs everywhere.
 * Returns how the fault was staged, for the test's report.
 */
export function setReadOnly(
  databasePath: string,
  serverDb: Db,
  readOnly: boolean,
): 'immutable files' | 'query_only connection' {
  if (immutableUnsupported() !== undefined) {
    serverDb.pragma(`query_only = ${readOnly ? 'ON' : 'OFF'}`);
    return 'query_only connection';
  }
  for (const path of databaseFiles(databasePath)) {
    const result = spawnSync('chattr', [readOnly ? '+i' : '-i', path], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`chattr on ${path} failed: ${result.stderr}`);
  }
  return 'immutable files';
}

export interface LockHolder {
  /** Resolves once the other process holds the write lock. */
  locked: Promise<void>;
  /** Resolves when the other process has committed and exited. */
  released: Promise<void>;
  child: ChildProcess;
}

/** Another process (as an operator's sqlite3 shell would) takes the write lock and holds it for holdMs. */
export function holdWriteLock(databasePath: string, holdMs: number): LockHolder {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(databasePath)});
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); process.exit(0); }, ${holdMs});`;
  const child = spawn(process.execPath, ['-e', script], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => c.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited early (${code})`)));
  });
  const released = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { locked, released, child };
}

/** Caps the server connection's database at its current size: the next page it needs is "disk full". */
export function fillDisk(db: Db, full: boolean): void {
  const pages = db.pragma('page_count', { simple: true }) as number;
  db.pragma(`max_page_count = ${full ? pages : 1_073_741_823}`);
}
