/**
 * The owner's one-time links carry their token in the path. The request log
 * keeps the path of every request, so it writes these without the token:
 * whoever reads the log cannot sign in with a link still unused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pino from 'pino';
import { leadSitesPerTest } from '../support/leadSite';
import { ownerFetch } from '../support/ownerHttp';

const site = leadSitesPerTest();

describe('the request log and the one-time links', () => {
  it('logs every request to a link without its token', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'debug', base: undefined }, { write: (line: string) => void lines.push(line) });
    const s = await site({ deps: { logger } });
    const register = new URL(s.services.owner.links.create('register').url).pathname;
    const signIn = new URL(s.services.owner.links.create('sign-in').url).pathname;
    const tokens = [register, signIn].map((path) => path.split('/').pop() ?? '');
    assert.equal((await ownerFetch(s, register)).status, 200);
    assert.equal((await ownerFetch(s, `${register}/options`, { method: 'POST' })).status, 200);
    assert.equal((await ownerFetch(s, signIn)).status, 200);
    assert.equal((await ownerFetch(s, signIn, { method: 'POST' })).status, 303);
    const paths = lines.map((line) => (JSON.parse(line) as { path?: string }).path).filter(Boolean);
    assert.deepEqual(paths, [
      '/owner/register/[token]',
      '/owner/register/[token]/options',
      '/owner/sign-in/[token]',
      '/owner/sign-in/[token]',
    ]);
    for (const token of tokens)
      assert.ok(
        lines.every((line) => !line.includes(token)),
        'no line holds a token',
      );
  });
});
