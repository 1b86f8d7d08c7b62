/**
 * The owner's way in from the server's shell: `owner-link` prints a one-time
 * registration link (a new one voids the older), `sessions` lists the
 * signed-in browsers with their device, `sign-out --all` ends them all.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { leadSitesPerTest } from '../support/leadSite';
import { ownerFetch, signInByLink } from '../support/ownerHttp';

const site = leadSitesPerTest();
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

describe('owner commands', () => {
  it('owner-link prints a link that works once, and voids the link printed before it', async () => {
    const s = await site({ env: { PUBLIC_URL: 'https://leads.example.org' } });
    const env = { DATABASE_PATH: s.databasePath, PUBLIC_URL: 'https://leads.example.org' };
    const first = await runCli(['owner-link'], env);
    const second = await runCli(['owner-link'], env);
    for (const result of [first, second]) {
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /^https:\/\/leads\.example\.org\/owner\/register\/[A-Za-z0-9_-]{43}\n$/);
      assert.match(result.stderr, /works once/);
    }
    const path = (out: string) => new URL(out.trim()).pathname;
    assert.equal((await ownerFetch(s, path(first.stdout))).status, 403, 'voided by the newer link');
    assert.equal((await ownerFetch(s, path(second.stdout))).status, 200);
    const stored = s.services.db.prepare('SELECT token_hash FROM owner_links').all() as { token_hash: string }[];
    const token = path(second.stdout).split('/').pop() ?? '';
    assert.ok(
      stored.every((row) => row.token_hash !== token && /^[0-9a-f]{64}$/.test(row.token_hash)),
      'only hashes',
    );
  });

  it('sessions lists each browser, and sign-out --all ends them all', async () => {
    const s = await site();
    const env = { DATABASE_PATH: s.databasePath };
    const none = await runCli(['sessions'], env);
    assert.equal(none.stdout, 'No one is signed in.\n');

    const link = new URL(s.services.owner.links.create('sign-in').url);
    const phone = await ownerFetch(s, link.pathname, { method: 'POST', headers: { 'User-Agent': PHONE_UA } });
    const phoneCookie = (phone.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const laptop = await signInByLink(s);
    const listed = await runCli(['sessions'], env);
    assert.equal(listed.code, 0, listed.stderr);
    const lines = listed.stdout.trim().split('\n');
    assert.equal(lines.length, 3, 'a header and two sessions');
    assert.match(lines[0] ?? '', /^created\s+last seen\s+device\s+signed in with$/);
    assert.match(listed.stdout, /Chrome on Android\s+e-mailed link/);
    assert.match(listed.stdout, /\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    assert.doesNotMatch(listed.stdout, /Pixel|Mozilla/, 'the device name only, not the header');

    const refused = await runCli(['sign-out'], env);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /sign-out needs --all/);

    const ended = await runCli(['sign-out', '--all'], env);
    assert.equal(ended.code, 0, ended.stderr);
    assert.equal(ended.stdout, '2 sessions ended: every browser must sign in again.\n');
    for (const cookie of [phoneCookie, laptop.cookie]) {
      const res = await ownerFetch(s, '/owner', { headers: { Cookie: cookie } });
      assert.equal(res.status, 303);
      assert.equal(res.headers.get('location'), '/owner/login');
    }
    assert.equal((await runCli(['sessions'], env)).stdout, 'No one is signed in.\n');
  });
});
