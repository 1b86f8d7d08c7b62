/**
 * Makes text fit the GSM 03.38 alphabet where it sensibly can. One character outside it switches a whole SMS to
 * UCS-2, which cuts a segment from 160 to 70 characters and can triple the cost; curly quotes and dashes pasted
 * from a word processor are the usual culprits. Letters of other scripts (Chinese, Arabic, ...) are kept: a
 * readable name beats a cheap one.
 */

/** The GSM 03.38 basic set plus the extension table (which costs two septets, still GSM). */
const GSM_CHARS = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà' +
    '^{}\\[~]|€',
);

// biome-ignore format: a table laid out by hand, one family of look-alikes per line
const REPLACEMENTS: Record<string, string> = {
  '‘': "'", '’': "'", '‚': "'", '‛': "'", '′': "'", '`': "'", '´': "'",
  '“': '"', '”': '"', '„': '"', '‟': '"', '″': '"', '«': '"', '»': '"',
  '‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '―': '-', '−': '-',
  '…': '...', '•': '*', '·': '.', '×': 'x', '÷': '/',
  '\u00a0': ' ', '\u2007': ' ', '\u202f': ' ', '\u2009': ' ', '\u200a': ' ', '\t': ' ',
  'Œ': 'OE', 'œ': 'oe', 'Ł': 'L', 'ł': 'l', 'Đ': 'D', 'đ': 'd', 'Ð': 'D', 'ð': 'd',
  'Þ': 'Th', 'þ': 'th', 'ı': 'i', 'ĸ': 'k', '™': '(TM)', '©': '(c)', '®': '(R)', '¢': 'c',
};

// Cyrillic gets a simple phonetic transliteration: Russian names are expected here.
// biome-ignore format: a table laid out by hand, in the alphabet's order
const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u',
};

function cyrillic(ch: string): string | undefined {
  const lower = ch.toLowerCase();
  const latin = CYRILLIC[lower];
  if (latin === undefined) return undefined;
  return ch === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
}

const GSM_EXTENSION = new Set('^{}\\[~]|€');

/** A character of the extension table: sent as an escape plus itself, two septets. */
export function isGsmExtension(ch: string): boolean {
  return GSM_EXTENSION.has(ch);
}

export function isGsm(text: string): boolean {
  for (const ch of text) if (!GSM_CHARS.has(ch)) return false;
  return true;
}

function toGsmChar(ch: string): string {
  if (GSM_CHARS.has(ch)) return ch;
  const mapped = REPLACEMENTS[ch] ?? cyrillic(ch);
  if (mapped !== undefined) return mapped;
  // Accented Latin letters: drop the accent (ã -> a, ç -> c) when that lands in the alphabet.
  const stripped = ch.normalize('NFD').replace(/\p{M}/gu, '');
  if (stripped !== '' && isGsm(stripped)) return stripped;
  if (/[\p{L}\p{N}]/u.test(ch)) return ch; // another script: keep it (the SMS becomes UCS-2)
  if (/[\p{Z}]/u.test(ch)) return ' ';
  return ''; // emoji, symbols, controls: nothing worth paying for
}

/** Transliterates what it can into GSM characters; keeps letters of other scripts. */
export function toGsmText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) out += toGsmChar(ch);
  return out.replace(/ {2,}/g, ' ');
}
