/** The fields a revision changed, as the history lists them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changedPaths } from '../../src/content/changes';
import { shippedContent } from '../../src/content/defaults';

describe('the changes between two versions of the content', () => {
  it('names the fields that changed, and the items added or removed', () => {
    assert.deepEqual(changedPaths({ a: { en: 'x' }, b: [1, 2] }, { a: { en: 'y' }, b: [1] }), ['a.en', 'b.1']);
    assert.deepEqual(changedPaths({ photo: null }, { photo: { id: 'f' } }), ['photo']);
    assert.deepEqual(changedPaths(shippedContent, structuredClone(shippedContent)), []);
  });
});
