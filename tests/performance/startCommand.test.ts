/**
 * The memory target (under 100 MB resident after the benchmarks) holds for a
 * process started with the production command's node flags and allocator
 * setting. They are written twice, in package.json's start script and in the
 * Dockerfile; these tests fail when the two drift apart or when the Node in
 * use refuses a flag (CI runs them on Node 20 and on the image's Node).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { imageCommand, startCommand } from '../../scripts/start-command.mjs';
import { startServer } from '../harness/serverProcess';

describe('the production command', () => {
  it('is the same in package.json and in the Dockerfile: node flags, allocator setting, entry point', () => {
    const npm = startCommand();
    const image = imageCommand();
    assert.deepEqual(image.nodeArgs, npm.nodeArgs);
    assert.equal(image.script, npm.script);
    for (const [name, value] of Object.entries(npm.env)) assert.equal(image.env[name], value, `ENV ${name} in the Dockerfile`);
    assert.ok(npm.nodeArgs.some((arg) => arg.startsWith('--max-semi-space-size=')), 'the young generation is bounded');
    assert.equal(npm.env.MALLOC_ARENA_MAX, '2');
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
});
