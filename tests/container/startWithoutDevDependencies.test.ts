/**
 * A server installed with `npm ci --omit=dev` and given a built dist/ must start with `npm start`:
 * its prestart (`node scripts/build.mjs --if-stale`) may not need esbuild, a dev dependency, while
 * dist/ is newer than the sources, and must say in one line what to do when dist/ is stale.
 * Runs in a temporary copy with no node_modules, where esbuild cannot be resolved.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../support/tempDirs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const copy = tempDir('start-no-dev-');
const built = ['dist/server.js', 'dist/public/assets/manifest.json'];
const sources = ['src/server.ts', 'client/lead-form.tsx', 'package.json', 'package-lock.json'];

function write(file: string, text: string, seconds: number) {
  mkdirSync(dirname(join(copy, file)), { recursive: true });
  writeFileSync(join(copy, file), text);
  utimesSync(join(copy, file), seconds, seconds);
}

const snapshot = () => built.map((file) => `${statSync(join(copy, file)).mtimeMs}:${readFileSync(join(copy, file), 'utf8')}`);

before(() => {
  const now = Date.now() / 1000;
  mkdirSync(join(copy, 'scripts'));
  copyFileSync(join(root, 'scripts', 'build.mjs'), join(copy, 'scripts', 'build.mjs'));
  for (const file of ['package.json', 'package-lock.json']) write(file, readFileSync(join(root, file), 'utf8'), now - 120);
  write('src/server.ts', 'export {};\n', now - 120);
  write('client/lead-form.tsx', 'export {};\n', now - 120);
  for (const file of built) write(file, `// built ${file}\n`, now - 60);
});

describe('npm start without dev dependencies', () => {
  it('has no esbuild to find in the copy (what `npm ci --omit=dev` leaves)', () => {
    assert.throws(() => createRequire(join(copy, 'scripts', 'build.mjs')).resolve('esbuild'), /Cannot find module 'esbuild'/);
  });

  it("runs npm start's prestart to success without building while dist/ is newer than the sources", () => {
    const before = snapshot();
    const run = spawnSync('npm', ['run', '--silent', 'prestart'], { cwd: copy, encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
    assert.match(run.stdout, /up to date/);
    assert.deepEqual(snapshot(), before, 'dist/ untouched');
  });

  for (const source of sources) {
    it(`exits 1 with one line saying how to build when ${source} is newer than dist/`, () => {
      const before = snapshot();
      const now = Date.now() / 1000;
      utimesSync(join(copy, source), now, now);
      try {
        const run = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: copy, encoding: 'utf8', timeout: 30_000 });
        assert.equal(run.status, 1, `${run.stdout}${run.stderr}`);
        const [line = '', ...more] = run.stderr.trim().split('\n');
        assert.deepEqual(more, [], 'one line');
        assert.match(line, /esbuild/);
        assert.match(line, /npm ci && npm run build/);
        assert.match(line, /npm prune --omit=dev/);
        assert.deepEqual(snapshot(), before, 'dist/ untouched');
      } finally {
        utimesSync(join(copy, source), now - 120, now - 120);
      }
    });
  }
});
