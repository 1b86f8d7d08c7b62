/**
 * How the inbox's search compares texts, in one place: each lead's name, company and address are stored folded
 * this way (leads.search_text, which the trigram index leads_search covers), and so is the owner's search text.
 * The folding is done here rather than by SQLite (remove_diacritics needs SQLite 3.45), so the index is plain
 * trigrams, which the sqlite3 shell of every current Debian and Ubuntu reads and writes.
 */

/**
 * Lower case, without the combining marks canonical decomposition splits off (é is e and an acute
 * accent, so "José" is "jose" and "MÜLLER" is "muller"), and without control characters: nobody
 * searches for one, and a NUL would end the text FTS5 parses as the query ("unterminated string").
 */
export function searchFold(text: string): string {
  return withoutControls(text).toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/** The text without control characters (a NUL, a tab): the search box shows what is searched for. */
export const withoutControls = (text: string): string => text.replace(/\p{Cc}/gu, '');

/**
 * A lead's searchable text: its name, company and address, folded, one a line. A folded search
 * text never holds a line break, so no search matches across two fields.
 */
export function leadSearchText(lead: { name: string; company: string; email: string }): string {
  return [lead.name, lead.company, lead.email].map(searchFold).join('\n');
}
