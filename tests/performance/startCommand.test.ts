/**
 * The memory target (under 100 MB resident after the benchmarks) holds for a
 * process started with the production command's node flags and allocator
 * setting. They are written twice, in package.json's start script and in the
 * Dockerfile (which adds only the image-only settings); these tests fail when
 * the two drift apart or when the Node in use refuses a flag (CI runs them on
 * Node 20 and on the image's Node, where the image-only flag is tried too).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { imageCommand, imageOnly, startCommand } from '../../scripts/start-command.mjs';
import { projectRoot } from '../../src/paths';
import { startServer } from '../harness/serverProcess';

describe('the production command', () => {
  it('is the same in package.json and in the Dockerfile: node flags, allocator setting, entry point', () => {
    const npm = startCommand();
    const image = imageCommand();
    assert.deepEqual(image.nodeArgs, [...npm.nodeArgs, ...imageOnly.nodeArgs]);
    assert.equal(image.script, npm.script);
    for (const [name, value] of Object.entries(npm.env)) assert.equal(image.env[name], value, `ENV ${name} in the Dockerfile`);
    assert.ok(npm.nodeArgs.includes('--max-semi-space-size=1'), 'the young generation is bounded');
    assert.equal(npm.env.MALLOC_ARENA_MAX, '2');
  });

  it('adds in the image only jemalloc, the memory saver mode and Maglev as the top tier', () => {
    const image = imageCommand();
    assert.deepEqual(imageOnly.nodeArgs, ['--memory-saver-mode', '--max-opt=2']);
    assert.equal(image.env.LD_PRELOAD, '/usr/local/lib/libjemalloc.so.2');
    assert.match(image.env.MALLOC_CONF ?? '', /dirty_decay_ms:\d+/, 'freed pages go back to the system');
    for (const name of imageOnly.env) assert.equal(startCommand().env[name], undefined, `${name} is not in npm start`);
    assert.match(readFileSync(join(projectRoot, 'Dockerfile'), 'utf8'), /apt-get install[^\n]*libjemalloc2/);
  });

  it('starts and serves the page on this Node with those flags', async () => {
    const server = await startServer(); // the harness starts every server process with them
    try {
      const res = await fetch(`${server.url}/`);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /<h1/);
      const args = readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0');
      for (const flag of startCommand().nodeArgs) assert.ok(args.includes(flag), `${flag} in ${args.join(' ')}`);
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });

  it('keeps the image-only flags out of npm start for a reason: Node 20 refuses one and has no Maglev; Node 24+ serves with them', async () => {
    const major = Number(process.versions.node.split('.')[0]);
    const maglevDefault = /^ {2}--maglev \(.*\n\s+type: bool {2}default: (\S+)/m.exec(spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout)?.[1];
    if (major < 24) {
      const run = spawnSync(process.execPath, ['--memory-saver-mode', '-e', '0'], { encoding: 'utf8' });
      assert.notEqual(run.status, 0, 'Node 20 would not start with --memory-saver-mode');
      assert.match(run.stderr, /memory-saver-mode/);
      assert.equal(maglevDefault, '--no-maglev', 'with Maglev off, --max-opt=2 would leave only the baseline compiler');
      return;
    }
    assert.equal(maglevDefault, '--maglev', '--max-opt=2 keeps Maglev as the top tier');
    const server = await startServer({ nodeArgs: imageOnly.nodeArgs });
    try {
      assert.equal((await fetch(`${server.url}/`)).status, 200);
      const args = readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0');
      for (const flag of imageOnly.nodeArgs) assert.ok(args.includes(flag), args.join(' '));
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });
});
