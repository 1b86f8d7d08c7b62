// The processes `npm run bench` measures: the production server, and the
// reference (nginx with a generated config, or a bare node:http server) that
// serves the very same bytes with the very same headers. Everything listens on
// 127.0.0.1 only, and every process started here is stopped by stopAll().
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { imageCommand, imageOnly, startCommand } from './start-command.mjs';

const children = new Set();

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released for the child to take). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Builds when dist/ is missing or older than a source file; a benchmark of stale code measures nothing. */
export function buildIfNeeded(root) {
  const server = join(root, 'dist', 'server.js');
  const manifest = join(root, 'dist', 'public', 'assets', 'manifest.json');
  const newest = (dir) => {
    let latest = 0;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path);
      latest = Math.max(latest, stat.isDirectory() ? newest(path) : stat.mtimeMs);
    }
    return latest;
  };
  const built = existsSync(server) && existsSync(manifest) ? Math.min(statSync(server).mtimeMs, statSync(manifest).mtimeMs) : 0;
  const sources = Math.max(newest(join(root, 'src')), existsSync(join(root, 'client')) ? newest(join(root, 'client')) : 0);
  if (built >= sources) return false;
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
  return true;
}

/** One HTTP request over a fresh connection; resolves with status, headers and the raw (undecoded) body. */
export function get(url, headers = {}, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
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
    if (!child.stopping) console.error(`\n${command} ${args.at(-1)} exited unexpectedly (code ${code}, signal ${signal})${stderr ? `:\n${stderr.slice(-2000)}` : ''}`);
  });
  child.stderrText = () => stderr;
  return child;
}

export async function stopProcess(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
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
 * The production command's flags and environment: `npm start`'s, or with BENCH_START=image the
 * Docker image's (adds jemalloc and --memory-saver-mode; run it on the image's Node, 24 or later,
 * with Debian's libjemalloc2 at the image's path, /usr/local/lib/libjemalloc.so.2).
 */
export function productionCommand() {
  const npm = startCommand();
  if (process.env.BENCH_START !== 'image') return { ...npm, label: 'as `npm start` does' };
  const image = imageCommand();
  // Only the process settings: the image's HOST, PORT and DATABASE_PATH are not for this machine.
  const env = Object.fromEntries([...Object.keys(npm.env), ...imageOnly.env].map((name) => [name, image.env[name]]));
  if (env.LD_PRELOAD && !existsSync(env.LD_PRELOAD)) throw new Error(`BENCH_START=image needs ${env.LD_PRELOAD} (apt-get install libjemalloc2, then link it there)`);
  return { ...image, env, label: "as the image's CMD does" };
}

/** The production server: dist/server.js in its own process, as `npm start` runs it (without the rebuild). */
export async function startServer(serverJs, env, nodeArgs = []) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const production = productionCommand();
  const spawnedAt = performance.now();
  const child = startProcess(process.execPath, [...production.nodeArgs, ...nodeArgs, serverJs], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...production.env, ...env },
  });
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitUntilServing(url);
  } catch (err) {
    await stopProcess(child);
    throw new Error(`${serverJs} did not start: ${err.message}\n${child.stderrText()}`);
  }
  return { child, url, startupMs: performance.now() - spawnedAt };
}

/** What the reference must reproduce: our GET / with gzip, as raw header pairs and bytes. */
export async function captureResponse(url) {
  const res = await get(url, { 'Accept-Encoding': 'gzip' });
  const plain = await get(url, { 'Accept-Encoding': 'identity' });
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    if (!skip.has(res.rawHeaders[i].toLowerCase())) headers.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
  }
  return { headers, gzip: res.body, identity: plain.body };
}

export function nginxPath() {
  for (const path of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (existsSync(path)) return path;
  return null;
}

export function wrkPath() {
  for (const path of ['/usr/bin/wrk', '/usr/local/bin/wrk']) if (existsSync(path)) return path;
  return null;
}

const nginxQuote = (value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * nginx with 2 workers and gzip on, serving the identical page with the same
 * security, caching and ETag headers. Keep-alive is unlimited, as in Node.
 * The issue's reference compresses the HTML per request (`gzip on`, as an
 * operator would configure it); `precompressed` adds `gzip_static` with our
 * own gzip bytes, a stricter reference that does no per-request work at all.
 */
export async function startNginx(dir, page, { precompressed = false } = {}) {
  const nginx = nginxPath();
  const port = await freePort();
  const site = join(dir, 'site');
  mkdirSync(site, { recursive: true });
  writeFileSync(join(site, 'index.html'), page.identity);
  if (precompressed) writeFileSync(join(site, 'index.html.gz'), page.gzip);
  // Workers drop to "nobody" when started as root: they must be able to read the files.
  for (const path of [dirname(dir), dir, site]) chmodSync(path, 0o755);
  const typeHeader = page.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'text/html';
  // The MIME type and the charset go in separately: with the charset inside default_type, nginx's
  // gzip filter no longer sees text/html and sends the page uncompressed (measured: 32 KB per request).
  const [mime, ...params] = typeHeader.split(';').map((part) => part.trim());
  const charset = params.find((p) => /^charset=/i.test(p))?.slice('charset='.length);
  const added = page.headers
    .filter(([name]) => !['content-type', 'content-encoding', 'vary', 'x-request-id'].includes(name.toLowerCase()))
    .map(([name, value]) => `      add_header ${name} ${nginxQuote(value)} always;`)
    .join('\n');
  const conf = `worker_processes 2;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp-body;
  proxy_temp_path ${dir}/tmp-proxy;
  fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi;
  scgi_temp_path ${dir}/tmp-scgi;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 10000000;
  open_file_cache max=16 inactive=60s;
  etag off;
  gzip on;
  gzip_static ${precompressed ? 'on' : 'off'};
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${site};
    location / {
      index index.html;
      types { }
      default_type ${nginxQuote(mime)};${charset ? `\n      charset ${charset};` : ''}
      add_header X-Request-Id $request_id always;
${added}
    }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const child = startProcess(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {});
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitUntilServing(url, 5000);
  } catch (err) {
    await stopProcess(child, 'SIGQUIT');
    throw new Error(`nginx did not start: ${err.message}\n${child.stderrText()}`);
  }
  return { child, url };
}

/** A bare node:http server with the same bytes and headers in memory (the reference when nginx is missing). */
export async function startBareNode(dir, page, scriptsDir) {
  const port = await freePort();
  writeFileSync(join(dir, 'page.json'), JSON.stringify({ headers: page.headers, gzip: page.gzip.toString('base64'), identity: page.identity.toString('base64') }));
  const child = startProcess(process.execPath, [join(scriptsDir, 'bench-reference.mjs'), join(dir, 'page.json'), String(port)], {});
  const url = `http://127.0.0.1:${port}/`;
  await waitUntilServing(url, 5000);
  return { child, url };
}

/** Resident and peak memory of a process, from /proc (Linux), in MB. */
export function memoryOf(pid) {
  try {
    const status = spawnSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' }).stdout;
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: NaN, peakMb: NaN };
  }
}
