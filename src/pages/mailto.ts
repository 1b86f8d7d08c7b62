/**
 * A mailto: link to one address and nothing else: `?`, `&`, `#` and `%` in the address are
 * percent-encoded, so an address a visitor typed (`x?subject=Invoice&cc=someone@evil.example`, valid
 * by the HTML rule) cannot add a subject, a copy or a body to the owner's message.
 */
export const mailtoHref = (address: string): string => `mailto:${encodeURIComponent(address).replaceAll('%40', '@')}`;
