/**
 * Real database faults, caused from outside the server as they happen in
 * production: files made unwritable (the immutable attribute, which even root
 * and already-open descriptors obey, unlike chmod), a lock held by another
 * process, and a full database (SQLite's max_page_count on the server's own
 * connection, since the pragma is per connection).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from '../../src/storage/database';
import { projectRoot } from '../../src/paths';
import { tempDir } from '../harness/serverProcess';

/** Why read-only faults cannot be staged here, or undefined when they can. */
export function immutableUnsupported(): string | undefined {
  if (process.getuid?.() !== 0) return 'setting the immutable attribute needs root (CAP_LINUX_IMMUTABLE)';
  const probe = join(tempDir('immutable-probe-'), 'probe');
  writeFileSync(probe, 'x');
  const set = spawnSync('chattr', ['+i', probe], { encoding: 'utf8' });
  spawnSync('chattr', ['-i', probe]);
  if (set.error || set.status !== 0) return `chattr +i is not available on this file system (${set.stderr || set.error?.message})`;
  return undefined;
}

/** The database file, its WAL and shared-memory files, and their directory. */
function databaseFiles(databasePath: string): string[] {
  return [databasePath, `${databasePath}-wal`, `${databasePath}-shm`, dirname(databasePath)].filter((p) => existsSync(p));
}

export function setReadOnly(databasePath: string, readOnly: boolean): void {
  for (const path of databaseFiles(databasePath)) {
    const result = spawnSync('chattr', [readOnly ? '+i' : '-i', path], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`chattr on ${path} failed: ${result.stderr}`);
  }
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
