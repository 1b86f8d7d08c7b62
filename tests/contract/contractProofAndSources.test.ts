/**
 * The parts of the lead endpoint's contract added with the proof of work and
 * the lead sources, written out literally: deployed forms fetch the challenge
 * from this path and post these field names, so changing one must be a
 * deliberate edit of this test too.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  LEAD_CHALLENGE_ENDPOINT,
  PROOF_FIELD,
  REFERRER_FIELD,
  SOURCE_VALUE_LIMIT,
  UTM_FIELDS,
} from '../../src/contract/lead';

describe('proof-of-work contract', () => {
  it('serves the challenge next to the lead endpoint', () => {
    assert.equal(LEAD_CHALLENGE_ENDPOINT, '/functions/v1/lead-challenge');
  });

  it('carries the solved challenge in the field ALTCHA names "altcha"', () => {
    assert.equal(PROOF_FIELD, 'altcha');
  });
});

describe('lead source contract', () => {
  it('sends the five utm_* parameters and the referrer, each kept to 100 characters', () => {
    assert.deepEqual([...UTM_FIELDS], ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']);
    assert.equal(REFERRER_FIELD, 'referrer');
    assert.equal(SOURCE_VALUE_LIMIT, 100);
  });
});
