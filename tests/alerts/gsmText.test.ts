/**
 * Keeping the SMS in the GSM 03.38 alphabet (160 characters a segment instead
 * of 70): typographic characters pasted from a word processor, accented and
 * Cyrillic letters are written with GSM characters; other scripts are kept;
 * emoji and symbols are dropped.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isGsm, isGsmExtension, toGsmText } from '../../src/alerts/gsm';

describe('isGsm', () => {
  it('accepts the GSM basic set and its extension table', () => {
    assert.equal(
      isGsm(
        '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
      ),
      true,
    );
    assert.equal(isGsm('^{}\\[~]|€'), true);
    assert.equal(isGsm(''), true);
  });

  it('refuses characters that would switch the SMS to UCS-2', () => {
    for (const ch of ['“', '’', '–', 'ã', 'ç', 'Ж', '王', '😀', '\t', '`']) assert.equal(isGsm(`abc${ch}`), false, ch);
  });
});

describe('isGsmExtension', () => {
  it('names the characters that cost two septets', () => {
    for (const ch of ['^', '{', '}', '\\', '[', '~', ']', '|', '€']) assert.equal(isGsmExtension(ch), true, ch);
    for (const ch of ['a', '@', '£', ' ', '\n', '(', '“']) assert.equal(isGsmExtension(ch), false, ch);
  });
});

describe('toGsmText', () => {
  it('keeps text already in the alphabet, extension characters included', () => {
    assert.equal(
      toGsmText('[Ada] {Lovelace} ~ ^ | € \\ Müller Ñoño café'),
      '[Ada] {Lovelace} ~ ^ | € \\ Müller Ñoño café',
    );
  });

  it('writes typographic quotes, primes and accents as straight quotes', () => {
    assert.equal(toGsmText('a‘b’c‚d‛e′f`g´h'), "a'b'c'd'e'f'g'h");
    assert.equal(toGsmText('a“b”c„d‟e″f«g»h'), 'a"b"c"d"e"f"g"h');
  });

  it('writes every kind of dash as a hyphen', () => {
    assert.equal(toGsmText('a‐b‑c‒d–e—f―g−h'), 'a-b-c-d-e-f-g-h');
  });

  it('writes symbols with GSM characters', () => {
    assert.equal(toGsmText('wait… • 2·3 4×5 6÷7'), 'wait... * 2.3 4x5 6/7');
    assert.equal(toGsmText('Acme™ ©2026 Brand® 5¢'), 'Acme(TM) (c)2026 Brand(R) 5c');
  });

  it('writes every Unicode space and the tab as a plain space', () => {
    assert.equal(toGsmText('a\u00a0b\u2007c\u202fd\u2009e\u200af\tg\u2003h\u3000i'), 'a b c d e f g h i');
  });

  it('collapses runs of spaces into one', () => {
    assert.equal(toGsmText('Ada  Lovelace \u00a0 Ltd'), 'Ada Lovelace Ltd');
  });

  it('writes letters without a GSM form by their usual Latin spelling', () => {
    assert.equal(
      toGsmText('Œuvre œuvre Łukasz łódka Đorđe Ðóra ðe Þór þorn ıi ĸ'),
      'OEuvre oeuvre Lukasz lodka Dorde Dora de Thor thorn ii k',
    );
  });

  it('drops accents that GSM lacks, composing decomposed letters first', () => {
    assert.equal(toGsmText('João Ação Łódź Ångström Čapek Dvořák'), 'Joao Acao Lodz Ångström Capek Dvorak');
    assert.equal(
      toGsmText('Cafe\u0301 Mu\u0308ller'),
      'Café Müller',
      'decomposed é and ü are GSM characters once composed',
    );
  });

  it('transliterates the whole Cyrillic alphabet, keeping capitals', () => {
    assert.equal(
      toGsmText('абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґў'),
      'abvgdeezhziyklmnoprstufkhtschshshchyeyuyaiyiyegu',
    );
    assert.equal(
      toGsmText('Жанна Цой, Юрий Щукин, Ярослав Хмельницкий, Ёлка Їжак Єва Ґрунт Ўладзімір'),
      'Zhanna Tsoy, Yuriy Shchukin, Yaroslav Khmelnitskiy, Elka Yizhak Yeva Grunt Uladzimir',
    );
  });

  it('keeps letters and digits of other scripts, and drops emoji, symbols and lone marks', () => {
    assert.equal(toGsmText('王小明 محمد ٣'), '王小明 محمد ٣');
    assert.equal(toGsmText('Ada🚀Lovelace✨ ☎ \u0301x'), 'AdaLovelace x');
  });
});
