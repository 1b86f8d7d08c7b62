/**
 * OWNER_TIME_ZONE, the zone the owner reads times in: UTC unless set (an
 * empty value counts as unset), any IANA name Intl knows, and a name no zone
 * has stops the start with a line that says what was expected.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config';
import { problems, refusal } from '../support/configProblems';

describe('OWNER_TIME_ZONE', () => {
  it('is UTC when unset, empty or blank', () => {
    assert.equal(loadConfig({}).ownerTimeZone, 'UTC');
    assert.equal(loadConfig({ OWNER_TIME_ZONE: '' }).ownerTimeZone, 'UTC');
    assert.equal(loadConfig({ OWNER_TIME_ZONE: '  ' }).ownerTimeZone, 'UTC');
  });

  it('takes an IANA name, trimmed', () => {
    assert.equal(loadConfig({ OWNER_TIME_ZONE: 'America/Sao_Paulo' }).ownerTimeZone, 'America/Sao_Paulo');
    assert.equal(loadConfig({ OWNER_TIME_ZONE: ' Europe/Berlin ' }).ownerTimeZone, 'Europe/Berlin');
  });

  it('refuses a name no zone has, echoing it', () => {
    assert.equal(
      refusal({ OWNER_TIME_ZONE: 'Mars/Base' }),
      'OWNER_TIME_ZONE must be an IANA time zone name such as America/Sao_Paulo (got "Mars/Base")',
    );
    assert.equal(
      refusal({ OWNER_TIME_ZONE: 'GMT-3:00' }),
      'OWNER_TIME_ZONE must be an IANA time zone name such as America/Sao_Paulo (got "GMT-3:00")',
    );
  });

  it('is reported with the other problems of the same start', () => {
    assert.deepEqual(problems({ OWNER_TIME_ZONE: 'Mars/Base', PORT: 'eighty' }), [
      'OWNER_TIME_ZONE must be an IANA time zone name such as America/Sao_Paulo (got "Mars/Base")',
      'PORT must be a whole number from 0 to 65535 (got "eighty")',
    ]);
  });
});
