/**
 * The lead page's "Reply by e-mail": a mailto: link to the lead's address
 * whose subject and opening lines are in the lead's language, every part
 * percent-encoded, so that what a visitor typed (an address with `?` and `&`,
 * a company with `&subject=`) stays inside its own field.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replyByEmailHref } from '../../../src/pages/inbox/replyByEmail';

/** The link's address and fields, each decoded on its own. */
function readMailto(href: string): { address: string; fields: [string, string][] } {
  assert.ok(href.startsWith('mailto:'), href);
  const [address = '', query = ''] = href.slice('mailto:'.length).split('?');
  assert.doesNotMatch(href, /[\s<>"]/, 'nothing left unencoded that a mail app could split on');
  return {
    address: decodeURIComponent(address),
    fields: query.split('&').map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return [name, decodeURIComponent(value)];
    }),
  };
}

describe('replyByEmailHref', () => {
  it('begins the answer to a Brazilian lead in Portuguese', () => {
    const href = replyByEmailHref({
      name: 'João Silva',
      company: 'Loja Azul',
      email: 'joao@loja.com.br',
      language: 'pt-BR',
    });
    assert.deepEqual(readMailto(href), {
      address: 'joao@loja.com.br',
      fields: [
        ['subject', 'Sua chamada inicial gratuita: Loja Azul'],
        ['body', 'Olá, João Silva,\r\n\r\nObrigado pelo interesse em uma chamada inicial gratuita.\r\n\r\n'],
      ],
    });
    assert.equal(
      href,
      'mailto:joao@loja.com.br?subject=Sua%20chamada%20inicial%20gratuita%3A%20Loja%20Azul' +
        '&body=Ol%C3%A1%2C%20Jo%C3%A3o%20Silva%2C%0D%0A%0D%0AObrigado%20pelo%20interesse%20em%20uma%20chamada%20inicial%20gratuita.%0D%0A%0D%0A',
    );
  });

  it('begins the answer to a Spanish lead in Spanish, to an English one in English', () => {
    assert.deepEqual(
      readMailto(replyByEmailHref({ name: 'Ana', company: 'Acme', email: 'ana@acme.es', language: 'es' })).fields,
      [
        ['subject', 'Tu llamada inicial gratuita: Acme'],
        ['body', 'Hola, Ana:\r\n\r\nGracias por tu interés en una llamada inicial gratuita.\r\n\r\n'],
      ],
    );
    for (const language of ['en', 'fr']) {
      assert.deepEqual(
        readMailto(replyByEmailHref({ name: 'Ada', company: 'Engines', email: 'ada@example.com', language })).fields,
        [
          ['subject', 'Your free setup call: Engines'],
          ['body', 'Hello Ada,\r\n\r\nThank you for your interest in a free setup call.\r\n\r\n'],
        ],
        `${language}: English, the language of a tag the site does not speak`,
      );
    }
  });

  it('keeps what the visitor typed inside its field: no second recipient, subject or body', () => {
    const href = replyByEmailHref({
      name: 'Eve&body=Pay now',
      company: 'X&cc=boss@evil.example#frag',
      email: 'eve?subject=Invoice&cc=someone@evil.example',
      language: 'es',
    });
    assert.deepEqual(readMailto(href), {
      address: 'eve?subject=Invoice&cc=someone@evil.example',
      fields: [
        ['subject', 'Tu llamada inicial gratuita: X&cc=boss@evil.example#frag'],
        ['body', 'Hola, Eve&body=Pay now:\r\n\r\nGracias por tu interés en una llamada inicial gratuita.\r\n\r\n'],
      ],
    });
    assert.equal(href.split('?').length, 2, 'one query');
    assert.equal(href.split('&').length, 2, 'two fields');
    assert.ok(!href.includes('#'));
  });
});
