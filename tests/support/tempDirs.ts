/**
 * The one registry of temporary directories for tests (databases, probes,
 * backups): each is created fresh under the system's temp folder and removed
 * when the test process exits, whether or not the test that made it passed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dirs = new Set<string>();
process.once('exit', () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh, empty directory, removed when the test process exits. */
export function tempDir(prefix = 'site-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.add(dir);
  return dir;
}

/** Removes a directory from tempDir() now, for a test that wants its disk space back early. */
export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  dirs.delete(dir);
}
