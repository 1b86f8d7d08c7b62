/**
 * One key per mailbox, however its address was typed. The per-address limits, the one auto-reply a day, the
 * duplicate check, export and erasure all compare keys, never the typed text: mail systems deliver
 * `ada@Ｇｍａｉｌ.com`, `ada@GMAIL.com` and `ada@gmail.com` to one mailbox (nodemailer maps the domain through UTS-46
 * before sending), so a raw or ASCII-only case-insensitive comparison would count one person as several.
 *
 * - The domain goes through the WHATWG/UTS-46 mapping (`domainToASCII`): fullwidth forms and upper case fold,
 *   `bücher.example` and `xn--bcher-kva.example` meet. A domain that maps to nothing is not an address.
 * - The local part is lower-cased: the mailbox is, strictly, the receiving server's to interpret, but no provider
 *   a lead writes from tells `Ada` from `ada`, and over-joining two strangers costs less than splitting one person.
 * - Plus tags (`ada+news@`) and Gmail's dots (`a.da@`) stay distinct: they are rules of particular providers, and
 *   folding them would join addresses that other providers keep apart.
 */
import { domainToASCII, domainToUnicode } from 'node:url';

/** The canonical key of an address, or undefined when its domain maps to nothing. */
export function addressKey(address: string): string | undefined {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return undefined;
  // '' (refused, or no domain at all) has no dot either: an address on a bare host cannot be answered.
  const domain = domainToASCII(trimmed.slice(at + 1)).toLowerCase();
  if (!domain.includes('.') || !decodes(domain)) return undefined;
  return `${trimmed.slice(0, at).toLowerCase()}@${domain}`;
}

/**
 * True when every punycode (`xn--`) label of an ASCII domain decodes. Node 20's domainToASCII
 * refuses one that does not (''), Node 22 and later pass it through as it is, and so does their
 * domainToUnicode: a label still in its `xn--` form after decoding is one that names nothing.
 */
function decodes(asciiDomain: string): boolean {
  return !domainToUnicode(asciiDomain)
    .split('.')
    .some((label) => label.startsWith('xn--'));
}

/** The key stored with a lead: for an address no longer accepted (stored before keys), its lower case. */
export function storedAddressKey(address: string): string {
  return addressKey(address) ?? address.trim().toLowerCase();
}
