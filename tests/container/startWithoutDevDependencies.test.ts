/**
 * The README's production install, step by step, on a fresh copy of the project: `npm ci && npm run
 * build && npm prune --omit=dev`, then `npm start`, and GET / answers 200. The copy holds the files
 * git would commit (tracked, plus untracked ones .gitignore does not exclude) and, in place of
 * `npm ci` (which compiles SQLite for minutes), a copy of the node_modules `npm ci` made here. The
 * prune rewrites package-lock.json and removes esbuild: the start must need neither. A source
 * edited afterwards makes the start stop with one line saying what to do, dist/ untouched.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { projectRoot } from '../../src/lib/paths';
import { freePort } from '../support/serverProcess';
import { removeTempDir, tempDir } from '../support/tempDirs';

const copy = join(tempDir('readme-install-'), 'site');
const dataDir = tempDir('readme-install-data-');
const timings: string[] = [];

/** The files a fresh clone would have: what git tracks or would add; without git, the tree less what .gitignore names. */
function projectFiles(): string[] {
  const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  if (git.status === 0)
    return git.stdout.split('\0').filter((file) => file !== '' && existsSync(join(projectRoot, file)));
  const skipped = new Set([
    'node_modules',
    'dist',
    'data',
    '.git',
    'reports',
    '.stryker-tmp',
    '.mutation-build',
    'tmp',
    '.env',
  ]);
  const walk = (dir: string): string[] =>
    readdirSync(join(projectRoot, dir), { withFileTypes: true })
      .filter((entry) => !skipped.has(entry.name) && !entry.name.endsWith('.log'))
      .flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
  return walk('');
}

/** Only this machine's npm cache, never the registry; and the environment built from scratch. */
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: process.env.HOME ?? copy,
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

function step(label: string, command: string, args: string[]): SpawnSyncReturns<string> {
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: copy, env, encoding: 'utf8', timeout: 60_000 });
  timings.push(`${label} ${Date.now() - started} ms`);
  return run;
}

const builtFiles = ['dist/server.js', 'dist/public/assets/manifest.json'];
const snapshot = () =>
  builtFiles.map((file) => `${statSync(join(copy, file)).mtimeMs}:${readFileSync(join(copy, file), 'utf8').length}`);

/** `npm start` until GET / answers; resolves with the status and what npm and the server printed. */
async function npmStart(port: number): Promise<{ status: number; output: string }> {
  const child = spawn('npm', ['start'], {
    cwd: copy,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATABASE_PATH: join(dataDir, 'leads.db'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: npm, the shell and node stop together
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', resolve)).then(() => (exited = true));
  try {
    const deadline = Date.now() + 30_000;
    while (!exited && Date.now() < deadline) {
      const status = await fetch(`http://127.0.0.1:${port}/`).then(
        (res) => res.status,
        () => 0,
      );
      if (status !== 0) return { status, output };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { status: 0, output };
  } finally {
    if (!exited && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exit;
  }
}

before(() => {
  let started = Date.now();
  for (const file of projectFiles()) cpSync(join(projectRoot, file), join(copy, file), { preserveTimestamps: true });
  timings.push(`copy of the project files ${Date.now() - started} ms`);
  // `npm ci`'s result, copied whole: a symbolic link instead would let the prune below empty the real one.
  started = Date.now();
  const copied = spawnSync('cp', ['-a', realpathSync(join(projectRoot, 'node_modules')), join(copy, 'node_modules')], {
    encoding: 'utf8',
  });
  assert.equal(copied.status, 0, copied.stderr);
  assert.ok(lstatSync(join(copy, 'node_modules')).isDirectory(), 'node_modules is a directory of its own');
  timings.push(`copy of node_modules (for npm ci) ${Date.now() - started} ms`);
});

after(() => {
  console.log(`[readme-install] ${timings.join('; ')}`);
  removeTempDir(copy); // half a gigabyte: not kept until the test process ends
});

describe("the README's production install", () => {
  it('builds, prunes the dev dependencies (rewriting package-lock.json, removing esbuild) and serves GET / with npm start', async () => {
    const lockBefore = statSync(join(copy, 'package-lock.json')).mtimeMs;
    const build = step('npm run build', 'npm', ['run', 'build']);
    assert.equal(build.status, 0, `${build.stdout}${build.stderr}`);
    const prune = step('npm prune --omit=dev', 'npm', ['prune', '--omit=dev']);
    assert.equal(prune.status, 0, `${prune.stdout}${prune.stderr}`);
    assert.throws(
      () => createRequire(join(copy, 'scripts', 'build.mjs')).resolve('esbuild'),
      /Cannot find module 'esbuild'/,
    );
    assert.ok(statSync(join(copy, 'package-lock.json')).mtimeMs > lockBefore, 'npm prune rewrote package-lock.json');

    const before = snapshot();
    const started = Date.now();
    const start = await npmStart(await freePort());
    timings.push(`npm start to GET / ${Date.now() - started} ms`);
    assert.equal(start.status, 200, start.output);
    assert.match(start.output, /dist\/ is up to date with the sources: not rebuilt/);
    assert.deepEqual(snapshot(), before, 'dist/ untouched');
  });

  it('stops with one line saying what changed and how to build when a source changed after the build', () => {
    const before = snapshot();
    appendFileSync(join(copy, 'src', 'content.ts'), '\n// edited after the build\n');
    const run = step('npm start (stale)', 'npm', ['start']);
    assert.notEqual(run.status, 0, `${run.stdout}${run.stderr}`);
    const lines = run.stderr.split('\n').filter((line) => line.startsWith('build:'));
    assert.equal(lines.length, 1, run.stderr);
    const [line = ''] = lines;
    assert.match(line, /src\//, 'names what changed');
    assert.match(line, /esbuild, a dev dependency, is not installed/);
    assert.match(line, /npm ci && npm run build/);
    assert.match(line, /npm prune --omit=dev/);
    assert.deepEqual(snapshot(), before, 'dist/ untouched');
  });
});
