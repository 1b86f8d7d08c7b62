/**
 * Path traversal under /assets/ against the real server process: every known
 * way of spelling "go up a directory" (encoded dots and slashes, double
 * encoding, overlong UTF-8, backslashes, null bytes) must get the not-found
 * page and never a byte of a file outside the built assets: not the source,
 * not package.json, not the database, not /etc/passwd. Sent over raw sockets
 * so the paths reach the server exactly as written.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assetsDir } from '../../src/lib/paths';
import { rawRequest } from '../support/rawHttp';
import { startServer, type ServerProcess } from '../support/serverProcess';

let server: ServerProcess;
let cssName: string;

/** Text that appears only in files a visitor must never see. */
const SECRETS: [string, RegExp][] = [
  ['package.json', /"name":\s*"gtm-strategist-site"/],
  ['/etc/passwd', /root:x?:0:0/],
  ['the asset manifest', /"entries"\s*:/],
  ['the server bundle or its source map', /sourceMappingURL|"mappings"|loadConfig/],
  ['TypeScript source', /import type|export function/],
  ['the SQLite database', /SQLite format 3/],
];

const UP = [
  '../',
  '..%2f',
  '..%2F',
  '%2e%2e/',
  '%2e%2e%2f',
  '%2E%2E%2F',
  '.%2e/',
  '%2e./',
  '%252e%252e%252f',
  '..%252f',
  '%25%32%65%25%32%65/',
  '..\\',
  '..%5c',
  '..%5C',
  '%2e%2e%5c',
  '%252e%252e%255c',
  '%c0%ae%c0%ae/',
  '..%c0%af',
  '%c0%ae%c0%ae%c0%af',
  '..%e0%80%af',
  '%uff0e%uff0e/',
  '....//',
  '..;/',
  '..%00/',
  '%00../',
  '.../',
];
const TARGETS: [string, number][] = [
  ['package.json', 3],
  ['src/config.ts', 3],
  ['dist/server.js', 3],
  ['dist/server.js.map', 3],
  ['data/leads.db', 3],
  ['etc/passwd', 10],
];

function traversalPaths(): string[] {
  const paths = new Set<string>();
  for (const up of UP) {
    for (const [target, depth] of TARGETS) paths.add(`/assets/${up.repeat(depth)}${target}`);
    // Up and back in: a naive file server would resolve this to the manifest.
    paths.add(`/assets/${up}assets/manifest.json`);
  }
  for (const odd of [
    `/assets/${cssName}%00`,
    `/assets/${cssName}%00.png`,
    `/assets/${cssName}/`,
    `/assets/${cssName}.map`,
    `/assets/./${cssName}`,
    `/assets//${cssName}`,
    `/assets/%2e/${cssName}`,
    `/assets%2f${cssName}`,
    `/assets/..%2fassets%2f${cssName}`,
    '/assets/manifest.json',
    '/assets/manifest.json.tmp',
    '/assets//etc/passwd',
    '/assets/%2fetc%2fpasswd',
    '/assets/file:%2f%2f%2fetc%2fpasswd',
    '/assets/C:%5cWindows%5cwin.ini',
    '/assets/%5c%5c127.0.0.1%5cshare',
    '/..%2f..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/package.json',
    '/assets/',
    '/assets',
  ]) {
    paths.add(odd);
  }
  return [...paths];
}

before(async () => {
  const manifest = JSON.parse(readFileSync(join(assetsDir, 'manifest.json'), 'utf8')) as {
    entries: Record<string, string>;
  };
  cssName = manifest.entries['site.css'] as string;
  server = await startServer();
});

after(async () => {
  await server.stop();
});

describe('traversal under /assets/', () => {
  it('serves the real stylesheet by its exact hashed name (the guard is not "serve nothing")', async () => {
    const res = await rawRequest(
      server.port,
      `GET /assets/${cssName} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    assert.equal(res.status, 200);
    assert.match(res.head, /Content-Type: text\/css/i);
  });

  it('answers every traversal spelling with the not-found page and leaks no outside file', async () => {
    const paths = traversalPaths();
    const failures: string[] = [];
    for (const path of paths) {
      const res = await rawRequest(server.port, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      // 400 is an acceptable refusal too: the parser may reject a raw NUL or backslash outright.
      if (res.status !== 404 && res.status !== 400) failures.push(`${path} -> ${res.status}`);
      if (res.status === 404 && !res.body.includes('<h1>404</h1>'))
        failures.push(`${path} -> 404 without the not-found page`);
      for (const [name, pattern] of SECRETS) if (pattern.test(res.body)) failures.push(`${path} leaked ${name}`);
    }
    console.log(`[traversal] ${paths.length} traversal paths tried, ${failures.length} failures`);
    assert.deepEqual(failures, []);
    assert.equal((await fetch(`${server.url}/`)).status, 200, 'still serving after the barrage');
  });
});
