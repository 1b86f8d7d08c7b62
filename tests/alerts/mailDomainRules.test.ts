/**
 * The mail-domain check's rules and words, against TXT records held in memory (the check takes any TXT lookup;
 * tests/alerts/mailDomainCheck.test.ts asks a local DNS server): what counts as an SPF or DMARC record by their
 * RFCs, which domains are free mail, each finding word for word as the operator reads it, and a failed lookup
 * named by its code or message.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMailDomain, fromDomain, type TxtLookup } from '../../src/alerts/mailDomainCheck';

const GOOD_SPF = 'v=spf1 include:_spf.mail.example -all';
const GOOD_DMARC = 'v=DMARC1; p=none';

/** TXT records by name; a name it does not hold has none (ENODATA); `fail` throws for a name instead. */
function records(byName: Record<string, string[]>, fail: Record<string, unknown> = {}): TxtLookup {
  return {
    async resolveTxt(name) {
      if (name in fail) throw fail[name];
      const found = byName[name];
      if (!found) throw Object.assign(new Error('no data'), { code: 'ENODATA' });
      return found.map((record) => [record]);
    },
  };
}

/** The findings for co.example with these SPF-side and DMARC-side records. */
const findings = (spf: string[], dmarc: string[] = [GOOD_DMARC]) =>
  checkMailDomain('alerts@co.example', records({ 'co.example': spf, '_dmarc.co.example': dmarc }));

describe('the records, as their RFCs write them', () => {
  it('takes "v=spf1" in any case, alone or followed by a space, at the start only', async () => {
    for (const spf of [GOOD_SPF, 'V=SPF1 mx -all', 'v=spf1', 'v=spf1\tmx ~all'])
      assert.deepEqual(await findings([spf]), [], spf);
    for (const spf of ['v=spf10 -all', 'xv=spf1 -all', 'spf v=spf1 -all', 'v=spf1-all']) {
      const [finding] = await findings([spf]);
      assert.match(finding ?? '', /^co\.example: no SPF record/, spf);
    }
  });

  it('takes "v" in any case and spaces around "=", then "DMARC1" exactly, then ";" or the end', async () => {
    for (const dmarc of [GOOD_DMARC, 'V=DMARC1; p=reject', 'v = DMARC1 ;p=quarantine', 'v=DMARC1'])
      assert.deepEqual(await findings([GOOD_SPF], [dmarc]), [], dmarc);
    for (const dmarc of ['v=dmarc1; p=none', 'v=DMARC10; p=none', 'v=DMARC1 p=none', 'xv=DMARC1; p=none']) {
      const [finding] = await findings([GOOD_SPF], [dmarc]);
      assert.match(finding ?? '', /^co\.example: no DMARC record/, dmarc);
    }
  });

  it('reads "+all" or a bare "all" as passing every server, and no other "all"', async () => {
    for (const spf of ['v=spf1 mx +all', 'v=spf1 all', 'v=spf1 mx +ALL'])
      assert.match((await findings([spf]))[0] ?? '', /ends in "\+all"/, spf);
    for (const spf of ['v=spf1 mx -all', 'v=spf1 mx ~all', 'v=spf1 mx ?all', 'v=spf1 include:all.example -all'])
      assert.deepEqual(await findings([spf]), [], spf);
  });
});

