/**
 * A mailto: link to one address and nothing else: `?`, `&`, `#` and `%` in the address are
 * percent-encoded, so an address a visitor typed (`x?subject=Invoice&cc=someone@evil.example`, valid
 * by the HTML rule) cannot add a subject, a copy or a body to the owner's message.
 */
export const mailtoHref = (address: string): string => `mailto:${encodeURIComponent(address).replaceAll('%40', '@')}`;

/**
 * The same link with a subject and a body to start the message with (RFC 6068): each percent-encoded whole, so
 * no value can end its field or add another; line breaks go as CRLF (%0D%0A), as the RFC asks.
 */
export function mailtoDraftHref(address: string, draft: { subject: string; body: string }): string {
  const body = draft.body.replace(/\r?\n/g, '\r\n');
  return `${mailtoHref(address)}?subject=${encodeURIComponent(draft.subject)}&body=${encodeURIComponent(body)}`;
}
