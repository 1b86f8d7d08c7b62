/**
 * The lead endpoint's contract, written out literally: these values are what
 * deployed forms, old clients and operators rely on, so changing one must be
 * a deliberate edit of this test too.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BODY_LIMIT_BYTES, FIELD_LIMITS, HONEYPOT_FIELD, LEAD_ENDPOINT, LEAD_FIELDS } from '../../src/contract/lead';

describe('lead endpoint contract', () => {
  it('keeps the URL the original front end posted to', () => {
    assert.equal(LEAD_ENDPOINT, '/functions/v1/process-lead-notification');
  });

  it('has the three fields in the order the form shows them', () => {
    assert.deepEqual([...LEAD_FIELDS], ['name', 'company', 'email']);
  });

  it('limits the fields to 200, 200 and 254 characters', () => {
    assert.deepEqual({ ...FIELD_LIMITS }, { name: 200, company: 200, email: 254 });
  });

  it('names the honeypot field "website"', () => {
    assert.equal(HONEYPOT_FIELD, 'website');
  });

  it('reads request bodies of at most 16 KB', () => {
    assert.equal(BODY_LIMIT_BYTES, 16384);
  });
});
