/**
 * PUBLIC_URL as an operator meets it: left unset, it follows PORT (so a local
 * start on any port links to a page that opens), and a production start says
 * once, in one line, that it must be set; set, it is taken as given.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig, startupWarnings } from '../../src/config';

describe('PUBLIC_URL', () => {
  it('defaults to localhost on the configured port, and remembers it was not set', () => {
    assert.deepEqual(pick(loadConfig({})), { port: 3000, publicUrl: 'http://localhost:3000', publicUrlSet: false });
    assert.deepEqual(pick(loadConfig({ PORT: '8080' })), {
      port: 8080,
      publicUrl: 'http://localhost:8080',
      publicUrlSet: false,
    });
    assert.deepEqual(
      pick(loadConfig({ PORT: '8080', PUBLIC_URL: '  ' })),
      { port: 8080, publicUrl: 'http://localhost:8080', publicUrlSet: false },
      'blank counts as unset',
    );
  });

  it('is taken as given when set, without its trailing slash, whatever the port', () => {
    assert.deepEqual(pick(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://www.example.com/' })), {
      port: 8080,
      publicUrl: 'https://www.example.com',
      publicUrlSet: true,
    });
    assert.equal(loadConfig({ PORT: '8080', PUBLIC_URL: 'http://localhost:3000' }).publicUrlSet, true);
  });
});

describe('startupWarnings', () => {
  it('warns a production start without PUBLIC_URL, in one line naming the default and what to set', () => {
    const warnings = startupWarnings(loadConfig({ PORT: '8080' }));
    assert.equal(warnings.length, 1);
    assert.deepEqual(warnings, [
      "PUBLIC_URL is unset: it defaults to http://localhost:8080, which only this machine can open; set it to the site's public https:// origin in production " +
        "(the canonical link, the sitemap, the links in alert e-mails and the form's same-origin check use it)",
    ]);
  });

  it('has nothing to say when PUBLIC_URL is set, or outside production', () => {
    assert.deepEqual(startupWarnings(loadConfig({ PUBLIC_URL: 'https://www.example.com' })), []);
    assert.deepEqual(startupWarnings(loadConfig({ NODE_ENV: 'development' })), []);
    assert.deepEqual(startupWarnings(loadConfig({ NODE_ENV: 'test', PORT: '8080' })), []);
  });
});

function pick({ port, publicUrl, publicUrlSet }: ReturnType<typeof loadConfig>) {
  return { port, publicUrl, publicUrlSet };
}
