/**
 * Where things live on disk, relative to the project root. The root is found from this file's location, so the
 * server works from src/ (tests, dev) and from the bundle in dist/ (production, Docker) whatever the working directory.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** Built browser files (CSS, JS) and their manifest, written by scripts/build.mjs. */
export const assetsDir = join(projectRoot, 'dist', 'public', 'assets');
