/**
 * The providers' SDKs load on first use: one load shared by every alert, and a
 * failed load (a broken install, a full disk) retried by the next alert instead
 * of failing every alert until a restart.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadOnce } from '../../src/lib/loadOnce';

describe('loadOnce', () => {
  it('loads nothing until asked, then shares one load between every caller', async () => {
    let loads = 0;
    const sdk = loadOnce(async () => ({ n: ++loads }));
    assert.equal(sdk.started(), undefined, 'closing before any alert opens nothing');
    const [a, b] = await Promise.all([sdk.get(), sdk.get()]);
    assert.equal(a, b);
    assert.equal(loads, 1);
    assert.equal(await sdk.started(), a);
  });

  it('tries again after a failed load, and keeps the value once one succeeds', async () => {
    let loads = 0;
    const sdk = loadOnce(async () => {
      loads += 1;
      if (loads === 1) throw new Error('cannot find module');
      return 'client';
    });
    await assert.rejects(sdk.get(), /cannot find module/);
    await new Promise((r) => setImmediate(r));
    assert.equal(await sdk.get(), 'client');
    assert.equal(await sdk.get(), 'client');
    assert.equal(loads, 2);
  });
});
