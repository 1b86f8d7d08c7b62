/** Where signing in leads: an inbox page asked for before, and never anywhere else (no open redirect). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextPage } from '../../src/contract/inbox';

describe('the page opened after signing in', () => {
  it('is the inbox page asked for', () => {
    for (const path of ['/owner', '/owner/leads/12', '/owner/spam', '/owner/passkeys'])
      assert.equal(nextPage(path), path);
  });

  it('is the list of leads for anything else', () => {
    for (const value of [
      undefined,
      42,
      ['/owner/spam'],
      '',
      '/',
      '//evil.example/owner',
      'https://evil.example/owner',
      '/owner/../admin',
      '/owner/leads/1?next=https://evil.example',
      '/ownerx',
      '/owner//evil.example',
      '/owner/leads/1/data.json',
      '/owner/a/b/c/d',
      'javascript:alert(1)',
      '/owner/leads/1\n',
    ])
      assert.equal(nextPage(value), '/owner', JSON.stringify(value));
  });
});
