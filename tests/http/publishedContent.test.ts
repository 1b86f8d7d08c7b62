/**
 * A revision published by the CLI reaches the running server: within 5 s the home page carries the
 * new text under a new ETag, in every encoding, with no restart; a restart serves it too.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { homeIn } from '../support/homePage';
import { type ServerProcess, startServer } from '../support/serverProcess';
import { tempDir } from '../support/tempDirs';

const home = homeIn;

describe('a revision published from the command line', () => {
  const dataDir = tempDir('published-content-');
  const env = { DATABASE_PATH: join(dataDir, 'leads.db') };
  let server: ServerProcess;
  before(async () => {
    server = await startServer({ dataDir });
  });
  after(async () => {
    await server.stop();
  });

  it('is served by the running server within 5 s, in every encoding, under new ETags, and after a restart', async () => {
    const before = {
      identity: await home(server.url, 'identity'),
      gzip: await home(server.url, 'gzip'),
      br: await home(server.url, 'br'),
    };
    assert.match(before.gzip.body, /<h3>Who We Sell To<\/h3>/);
    const file = join(dataDir, 'content.yaml');
    const exported = await runCli(['content', 'export', '--file', file], env);
    assert.equal(exported.code, 0, exported.stderr);
    writeFileSync(file, readFileSync(file, 'utf8').replace('Who We Sell To', 'Markets First'));
    const imported = await runCli(['content', 'import', file, '--publish'], env);
    assert.equal(imported.code, 0, imported.stderr);

    const published = Date.now();
    while (!(await home(server.url, 'gzip')).body.includes('Markets First') && Date.now() - published < 5_000)
      await new Promise((r) => setTimeout(r, 100));
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      const page = await home(server.url, encoding);
      assert.equal(page.sent, encoding);
      assert.match(page.body, /<h3>Markets First<\/h3>/, `${encoding}, within 5 s`);
      assert.doesNotMatch(page.body, /Who We Sell To/, encoding);
      assert.notEqual(page.etag, before[encoding].etag, `a new ETag (${encoding})`);
    }

    await server.stop();
    server = await startServer({ dataDir });
    assert.match((await home(server.url, 'br')).body, /<h3>Markets First<\/h3>/);
  });
});
