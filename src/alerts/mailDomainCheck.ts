/**
 * Will alert e-mail From ALERT_EMAIL_FROM reach the inbox? Receivers decide largely on what the
 * From domain publishes in DNS: SPF (which servers may send its mail) and DMARC (what to do with
 * mail that fails). A missing or broken record sends alerts to junk without any error on our
 * side: the SMTP server accepts the message and the operator never sees it. This check reads
 * those TXT records and says, in plain words, what is wrong and what to fix.
 *
 * DKIM is not checked: its record lives under a selector only the sending provider knows.
 */
import { Resolver } from 'node:dns/promises';

/** What the check reads from DNS: TXT records by name (node:dns/promises Resolver satisfies it). */
export interface TxtLookup {
  resolveTxt(name: string): Promise<string[][]>;
}

/** A resolver for the check: the servers of DNS_SERVERS, else the system's; a lookup gives up after timeoutMs. */
export function createTxtLookup(servers: readonly string[] | undefined, timeoutMs = 3000): TxtLookup {
  // One try per server: a check the operator waits for should fail fast and say so, not retry
  // for half a minute (c-ares' default is 4 tries with a growing timeout).
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers !== undefined && servers.length > 0) resolver.setServers(servers);
  return resolver;
}

/** The domain of an ALERT_EMAIL_FROM value: "Name <a@Example.COM>" or "a@example.com" -> "example.com" (lower case). */
export function fromDomain(from: string): string {
  // The address is inside the last <...> when there is a display name, which may itself hold "@".
  const angle = /<([^<>]*)>\s*$/.exec(from);
  const address = (angle ? angle[1]! : from).trim();
  const at = address.lastIndexOf('@');
  if (at < 0) return '';
  // A trailing dot (fully qualified form) names the same domain.
  return address
    .slice(at + 1)
    .trim()
    .replace(/\.$/, '')
    .toLowerCase();
}

// Providers whose own DMARC policy is reject or quarantine: mail claiming to be From them but sent
// through our SMTP server fails DMARC, whatever the operator does.
const FREE_MAIL = new Set(
  (
    'gmail.com googlemail.com ymail.com outlook.com live.com msn.com icloud.com me.com mac.com aol.com ' +
    'proton.me protonmail.com gmx.com gmx.de gmx.net web.de mail.com mail.ru bk.ru list.ru inbox.ru ' +
    'yandex.ru yandex.com ya.ru uol.com.br bol.com.br terra.com.br zoho.com qq.com 163.com'
  ).split(' '),
);
// yahoo.co.uk, yahoo.fr, hotmail.co.uk, hotmail.fr...: the same providers under country domains.
const FREE_MAIL_COUNTRY = /^(yahoo|hotmail)(\.[a-z]{2,3}){1,2}$/;

function isFreeMail(domain: string): boolean {
  return FREE_MAIL.has(domain) || FREE_MAIL_COUNTRY.test(domain);
}

// RFC 7208 4.5: "v=spf1" in any case, then a space or the end.
const SPF = /^v=spf1(\s|$)/i;
// RFC 7489 6.4: "v" in any case, optional spaces around "=", "DMARC1" exactly, then ";" or the end.
const DMARC = /^[Vv]\s*=\s*DMARC1\s*(;|$)/;
// The "all" mechanism with a pass result: "+all" or, as "+" is the default qualifier, "all".
const PASS_ALL = /^\+?all$/i;

// These only mean "the name or the record type does not exist": a real answer that there is no record.
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND']);

type Lookup = { records: string[] } | { error: string };

/** TXT records at name, each joined from its chunks; never throws. */
async function txt(dns: TxtLookup, name: string): Promise<Lookup> {
  try {
    // One record may be split into several strings of up to 255 bytes; it means their concatenation.
    return { records: (await dns.resolveTxt(name)).map((chunks) => chunks.join('').trim()) };
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && NO_RECORD.has(code)) return { records: [] };
    return { error: typeof code === 'string' ? code : err instanceof Error ? err.message : String(err) };
  }
}

/** The finding when a lookup failed: `record` names what was looked up. */
const notLookedUp = (domain: string, record: string, error: string) =>
  `${domain}: could not look up the ${record} (${error}), so nothing is known about it; ` +
  'check that this machine can reach its DNS servers (DNS_SERVERS) and run the check again.';

function spfFindings(domain: string, lookup: Lookup): string[] {
  if ('error' in lookup) return [notLookedUp(domain, 'SPF record', lookup.error)];
  const spf = lookup.records.filter((r) => SPF.test(r));
  if (spf.length === 0) {
    return [
      `${domain}: no SPF record (no TXT record starting "v=spf1"), so receivers cannot tell whether the ` +
        'server sending the alerts may send for this domain and are likely to put them in junk; publish an ' +
        'SPF record that includes the server in SMTP_URL and ends in "-all" or "~all".',
    ];
  }
  if (spf.length > 1) {
    return [
      `${domain}: more than one SPF record (${spf.length} TXT records start "v=spf1"); receivers treat that ` +
        'as a permanent SPF error, so SPF fails for every message; merge them into a single record.',
    ];
  }
  if (spf[0]!.split(/\s+/).some((term) => PASS_ALL.test(term))) {
    return [
      `${domain}: the SPF record ends in "+all" (a bare "all" means the same), which authorises every ` +
        'server on the internet, so it proves nothing and some receivers score the mail as spam; list the ' +
        'servers that send for this domain and end the record in "-all" or "~all".',
    ];
  }
  return [];
}

function dmarcFindings(domain: string, lookup: Lookup): string[] {
  const name = `_dmarc.${domain}`;
  if ('error' in lookup) return [notLookedUp(domain, `DMARC record at ${name}`, lookup.error)];
  if (!lookup.records.some((r) => DMARC.test(r))) {
    return [
      `${domain}: no DMARC record (no TXT record starting "v=DMARC1" at ${name}), so large receivers such ` +
        'as Gmail and Yahoo trust the mail less and are more likely to put it in junk; publish one, e.g. ' +
        '"v=DMARC1; p=none" to start.',
    ];
  }
  return [];
}

/** What receivers will do with mail From this domain, one plain line per finding ([] if none); never throws. */
export async function checkMailDomain(from: string, dns: TxtLookup): Promise<string[]> {
  const domain = fromDomain(from);
  if (domain === '') {
    return [`ALERT_EMAIL_FROM "${from}" has no domain (no "@"), so servers refuse it as a sender; set a full address.`];
  }
  if (isFreeMail(domain)) {
    // The provider's own SPF and DMARC are not the operator's to fix, so they are not looked up.
    return [
      `${domain}: a free-mail provider's domain, which publishes a DMARC policy of reject or quarantine, so ` +
        'alert e-mail From it sent through any other server fails DMARC and receivers reject it or put it ' +
        'in junk; set ALERT_EMAIL_FROM to an address at a domain you control.',
    ];
  }
  const [spf, dmarc] = await Promise.all([txt(dns, domain), txt(dns, `_dmarc.${domain}`)]);
  return [...spfFindings(domain, spf), ...dmarcFindings(domain, dmarc)];
}
