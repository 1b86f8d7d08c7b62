/**
 * The link rule: does a visitor's text hold a URL or markup? Grading makes a lead with a link in its name or
 * company spam; attribution drops a source value with one. A leaf, so both layers apply the one rule without the
 * sources layer importing the leads layer.
 *
 * A URL, or markup: an HTML tag (`<b>`, `</a>`, `<img src=x>`), a comment, a doctype or a processing
 * instruction. A bare domain such as acme.io is a plausible company name and passes, and so do
 * `<3` and an address in angle brackets.
 */
const LINK = /https?:\/\/|www\./i;
const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|<![a-z-]|<\?/i;

export function hasLinkOrTag(text: string): boolean {
  return LINK.test(text) || TAG.test(text);
}
