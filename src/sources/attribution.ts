/**
 * Where a visit or a lead came from, read from what the browser sends: the campaign parameters (utm_*) of the URL
 * the visitor landed on, and the host of the page that referred them. Pure. Every value is untrusted text: cut to
 * SOURCE_VALUE_LIMIT characters, with no control or invisible format characters, and dropped (null) when it holds
 * a URL or markup (the link rule of grading, src/lib/linkRule.ts): a source value is shown to the owner next to a
 * real lead, so a link in it would reach the alert e-mail; the lead itself is kept. A report groups visits and
 * leads by one key: the UTM source, else the referrer's host, else 'direct' (lower-cased, so LinkedIn and linkedin
 * meet).
 */
import { REFERRER_FIELD, SOURCE_VALUE_LIMIT, UTM_FIELDS, type UtmField } from '../contract/lead';
import { hasLinkOrTag } from '../lib/linkRule';

export type Utm = Record<UtmField, string | null>;

export interface LeadSource extends Utm {
  /** The referring site's host; 'direct' when there was none (or it was this site); null when not known. */
  referrer: string | null;
}

export const DIRECT = 'direct';

const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu;

/** One line of visible text, bounded; null when nothing is left. */
function oneLine(value: string): string | null {
  const text = value.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  return text === '' ? null : [...text].slice(0, SOURCE_VALUE_LIMIT).join('');
}

/**
 * A value as it may be stored and shown: one line of visible text, bounded; null when nothing is
 * left, or when it holds a link or markup. The rule is also applied to the value with its invisible
 * characters deleted, since cleaning turns them into spaces and `https\u200b://` would then pass.
 */
export function cleanValue(value: unknown): string | null {
  if (typeof value !== 'string' || hasLinkOrTag(value) || hasLinkOrTag(value.replace(INVISIBLE, ''))) return null;
  return oneLine(value);
}

export function utmFrom(values: Partial<Record<string, unknown>>): Utm {
  return Object.fromEntries(UTM_FIELDS.map((field) => [field, cleanValue(values[field])])) as Utm;
}

/** The utm_* parameters of a URL's query string ('' or '?a=b'). */
export function utmFromQuery(search: string): Utm {
  const params = new URLSearchParams(search);
  return utmFrom(Object.fromEntries(UTM_FIELDS.map((field) => [field, params.get(field) ?? undefined])));
}

/** The host of an http(s) URL without a leading www.; undefined for anything else or for this site's own pages. */
export function referrerHost(url: string | undefined, ownHost: string): string | undefined {
  if (!url) return undefined;
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    host = hostOf(parsed);
  } catch {
    return undefined;
  }
  if (host === '' || host === ownHost) return undefined;
  // Not cleanValue: a parsed host is a bare domain, never a link or markup, but the link rule's
  // `www.` would match inside one (awww.example.net).
  return oneLine(host) ?? undefined;
}

/** A URL's host, lower-cased, without a leading www.: a referrer's, or this site's (to spot internal navigation). */
export function hostOf(url: string | URL): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
}

/**
 * A lead's source. The form island sends the utm_* values and document.referrer of the visitor's first page view;
 * a JSON post that sends no referrer came direct. A form posted without JavaScript sends neither: its Referer
 * header is our own page, whose query string still holds the campaign, but the site before it is not known (null).
 */
export function leadSourceOf(
  body: Record<string, unknown>,
  request: { referer: string | undefined; isJson: boolean },
  ownHost: string,
): LeadSource {
  let utm = utmFrom(body);
  if (Object.values(utm).every((value) => value === null) && request.referer) {
    try {
      utm = utmFromQuery(new URL(request.referer).search);
    } catch {
      // not a URL: no campaign to read
    }
  }
  const sent = body[REFERRER_FIELD];
  const site = referrerHost(typeof sent === 'string' ? sent : undefined, ownHost);
  return { ...utm, referrer: site ?? (request.isJson ? DIRECT : null) };
}

/** The report's key of a visit: the landing URL's utm_source, else the Referer's host, else 'direct'. */
export function viewSource(query: string, referer: string | undefined, ownHost: string): string {
  const utmSource = query === '' ? null : utmFromQuery(query).utm_source;
  return (utmSource ?? referrerHost(referer, ownHost) ?? DIRECT).toLowerCase();
}

/** Clients that name themselves bots, crawlers or spiders (and those that give no name at all). */
export function isRobot(userAgent: string | undefined): boolean {
  return !userAgent || /bot|crawl|spider|slurp/i.test(userAgent);
}

/** Where a lead came from, for the owner to read: "utm_source=linkedin, utm_campaign=q1 (via news.example.org)". */
export function describeSource(source: LeadSource): string {
  const utm = UTM_FIELDS.flatMap((field) => (source[field] ? [`${field}=${source[field]}`] : [])).join(', ');
  const site = source.referrer !== null && source.referrer !== DIRECT ? source.referrer : '';
  if (utm && site) return `${utm} (via ${site})`;
  if (utm || site) return utm || site;
  return source.referrer === DIRECT ? DIRECT : 'not known';
}

/** The source fields of a stored lead. */
export function sourceOf(row: Utm & { referrer: string | null }): LeadSource {
  return { ...utmFrom(row), referrer: row.referrer };
}
