/**
 * The built server as an operator runs it (node dist/server.js): it serves
 * the site, logs the path of every page not found, and refuses to start on
 * bad configuration with one clear line per problem and no secret shown.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { projectRoot } from '../../src/paths';

const serverJs = join(projectRoot, 'dist', 'server.js');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('the server process', () => {
  it('serves the page and logs the path of a page not found', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'site-log-'));
    const child = spawn(process.execPath, [serverJs], {
      env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_PATH: join(dataDir, 'leads.db') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    try {
      const deadline = Date.now() + 10_000;
      while (!output.includes('server listening')) {
        assert.ok(Date.now() < deadline, `server did not start: ${output}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      const home = await fetch(`http://127.0.0.1:${port}/`);
      assert.equal(home.status, 200);
      const missing = await fetch(`http://127.0.0.1:${port}/old-blog/post-42`);
      assert.equal(missing.status, 404);
      await new Promise((r) => setTimeout(r, 100));
      const lines = output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
      assert.ok(lines.some((l) => l.msg === 'page not found' && l.path === '/old-blog/post-42'), output);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('stops on bad configuration with one line per problem and never shows a secret', () => {
    const result = spawnSync(process.execPath, [serverJs], {
      env: {
        PATH: process.env.PATH,
        PORT: 'eighty',
        PUBLIC_URL: 'not a url',
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'super-secret-token-value',
        SMTP_URL: 'smtp://user:hunter2-password@127.0.0.1:2525',
      },
      encoding: 'utf8',
      timeout: 10_000,
    });
    assert.equal(result.status, 1);
    const problems = result.stderr.trim().split('\n');
    assert.ok(problems.some((l) => /PORT must be a whole number/.test(l)), result.stderr);
    assert.ok(problems.some((l) => /PUBLIC_URL must be/.test(l)), result.stderr);
    assert.ok(problems.some((l) => /SMS alerts need .* TWILIO_FROM/.test(l)), result.stderr);
    assert.ok(problems.some((l) => /E-mail alerts need .* ALERT_EMAIL_TO/.test(l)), result.stderr);
    assert.doesNotMatch(result.stderr + result.stdout, /super-secret-token-value|hunter2-password/);
  });
});