describe('free mail', () => {
  it("knows the Brazilian providers and Yahoo's and Hotmail's country domains", async () => {
    for (const domain of ['uol.com.br', 'bol.com.br', 'terra.com.br', 'yahoo.com.br', 'hotmail.co.uk', 'yahoo.fr']) {
      const [finding] = await checkMailDomain(`alerts@${domain}`, records({}));
      assert.match(finding ?? '', /free-mail provider's domain/, domain);
    }
  });

  it('does not take a name that only starts or ends like one', async () => {
    for (const domain of ['myyahoo.com', 'yahoo.company.example', 'hotmail.example.co.uk']) {
      const [finding] = await checkMailDomain(
        `alerts@${domain}`,
        records({ [domain]: [GOOD_SPF], [`_dmarc.${domain}`]: [GOOD_DMARC] }),
      );
      assert.equal(finding, undefined, domain);
    }
  });
});

describe('the findings, word for word', () => {
  it('says what each missing or wrong record does to the mail and how to fix it', async () => {
    assert.deepEqual(await findings([], []), [
      'co.example: no SPF record (no TXT record starting "v=spf1"), so receivers cannot tell whether the server ' +
        'sending the alerts may send for this domain and are likely to put them in junk; publish an SPF record ' +
        'that includes the server in SMTP_URL and ends in "-all" or "~all".',
      'co.example: no DMARC record (no TXT record starting "v=DMARC1" at _dmarc.co.example), so large receivers ' +
        'such as Gmail and Yahoo trust the mail less and are more likely to put it in junk; publish one, e.g. ' +
        '"v=DMARC1; p=none" to start.',
    ]);
    assert.deepEqual(await findings([GOOD_SPF, 'V=SPF1 mx -all']), [
      'co.example: more than one SPF record (2 TXT records start "v=spf1"); receivers treat that as a permanent ' +
        'SPF error, so SPF fails for every message; merge them into a single record.',
    ]);
    assert.deepEqual(await findings(['v=spf1 +all']), [
      'co.example: the SPF record ends in "+all" (a bare "all" means the same), which authorises every server on ' +
        'the internet, so it proves nothing and some receivers score the mail as spam; list the servers that send ' +
        'for this domain and end the record in "-all" or "~all".',
    ]);
    assert.deepEqual(await checkMailDomain('Alerts <alerts@Gmail.com>', records({})), [
      "gmail.com: a free-mail provider's domain, which publishes a DMARC policy of reject or quarantine, so alert " +
        'e-mail From it sent through any other server fails DMARC and receivers reject it or put it in junk; set ' +
        'ALERT_EMAIL_FROM to an address at a domain you control.',
    ]);
    assert.deepEqual(await checkMailDomain('alerts', records({})), [
      'ALERT_EMAIL_FROM "alerts" has no domain (no "@"), so servers refuse it as a sender; set a full address.',
    ]);
  });

  it('names a failed lookup by its code, else by its message, and claims nothing about its record', async () => {
    const failing = (spfError: unknown, dmarcError: unknown) =>
      checkMailDomain('alerts@co.example', records({}, { 'co.example': spfError, '_dmarc.co.example': dmarcError }));
    assert.deepEqual(
      await failing(Object.assign(new Error('query failed'), { code: 'ESERVFAIL' }), new Error('socket hang up')),
      [
        'co.example: could not look up the SPF record (ESERVFAIL), so nothing is known about it; check that this ' +
          'machine can reach its DNS servers (DNS_SERVERS) and run the check again.',
        'co.example: could not look up the DMARC record at _dmarc.co.example (socket hang up), so nothing is known ' +
          'about it; check that this machine can reach its DNS servers (DNS_SERVERS) and run the check again.',
      ],
    );
    const [spf, dmarc] = await failing('refused', null);
    assert.match(spf ?? '', /the SPF record \(refused\)/);
    assert.match(dmarc ?? '', /_dmarc\.co\.example \(null\)/);
    const [none] = await failing(Object.assign(new Error('x'), { code: 'ENOTFOUND' }), undefined);
    assert.match(none ?? '', /^co\.example: no SPF record/, 'a name that does not exist has no record');
  });
});

describe('the From domain', () => {
  it('is the lower-case domain of the address in the last <...>, without a trailing dot', () => {
    assert.equal(fromDomain('"Alerts @ Co" <alerts@Co.Example.>'), 'co.example');
    assert.equal(fromDomain('  alerts@CO.example  '), 'co.example');
    assert.equal(fromDomain('Alerts <a@old.example> <alerts@co.example>'), 'co.example');
    assert.equal(fromDomain('Alerts <alerts>'), '');
  });
});
