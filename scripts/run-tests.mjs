// Runs every tests/**/*.test.ts file with Node's test runner (TypeScript via
// tsx). Node 20's --test takes no glob patterns, so the files are listed here.
// Arguments narrow the run: `node scripts/run-tests.mjs tests/http` runs one folder.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const roots = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['tests'];
const files = roots.flatMap((root) => (statSync(root).isDirectory() ? findTests(root) : [root])).sort();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=120000', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
