/**
 * Where the visitor came from: the campaign parameters of the URL they landed on and the page that sent them. Read
 * once when the form island loads and held in memory only (no cookie, no storage); sent with each JSON lead. The
 * form posted without JavaScript sends none of this: the server reads the post's Referer header instead.
 */
import { REFERRER_FIELD, SOURCE_VALUE_LIMIT, UTM_FIELDS, type LeadSourceInput } from '../../contract/lead';

/**
 * `search` is location.search, `referrer` document.referrer. Values are trimmed and cut to the limit; empty ones
 * are left out.
 */
export function readLeadSource(search: string, referrer: string): LeadSourceInput {
  const params = new URLSearchParams(search);
  const source: LeadSourceInput = {};
  for (const field of UTM_FIELDS) keep(source, field, params.get(field));
  keep(source, REFERRER_FIELD, referrer);
  return source;
}

function keep(source: LeadSourceInput, field: keyof LeadSourceInput, value: string | null): void {
  // Cut by code points, as the server counts characters, so no emoji is split in half.
  const cut = Array.from((value ?? '').trim())
    .slice(0, SOURCE_VALUE_LIMIT)
    .join('');
  if (cut !== '') source[field] = cut;
}
