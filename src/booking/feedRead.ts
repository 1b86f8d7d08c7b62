/**
 * One read of the owner's calendar feed over HTTP: its address checked (https:, webcal: read as https:, http:
 * only on this machine), a deadline, a size limit. The address is a secret: no message here names it.
 */

import { isLoopbackHost, parsedUrl } from '../config';

/** A feed's body larger than this is refused: a calendar of years of events is a few megabytes at most. */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Why the address cannot be a calendar feed's, as a sentence for the owner (`booking set`, the inbox, a read);
 * undefined when it can. The sentence never repeats the address: it is what grants reading his calendar.
 */
export function feedUrlProblem(url: string): string | undefined {
  const problem = "feed-url must be the https: (or webcal:) address of your calendar's secret ICS feed";
  const parsed = parsedUrl(url);
  // webcal:x parses with no host (webcal: is not one of the URL standard's special schemes): nothing to read.
  if (parsed === undefined || parsed.hostname === '') return problem;
  if (parsed.protocol === 'https:' || parsed.protocol === 'webcal:') return undefined;
  // Plain http: only to this machine (a local calendar server, the tests' stand-in), as for the providers'
  // stand-ins: elsewhere anyone on the way would read the secret address and the owner's calendar.
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return undefined;
  return problem;
}

/** The address to GET: webcal: is the calendar apps' name for https:. */
export const readableUrl = (url: string): string => url.replace(/^webcal:/i, 'https:');

/** GETs the feed's text; throws an Error that names "the calendar feed", never its address. */
export async function fetchFeedText(url: string, signal: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: 'text/calendar' } });
  } catch (err) {
    if (signal.aborted) throw new Error('the calendar feed did not answer in time');
    const code = ((err as Error).cause as { code?: unknown } | undefined)?.code;
    throw new Error(`the calendar feed could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`the calendar feed answered HTTP ${response.status}`);
  }
  // A redirect must not take the read (and the owner's calendar) to plain http: elsewhere.
  if (response.url && feedUrlProblem(response.url)) {
    await response.body?.cancel();
    throw new Error('the calendar feed redirected to an address that is not https:');
  }
  const tooLarge = () => new Error(`the calendar feed is larger than ${FEED_MAX_BYTES / 1024 / 1024} MB`);
  if (Number(response.headers.get('content-length') ?? 0) > FEED_MAX_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > FEED_MAX_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (err) {
    await response.body?.cancel().catch(() => {});
    if (signal.aborted) throw new Error('the calendar feed did not answer in time');
    if ((err as Error).message.startsWith('the calendar feed')) throw err;
    throw new Error('the calendar feed broke off its answer');
  }
  return Buffer.concat(chunks).toString('utf8');
}
