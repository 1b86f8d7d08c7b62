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

  it('names each item added to or removed from a list, and a list or group replaced by something else', () => {
    assert.deepEqual(changedPaths({ b: [1] }, { b: [1, 2, 3] }), ['b.1', 'b.2']);
    assert.deepEqual(changedPaths({ b: [1, 2, 3] }, { b: [3] }), ['b.0', 'b.1', 'b.2']);
    assert.deepEqual(changedPaths({ b: [{ en: 'x' }] }, { b: [{ en: 'x' }, { en: 'y' }] }), ['b.1']);
    assert.deepEqual(changedPaths({ b: [1] }, { b: null }), ['b']);
    assert.deepEqual(changedPaths({ b: null }, { b: [] }), ['b']);
    assert.deepEqual(changedPaths({ b: [1] }, { b: { 0: 1 } }), ['b']);
    assert.deepEqual(changedPaths({ a: { en: 'x', pt: 'y' } }, { a: { en: 'x' } }), ['a.pt']);
    assert.deepEqual(changedPaths({ a: { en: 'x' } }, { a: { en: 'x', es: 'z' } }), ['a.es']);
  });
});
