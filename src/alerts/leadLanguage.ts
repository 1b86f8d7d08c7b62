/**
 * The lead's language in the owner's alerts, which are in English whatever the lead's: a few characters after an
 * alert's first words (`New lead [pt-BR]: ...`), and a line among the facts. An English lead's alerts say nothing
 * of it: most leads are English, and an SMS pays for every character (`[` and `]` cost two GSM septets each).
 */
import { languageLabel } from '../contract/languages';
import type { AlertLead } from './alertSender';

/** The lead's tag, unless the lead is English. */
const otherThanEnglish = ({ language }: Pick<AlertLead, 'language'>) => (language === 'en' ? undefined : language);

/** ' [pt-BR]' for a lead in another language than English, '' for an English one. */
export function languageMark(lead: Pick<AlertLead, 'language'>): string {
  const tag = otherThanEnglish(lead);
  return tag === undefined ? '' : ` [${tag}]`;
}

/** The facts' line "Language: Portuguese (pt-BR)", for a lead in another language than English. */
export function languageFacts(lead: Pick<AlertLead, 'language'>): [string, string][] {
  const tag = otherThanEnglish(lead);
  return tag === undefined ? [] : [['Language', languageLabel(tag)]];
}
