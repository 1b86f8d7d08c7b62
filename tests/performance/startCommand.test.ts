/**
 * bin/start-server is how the server runs in production: `npm start` and the image's CMD both run
 * it, and the memory figures (docs/performance.md) hold only for a process it started. These tests
 * run it on the Node in use (CI: Node 20 and the image's Node) and look at the process it leaves
 * behind: node itself under the pid of the spawned shell (exec, so SIGTERM reaches node), the
 * flags and allocator this Node and this machine should get, the page served, exit 0 on SIGTERM.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const nodeMajor = Number(process.versions.node.split('.')[0]);
const jemalloc = '/usr/local/lib/libjemalloc.so.2';
/** The flags every Node gets, then those only Node 24 and later get. */
const everywhere = ['--max-semi-space-size=1', '--heap-growing-percent=20', '--gc-memory-reducer-start-delay-ms=2000'];
const node24Only = ['--memory-saver-mode', '--max-opt=2'];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function getUntilServing(url: string, exited: () => boolean, output: () => string): Promise<Response> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) return res;
    } catch {
      // not listening yet
    }
    if (exited() || Date.now() > deadline) throw new Error(`bin/start-server did not serve ${url}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const procFile = (pid: number, name: string) => readFileSync(`/proc/${pid}/${name}`, 'utf8').split('\0').filter(Boolean);

describe('bin/start-server', () => {
  it(`runs node ${process.version} in its own pid with the flags for Node ${nodeMajor}, serves GET /, exits 0 on SIGTERM`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'start-server-'));
    const port = await freePort();
    const child = spawn('sh', ['bin/start-server'], {
      cwd: root,
      env: {
        PATH: [dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(delimiter), // this Node first
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_PATH: join(dataDir, 'leads.db'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<[number | null, string | null]>((resolve) => child.once('exit', (code, signal) => resolve([code, signal])));
    let ended = false;
    void exited.then(() => (ended = true));
    try {
      const res = await getUntilServing(`http://127.0.0.1:${port}/`, () => ended, () => output);
      assert.match(await res.text(), /<h1/);

      const pid = child.pid!;
      assert.equal(realpathSync(`/proc/${pid}/exe`), realpathSync(process.execPath), 'the shell exec-ed this Node');
      const expected = [...everywhere, ...(nodeMajor >= 24 ? node24Only : []), 'dist/server.js'];
      assert.deepEqual(procFile(pid, 'cmdline').slice(1), expected);

      const env = procFile(pid, 'environ');
      const mapsJemalloc = readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libjemalloc');
      if (existsSync(jemalloc)) {
        assert.ok(env.includes(`LD_PRELOAD=${jemalloc}`), env.join(' '));
        assert.ok(env.some((e) => /^MALLOC_CONF=.*dirty_decay_ms:\d+/.test(e)), 'freed pages go back to the system');
        assert.ok(mapsJemalloc, 'jemalloc is mapped');
      } else {
        assert.ok(!env.some((e) => e.startsWith('LD_PRELOAD=') || e.startsWith('MALLOC_CONF=')), env.join(' '));
        assert.ok(!mapsJemalloc, 'no jemalloc without the library');
      }
      assert.ok(env.includes('MALLOC_ARENA_MAX=2'), env.join(' '));

      child.kill('SIGTERM');
      assert.deepEqual(await exited, [0, null], output);
    } finally {
      if (!ended) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it(nodeMajor < 24 ? 'gives Node 20 none of the Node 24 flags: it refuses --memory-saver-mode and has Maglev off' : 'gives Node 24+ the Node 24 flags: it accepts them and has Maglev on', () => {
    const run = spawnSync(process.execPath, [...node24Only, '-e', '0'], { encoding: 'utf8' });
    const maglev = /^ {2}--maglev \(.*\n\s+type: bool {2}default: (\S+)/m.exec(spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout)?.[1];
    if (nodeMajor < 24) {
      assert.notEqual(run.status, 0, 'Node 20 would not start with --memory-saver-mode');
      assert.equal(maglev, '--no-maglev', 'with Maglev off, --max-opt=2 would leave only the baseline compiler');
    } else {
      assert.equal(run.status, 0, run.stderr);
      assert.equal(maglev, '--maglev', '--max-opt=2 keeps Maglev as the top tier');
    }
  });

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
