/**
 * The form's answer as the visitor reads it: the spec's thank-you toast whatever the booking, and the panel of
 * free times only for a booking page of this site's shape (/book/T or /pt/book/T); any other address in the
 * answer opens no panel.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toastForResponse } from '../../../src/pages/form/messages';
import { formStrings } from '../../../src/strings';

const say = formStrings('en');
const success = { success: true, notificationResult: true };

describe('the toast of a successful answer', () => {
  it('stays the thank-you toast, with the booking page when the answer names one', () => {
    const toast = toastForResponse({ ...success, bookingUrl: 'https://anna.example/pt/book/12.1795.abc-_x' }, say);
    assert.equal(toast.variant, 'success');
    assert.equal(toast.title, 'Thank you for your interest!');
    assert.equal(toast.bookingPath, '/pt/book/12.1795.abc-_x');
    assert.equal(
      toastForResponse({ ...success, bookingUrl: 'http://127.0.0.1:8080/book/7.1.z' }, say).bookingPath,
      '/book/7.1.z',
    );
  });

  it('opens no panel for an address that is not a booking page of that shape', () => {
    for (const bookingUrl of <unknown[]>[
      undefined,
      42,
      '/book/7.1.z',
      'javascript:alert(1)//book/1',
      'https://anna.example/book/',
      'https://anna.example/book/7.1.z?x=1',
      'https://anna.example/owner/book/7',
      'https://anna.example/portuguese/book/7',
      'https://anna.example/book/7/../../owner',
      'https://anna.example/book/7.1.z#frag',
    ]) {
      // An answer as the form parses it: any JSON value may stand where the link should be.
      const toast = toastForResponse({ ...success, bookingUrl } as Record<string, unknown>, say);
      assert.equal(toast.bookingPath, undefined, String(bookingUrl));
      assert.equal(toast.variant, 'success');
    }
  });
});
