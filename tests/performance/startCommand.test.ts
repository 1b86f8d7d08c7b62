/**
 * bin/start-server is how the server runs in production: `npm start` and the image's CMD both run
 * it, and the memory figures (docs/performance.md) hold only for a process it started. These tests
 * run it on the Node in use (CI: Node 20 and the image's Node) and look at the process it leaves
 * behind: node itself under the pid of the spawned shell (exec, so SIGTERM reaches node), the
 * flags and allocator this Node and this machine should get, the page served, exit 0 on SIGTERM.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startServer } from '../support/serverProcess';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const nodeMajor = Number(process.versions.node.split('.')[0]);
const jemalloc = '/usr/local/lib/libjemalloc.so.2';
/** The flags every Node gets, then those only Node 24 and later get. */
const everywhere = ['--max-semi-space-size=1', '--heap-growing-percent=20'];
const node24Only = ['--memory-saver-mode', '--max-opt=2'];

const procFile = (pid: number, name: string) =>
  readFileSync(`/proc/${pid}/${name}`, 'utf8').split('\0').filter(Boolean);

describe('bin/start-server', () => {
  it(`runs node ${process.version} in its own pid with the flags for Node ${nodeMajor}, serves GET /, exits 0 on SIGTERM`, async () => {
    // This Node first on PATH, so the shell's `exec node` runs the Node under test.
    const server = await startServer({
      env: {
        PATH: [dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(delimiter),
        LOG_LEVEL: 'warn',
      },
    });
    try {
      const res = await fetch(`${server.url}/`);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /<h1/);

      const pid = server.child.pid!;
      assert.equal(realpathSync(`/proc/${pid}/exe`), realpathSync(process.execPath), 'the shell exec-ed this Node');
      const expected = [...everywhere, ...(nodeMajor >= 24 ? node24Only : []), 'dist/server.js'];
      assert.deepEqual(procFile(pid, 'cmdline').slice(1), expected);

      const env = procFile(pid, 'environ');
      const mapsJemalloc = readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libjemalloc');
      if (existsSync(jemalloc)) {
        assert.ok(env.includes(`LD_PRELOAD=${jemalloc}`), env.join(' '));
        assert.ok(
          env.some((e) => /^MALLOC_CONF=.*dirty_decay_ms:\d+/.test(e)),
          'freed pages go back to the system',
        );
        assert.ok(mapsJemalloc, 'jemalloc is mapped');
      } else {
        assert.ok(!env.some((e) => e.startsWith('LD_PRELOAD=') || e.startsWith('MALLOC_CONF=')), env.join(' '));
        assert.ok(!mapsJemalloc, 'no jemalloc without the library');
        // glibc then hands freed memory back sooner.
        assert.ok(
          env.includes('MALLOC_TRIM_THRESHOLD_=131072') && env.includes('MALLOC_MMAP_THRESHOLD_=131072'),
          env.join(' '),
        );
      }
      assert.ok(env.includes('MALLOC_ARENA_MAX=2'), env.join(' '));

      // SIGTERM reaches node itself (no shell in between) and it exits with code 0, not by the signal.
      assert.equal(await server.stop('SIGTERM'), 0, server.output());
    } finally {
      await server.stop('SIGKILL', 0);
    }
  });

  it(
    nodeMajor < 24
      ? 'gives Node 20 none of the Node 24 flags: it refuses --memory-saver-mode and has Maglev off'
      : 'gives Node 24+ the Node 24 flags: it accepts them and has Maglev on',
    () => {
      const run = spawnSync(process.execPath, [...node24Only, '-e', '0'], { encoding: 'utf8' });
      const maglev = /^ {2}--maglev \(.*\n\s+type: bool {2}default: (\S+)/m.exec(
        spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout,
      )?.[1];
      if (nodeMajor < 24) {
        assert.notEqual(run.status, 0, 'Node 20 would not start with --memory-saver-mode');
        assert.equal(maglev, '--no-maglev', 'with Maglev off, --max-opt=2 would leave only the baseline compiler');
      } else {
        assert.equal(run.status, 0, run.stderr);
        assert.equal(maglev, '--maglev', '--max-opt=2 keeps Maglev as the top tier');
      }
    },
  );

  it('is what npm start and the image run, and the only place the settings are written', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    assert.equal(scripts.start, 'sh bin/start-server');
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    assert.deepEqual(JSON.parse(/^CMD (\[.*\])\s*$/m.exec(runtime)?.[1] ?? 'null'), ['sh', 'bin/start-server']);
    assert.match(runtime, /^COPY bin \.\/bin$/m);
    for (const setting of ['MALLOC_', 'LD_PRELOAD', 'NODE_OPTIONS', ...everywhere, ...node24Only]) {
      assert.ok(!dockerfile.includes(setting), `the Dockerfile repeats ${setting}`);
      assert.ok(!scripts.start.includes(setting), `npm start repeats ${setting}`);
    }
  });
});
