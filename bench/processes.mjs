// Starting, waiting for and stopping the processes the bench and the Lighthouse audit measure.
// The production server is started with bin/start-server, the very file `npm start` and the
// image run, so its flags and allocator are what ships. Everything listens on 127.0.0.1 only,
// and every process started here is stopped by stopAll().
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const children = new Set();

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released for the child to take). */
export function freePort() {
  return new Promise((done, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Builds when dist/ is missing or older than the sources: a benchmark of stale code measures nothing. */
export function buildIfStale() {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-stale'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}${result.stderr}`);
  return result.stdout.trim();
}

/** One HTTP request over a fresh connection; resolves with status, headers and the raw (undecoded) body. */
export function get(url, headers = {}, timeoutMs = 2000) {
  return new Promise((done, reject) => {
    const req = http.get(url, { headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/** Polls until GET url answers 200, at most timeoutMs. Returns the time it took, or throws. */
export async function waitUntilServing(url, timeoutMs = 10_000, everyMs = 2) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const res = await get(url, {}, 500);
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(everyMs);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function startProcess(command, args, options) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], ...options });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (c) => {
    if (stderr.length < 10_000) stderr += c;
  });
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!child.stopping)
      console.error(
        `\n${command} ${args.at(-1)} exited unexpectedly (code ${code}, signal ${signal})${stderr ? `:\n${stderr.slice(-2000)}` : ''}`,
      );
  });
  child.stderrText = () => stderr;
  return child;
}

export async function stopProcess(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.stopping = true;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...children].map((child) => stopProcess(child)));
}

/**
 * The start script to run: bin/start-server, or with BENCH_START=path another copy of it (a
 * variant with a setting removed, to measure what that setting earns).
 */
export function startScript() {
  const chosen = process.env.BENCH_START;
  return chosen && chosen !== 'image' ? resolve(chosen) : join(root, 'bin', 'start-server');
}

/** The environment of a server process: this Node first on PATH, so the bench measures the Node it runs on. */
function serverEnv(port, env) {
  const path = [dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(delimiter);
  return { PATH: path, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env };
}

async function serving(child, url, what) {
  try {
    await waitUntilServing(url);
  } catch (err) {
    await stopProcess(child);
    throw new Error(`${what} did not start: ${err.message}\n${child.stderrText()}`);
  }
}

/** The production server as `npm start` and the image start it (without npm's build check). */
export async function startServer(env) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const spawnedAt = performance.now();
  const child = startProcess('sh', [startScript()], { cwd: root, env: serverEnv(port, env) });
  const url = `http://127.0.0.1:${port}/`;
  await serving(child, url, 'the server');
  return { child, url, startupMs: performance.now() - spawnedAt };
}

/** Another build's server.js, with the node flags and allocator settings a running server got. */
export async function startServerLike(serverJs, settings, env) {
  const port = await freePort();
  const child = startProcess(process.execPath, [...settings.nodeArgs, serverJs], {
    env: serverEnv(port, { ...settings.env, ...env }),
  });
  const url = `http://127.0.0.1:${port}/`;
  await serving(child, url, serverJs);
  return { child, url };
}

/** The node flags and allocator settings a process runs with, read from /proc (what really ran). */
export function settingsOf(pid) {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  const env = Object.fromEntries(
    environ
      .filter((e) => /^(MALLOC_|LD_PRELOAD=)/.test(e))
      .map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]),
  );
  const jemalloc = readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libjemalloc');
  return { node: args[0], nodeArgs: args.filter((a) => a.startsWith('--')), script: args.at(-1), env, jemalloc };
}

/** Resident and peak memory of a process, from /proc (Linux), in MB. */
export function memoryOf(pid) {
  if (!existsSync(`/proc/${pid}/status`)) return { rssMb: NaN, peakMb: NaN };
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}
