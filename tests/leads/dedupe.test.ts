/**
 * Recognising the same submission sent twice: the dedupe key ignores what a
 * double click or a retry may change (surrounding spaces, the e-mail's case,
 * Unicode composition) and nothing else; answers still being computed are
 * shared, and forgotten once settled.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dedupeKey, PendingAnswers } from '../../src/leads/dedupe';

const base = { name: 'Ada', company: 'Engines', email: 'ada@example.com' };

describe('dedupeKey', () => {
  it('treats a resubmission with extra spaces or another e-mail case as the same lead', () => {
    assert.equal(dedupeKey({ name: ' Ada ', company: 'Engines ', email: 'ADA@Example.com' }), dedupeKey(base));
    assert.equal(dedupeKey({ ...base, email: '  ada@example.com\t' }), dedupeKey(base));
  });

  it('treats the same letters typed composed or decomposed as the same lead', () => {
    const composed = { name: 'Zo\u00eb', company: 'B\u00fcro', email: 'zoe@example.com' };
    const decomposed = { name: 'Zoe\u0308', company: 'Bu\u0308ro', email: 'zoe@example.com' };
    assert.equal(dedupeKey(decomposed), dedupeKey(composed));
  });

  it('tells apart leads that differ in anything else', () => {
    assert.notEqual(dedupeKey({ ...base, name: 'ada' }), dedupeKey(base), 'the name keeps its case');
    assert.notEqual(dedupeKey({ ...base, company: 'Engine' }), dedupeKey(base));
    assert.notEqual(dedupeKey({ ...base, email: 'ada@example.org' }), dedupeKey(base));
    assert.notEqual(
      dedupeKey({ name: 'Ada', company: 'Engines\nada@example.com', email: '' }),
      dedupeKey(base),
      'fields cannot run into each other',
    );
    // Different internationalised domains: straße.de is not strasse.de.
    assert.notEqual(dedupeKey({ ...base, email: 'ada@straße.de' }), dedupeKey({ ...base, email: 'ada@STRASSE.de' }));
  });
});

describe('PendingAnswers', () => {
  it('gives a second request the answer the first one is still computing', async () => {
    const pending = new PendingAnswers<string>();
    let finish!: (value: string) => void;
    const answer = new Promise<string>((resolve) => (finish = resolve));
    assert.equal(pending.track('key', answer), answer);
    assert.equal(pending.get('key'), answer);
    assert.equal(pending.get('other'), undefined);
    finish('stored as lead 1');
    assert.equal(await pending.get('key'), 'stored as lead 1');
  });

  it('forgets an answer once it has settled, whether it succeeded or failed', async () => {
    const pending = new PendingAnswers<string>();
    const ok = Promise.resolve('done');
    const failed = Promise.reject(new Error('database down'));
    pending.track('a', ok);
    pending.track('b', failed);
    await ok;
    await failed.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(pending.get('a'), undefined);
    assert.equal(pending.get('b'), undefined);
  });
});
