// The bare reference for `npm run bench` when nginx is not installed: a
// node:http server with the page's bytes and headers in memory, doing nothing
// else per request (same header list, a request id, gzip or identity).
// Usage: node bench/reference-server.mjs page.json PORT
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const page = JSON.parse(readFileSync(file, 'utf8'));
const gzip = Buffer.from(page.gzip, 'base64');
const identity = Buffer.from(page.identity, 'base64');
const base = page.headers.filter(([name]) => !['content-encoding', 'x-request-id'].includes(name.toLowerCase())).flat();
let counter = 0;

http
  .createServer((req, res) => {
    const gz = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const body = gz ? gzip : identity;
    const headers = ['X-Request-Id', `ref-${++counter}`, ...base, 'Content-Length', String(body.length)];
    if (gz) headers.push('Content-Encoding', 'gzip');
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  })
  .listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
