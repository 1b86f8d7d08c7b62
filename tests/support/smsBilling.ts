/**
 * What an SMS costs, counted independently of src/alerts: GSM-7 septets (the
 * extension table's characters take two) when every character is in the GSM
 * 03.38 alphabet, UTF-16 units (UCS-2) otherwise. A two-segment message holds
 * 306 septets or 134 units.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€';

export function billedUnits(text: string): { encoding: 'GSM-7' | 'UCS-2'; units: number } {
  const chars = [...text];
  if (chars.every((ch) => GSM_BASIC.includes(ch) || GSM_EXTENSION.includes(ch))) {
    return { encoding: 'GSM-7', units: chars.reduce((n, ch) => n + (GSM_EXTENSION.includes(ch) ? 2 : 1), 0) };
  }
  return { encoding: 'UCS-2', units: text.length };
}

/** True when the text fits two concatenated segments. */
export function fitsTwoSegments(text: string): boolean {
  const { encoding, units } = billedUnits(text);
  return units <= (encoding === 'GSM-7' ? 306 : 134);
}
