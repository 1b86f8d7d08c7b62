// Stryker's build step (stryker.config.json "buildCommand"), run inside Stryker's sandbox after
// the source files were instrumented with the mutants: bundles each test file named on the
// command line (files, or folders searched for *.test.ts) with its source imports into one
// JavaScript file under .mutation-build/, keeping node_modules imports external.
// The TAP runner then starts plain `node` for each test file and mutant instead of
// `node --import tsx`, which compiles the test file and its sources again before any test runs,
// in every one of a mutation run's test-file runs: that was most of the run's time
// (docs/mutation-testing.md, docs/performance.md "Tooling").
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const OUT_DIR = '.mutation-build';

function findTests(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => {
    const child = join(path, name);
    if (statSync(child).isDirectory()) return findTests(child);
    return name.endsWith('.test.ts') ? [child] : [];
  });
}

const entryPoints = process.argv.slice(2).flatMap(findTests).sort();
if (entryPoints.length === 0) {
  console.error('usage: node scripts/mutation-build.mjs <test files or folders>');
  process.exit(2);
}
rmSync(OUT_DIR, { recursive: true, force: true });
buildSync({
  entryPoints,
  outdir: OUT_DIR,
  outbase: '.',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
console.log(`mutation-build: bundled ${entryPoints.length} test files into ${OUT_DIR}/`);
