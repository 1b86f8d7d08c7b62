// Runs every tests/**/*.test.ts file with Node's test runner (TypeScript via
// tsx). Node 20's --test takes no glob patterns, so the files are listed here.
// Arguments narrow the run: `node scripts/run-tests.mjs tests/http` runs one folder.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

// `--except PATH` (repeatable) leaves a folder or a file out: the run on the image's Node leaves
// out the suites listed in scripts/test-on-node-lts.sh.
const args = process.argv.slice(2);
const except = args.flatMap((a, i) => (args[i - 1] === '--except' ? [join(a)] : []));
// A path left out that no longer exists is a list gone stale (a suite renamed runs again unnoticed).
const stale = except.filter((path) => !existsSync(path));
if (stale.length > 0) {
  console.error(`run-tests: --except names what does not exist: ${stale.join(' ')}`);
  process.exit(1);
}
const named = args.filter((a, i) => a !== '--except' && args[i - 1] !== '--except');
const roots = named.length > 0 ? named : ['tests'];
const files = roots
  .flatMap((root) => (statSync(root).isDirectory() ? findTests(root) : [root]))
  .filter((file) => !except.some((path) => file === path || file.startsWith(`${path}/`)))
  .sort();
if (files.length === 0) {
  // node --test without files would go looking for tests of its own.
  console.error(
    `run-tests: no test files in ${roots.join(' ')}${except.length > 0 ? ` outside ${except.join(' ')}` : ''}`,
  );
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=120000', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
