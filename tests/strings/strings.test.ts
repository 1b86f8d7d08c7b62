/**
 * The product's words: every language has every key of English, none left empty, and the strings the product
 * names for Portuguese and Spanish are exactly those.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as en from '../../src/strings/en';
import * as es from '../../src/strings/es';
import * as pt from '../../src/strings/pt';

/** Every key path of a language's words, with what it gives: a text, or what a function gives for sample values. */
function leaves(value: unknown, at = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'function') {
    const given = (value as (...args: unknown[]) => unknown)('A', 2, 'c', 'd');
    found.set(at, Array.isArray(given) ? given.join('') : String(given));
  } else if (typeof value === 'string') {
    found.set(at, value);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value))
      for (const [path, text] of leaves(inner, at === '' ? key : `${at}.${key}`)) found.set(path, text);
  }
  return found;
}

const parts = (words: typeof en) => ({
  site: words.site,
  form: words.form,
  server: words.server,
  mail: words.mail,
  bookPage: words.bookPage,
  bookingMail: words.bookingMail,
});

describe("the product's words", () => {
  const english = leaves(parts(en));

  it('finds the words it checks', () => {
    assert.ok(english.size > 60, `${english.size} keys`);
    assert.equal(english.get('form.submit'), 'Schedule Free Call');
  });

  for (const [name, words] of [
    ['Portuguese', pt],
    ['Spanish', es],
  ] as const) {
    it(`${name} has every key of English and no other, none empty`, () => {
      const own = leaves(parts(words));
      assert.deepEqual([...own.keys()].sort(), [...english.keys()].sort());
      const empty = [...own].filter(([, text]) => text.trim() === '').map(([path]) => path);
      assert.deepEqual(empty, []);
    });
  }

  it('has the strings the product names, exactly', () => {
    const table: [string, string, string, string][] = [
      [
        'form.title',
        'Get Free Setup Call',
        'Agende sua chamada inicial gratuita',
        'Agenda tu llamada inicial gratuita',
      ],
      ['form.name', 'Name *', 'Nome *', 'Nombre *'],
      ['form.company', 'Company *', 'Empresa *', 'Empresa *'],
      ['form.email', 'Email *', 'E-mail *', 'Correo electrónico *'],
      ['form.namePlaceholder', 'Your full name', 'Seu nome completo', 'Tu nombre completo'],
      ['form.companyPlaceholder', 'Your company name', 'Nome da sua empresa', 'Nombre de tu empresa'],
      ['form.submit', 'Schedule Free Call', 'Agendar chamada gratuita', 'Agendar llamada gratuita'],
      ['form.submitting', 'Scheduling...', 'Agendando...', 'Agendando...'],
      ['form.errorTitle', 'Error', 'Erro', 'Error'],
      [
        'form.transportError',
        'There was an error submitting your information. Please try again.',
        'Ocorreu um erro ao enviar suas informações. Tente novamente.',
        'Hubo un error al enviar tu información. Inténtalo de nuevo.',
      ],
      [
        'form.unexpectedError',
        'An unexpected error occurred. Please try again.',
        'Ocorreu um erro inesperado. Tente novamente.',
        'Ocurrió un error inesperado. Inténtalo de nuevo.',
      ],
      [
        'form.thankYouTitle',
        'Thank you for your interest!',
        'Obrigado pelo seu interesse!',
        '¡Gracias por tu interés!',
      ],
      [
        'form.thankYou',
        "I'll get back to you within 24 hours to schedule your free setup call.",
        'Retornarei em até 24 horas para agendar sua chamada inicial gratuita.',
        'Te responderé en un plazo de 24 horas para agendar tu llamada inicial gratuita.',
      ],
      [
        'form.savedSmsMayHaveFailed',
        "Your information has been saved. SMS notification may have failed, but I'll still get back to you within 24 hours.",
        'Suas informações foram salvas. A notificação por SMS pode ter falhado, mas retornarei em até 24 horas.',
        'Tu información se guardó. Es posible que la notificación por SMS haya fallado, pero te responderé en un plazo de 24 horas.',
      ],
      ['site.notFound', 'Oops! Page not found', 'Ops! Página não encontrada', '¡Ups! Página no encontrada'],
      ['site.returnHome', 'Return to Home', 'Voltar ao início', 'Volver al inicio'],
    ];
    const [enWords, ptWords, esWords] = [en, pt, es].map((words) => leaves(parts(words)));
    for (const [path, english, portuguese, spanish] of table) {
      assert.equal(enWords?.get(path), english, path);
      assert.equal(ptWords?.get(path), portuguese, path);
      assert.equal(esWords?.get(path), spanish, path);
    }
  });
});
