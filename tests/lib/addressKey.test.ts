/**
 * The canonical key of an address: every spelling one mailbox receives mail
 * at gets one key; spellings of different mailboxes keep different keys; a
 * domain that maps to nothing has none.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressKey, storedAddressKey } from '../../src/lib/addressKey';

describe('addressKey', () => {
  it('folds case, fullwidth forms and punycode of the domain, and the case of the local part', () => {
    for (const spelling of [
      'ada@gmail.com',
      'ADA@GMAIL.COM',
      'Ada@ｇmail.com',
      'ada@Ｇｍａｉｌ.com',
      ' ada@gmail.com\t',
    ])
      assert.equal(addressKey(spelling), 'ada@gmail.com', spelling);
    for (const spelling of ['erin@bücher.example', 'ERIN@BÜCHER.example', 'erin@xn--bcher-kva.example'])
      assert.equal(addressKey(spelling), 'erin@xn--bcher-kva.example', spelling);
  });

  it('keeps plus tags, dots and different domains apart', () => {
    assert.equal(addressKey('ada+news@gmail.com'), 'ada+news@gmail.com');
    assert.equal(addressKey('a.da@gmail.com'), 'a.da@gmail.com');
    assert.equal(addressKey('ada@straße.de'), 'ada@xn--strae-oqa.de');
    assert.equal(addressKey('ada@strasse.de'), 'ada@strasse.de');
  });

  it('has no key for a domain that maps to nothing, or no domain at all', () => {
    for (const bad of ['ada@xn--zz.example', 'ada@xn--.com', 'ada@localhost', 'ada@', '@example.com', 'ada'])
      assert.equal(addressKey(bad), undefined, bad);
  });

  it('stores the lower case of an address without a key (kept from before keys existed)', () => {
    assert.equal(storedAddressKey(' Ada@XN--ZZ.example\t'), 'ada@xn--zz.example');
    assert.equal(storedAddressKey('Ada@Ｇｍａｉｌ.com'), 'ada@gmail.com');
  });
});
