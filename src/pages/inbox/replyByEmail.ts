/**
 * The owner's answer to a lead, begun in the lead's language: a mailto: link whose subject and opening lines are
 * those of src/strings for the language of the page the lead's form was on, so a Brazilian founder is answered in
 * Portuguese in one tap, from the owner's own mail app. The name and company are the visitor's, but they only
 * fill the owner's draft, which he reads before sending.
 */
import { languageOfTag } from '../../contract/languages';
import { mailStrings } from '../../strings';
import { mailtoDraftHref } from '../mailto';
import type { LeadListItem } from './views';

export function replyByEmailHref(lead: Pick<LeadListItem, 'name' | 'company' | 'email' | 'language'>): string {
  const say = mailStrings(languageOfTag(lead.language));
  return mailtoDraftHref(lead.email, {
    subject: say.replySubject(lead.company),
    // A blank line after the opening: the owner writes on from there.
    body: `${say.replyGreeting(lead.name)}\n\n${say.replyOpening}\n\n`,
  });
}
