// The references `npm run bench` compares the server with: nginx with a generated config, or a
// bare node:http server (bench/reference-server.mjs), serving the very same bytes with the very
// same headers as the server's GET /. Both listen on 127.0.0.1 only.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, get, startProcess, stopProcess, waitUntilServing } from './processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));

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
 * The reference compresses the HTML per request (`gzip on`, as an operator
 * would configure it); `precompressed` adds `gzip_static` with our
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
  // gzip filter no longer sees text/html and sends the page uncompressed (docs/performance.md).
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
export async function startBareNode(dir, page) {
  const port = await freePort();
  writeFileSync(
    join(dir, 'page.json'),
    JSON.stringify({
      headers: page.headers,
      gzip: page.gzip.toString('base64'),
      identity: page.identity.toString('base64'),
    }),
  );
  const child = startProcess(
    process.execPath,
    [join(here, 'reference-server.mjs'), join(dir, 'page.json'), String(port)],
    {},
  );
  const url = `http://127.0.0.1:${port}/`;
  await waitUntilServing(url, 5000);
  return { child, url };
}
