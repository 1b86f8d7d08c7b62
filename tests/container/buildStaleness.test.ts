/**
 * When `npm start` (its prestart, `node scripts/build.mjs --if-stale`) takes dist/ as built from the
 * sources at hand: by their contents, never their modification times. In a copy without
 * node_modules, as a production host has no esbuild: while dist/ matches, the prestart succeeds
 * without building; once a source that goes into the build changes, it exits 1 with one line
 * naming what changed and how to build, dist/ untouched. Faster than the README's whole install
 * (startWithoutDevDependencies.test.ts): it checks each kind of source on its own.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { before, describe, it } from 'node:test';
import { projectRoot } from '../../src/lib/paths';
import { tempDir } from '../support/tempDirs';

const copy = tempDir('build-staleness-');
const builtFiles = ['dist/server.js', 'dist/public/assets/manifest.json'];

function write(file: string, text: string) {
  mkdirSync(dirname(join(copy, file)), { recursive: true });
  writeFileSync(join(copy, file), text);
}
const read = (file: string) => readFileSync(join(copy, file), 'utf8');
const snapshot = () => builtFiles.map((file) => `${statSync(join(copy, file)).mtimeMs}:${read(file)}`);
const ifStale = () =>
  spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: copy, encoding: 'utf8', timeout: 30_000 });

function assertUpToDate(why: string) {
  const run = ifStale();
  assert.equal(run.status, 0, `${why}: ${run.stdout}${run.stderr}`);
  assert.match(run.stdout, /up to date/, why);
}

/** Changes (or adds) `file` with `edit`, expects the refusal naming `part`, then puts things back. */
function assertRefusedAfter(file: string, edit: (text: string) => string, part: string) {
  const original = existsSync(join(copy, file)) ? read(file) : undefined;
  const before = snapshot();
  write(file, edit(original ?? ''));
  try {
    const run = ifStale();
    assert.equal(run.status, 1, `${run.stdout}${run.stderr}`);
    const [line = '', ...more] = run.stderr.trim().split('\n');
    assert.deepEqual(more, [], 'one line');
    assert.ok(line.includes(`changed since: ${part}`), line);
    assert.match(line, /esbuild, a dev dependency, is not installed/);
    assert.match(line, /npm ci && npm run build/);
    assert.match(line, /npm prune --omit=dev/);
    assert.deepEqual(snapshot(), before, 'dist/ untouched');
  } finally {
    if (original === undefined) rmSync(join(copy, file));
    else write(file, original);
  }
}

before(() => {
  for (const file of ['scripts/build.mjs', 'package.json', 'package-lock.json', 'tsconfig.json']) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(projectRoot, file), join(copy, file));
  }
  write('src/server.ts', 'export {};\n');
  write('src/pages/styles.css', 'body { margin: 0; }\n');
  write('client/lead-form.tsx', 'export {};\n');
  for (const file of builtFiles) write(file, `// built ${file}\n`);
  // What a build of these sources records (the build itself needs esbuild, which the copy lacks).
  const record = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { sourceParts } = await import('./scripts/build.mjs'); console.log(JSON.stringify(sourceParts()));",
    ],
    { cwd: copy, encoding: 'utf8' },
  );
  assert.equal(record.status, 0, record.stderr);
  write('dist/sources.json', record.stdout);
});

describe('npm start without dev dependencies', () => {
  it('starts without building while dist/ matches the sources, whatever their modification times', () => {
    assertUpToDate('as built');
    const future = Date.now() / 1000 + 3600;
    for (const file of [
      'src/server.ts',
      'src/pages/styles.css',
      'client/lead-form.tsx',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'scripts/build.mjs',
    ]) {
      utimesSync(join(copy, file), future, future);
    }
    assertUpToDate('every source newer than dist/');
    write('package-lock.json', read('package-lock.json')); // what npm prune does: the same bytes, written again
    assertUpToDate('package-lock.json rewritten');
  });

  it('ignores package.json fields the build does not read', () => {
    const original = read('package.json');
    try {
      write(
        'package.json',
        JSON.stringify(
          { ...JSON.parse(original), description: 'another', scripts: { start: 'sh bin/start-server' } },
          null,
          2,
        ),
      );
      assertUpToDate('description and scripts changed');
    } finally {
      write('package.json', original);
    }
  });

  it('refuses, naming the change, when a source that goes into the build changed', () => {
    assertRefusedAfter('src/server.ts', (text) => `${text}export const changed = 1;\n`, 'src/');
    assertRefusedAfter('src/pages/styles.css', (text) => `${text}p { margin: 0; }\n`, 'src/');
    assertRefusedAfter('client/lead-form.tsx', (text) => `${text}// edited\n`, 'client/');
    assertRefusedAfter('tsconfig.json', (text) => text.replace('{', '{ "extends": "./base.json",'), 'tsconfig.json');
    assertRefusedAfter(
      'package.json',
      (text) => text.replace('"dependencies": {', '"dependencies": {\n    "left-pad": "^1.3.0",'),
      'package.json',
    );
    assertRefusedAfter(
      'package-lock.json',
      (text) => text.replace(/("node_modules\/react": \{\s*"version": ")[^"]+/, '$1999.0.0'),
      'package-lock.json',
    );
  });

  it('refuses a new file under src/, and a dist/ without the record of its sources', () => {
    assertRefusedAfter('src/extra.ts', () => 'export {};\n', 'src/');
    const record = read('dist/sources.json');
    rmSync(join(copy, 'dist', 'sources.json'));
    try {
      const run = ifStale();
      assert.equal(run.status, 1, `${run.stdout}${run.stderr}`);
      assert.match(
        run.stderr,
        /^build: dist\/ has no record of the sources it was built from .*npm ci && npm run build/,
      );
    } finally {
      write('dist/sources.json', record);
    }
    assertUpToDate('the record back');
  });
});
