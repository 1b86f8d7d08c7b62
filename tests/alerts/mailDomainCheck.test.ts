/**
 * The From-domain check with the real node:dns resolver against a local DNS server: what it finds
 * in SPF and DMARC records, that it keeps free-mail domains off the wire, and that a lookup that
 * fails is reported as such rather than as a missing record.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checkMailDomain, createTxtLookup, fromDomain, type TxtLookup } from '../../src/alerts/mailDomainCheck';
import { loadConfig } from '../../src/config';
import { startFakeDns, type FakeDns } from '../support/fakeDns';

const GOOD_SPF = 'v=spf1 include:_spf.mailer.example -all';
const GOOD_DMARC = 'v=DMARC1; p=quarantine; rua=mailto:dmarc@good.example';
// Several 255-byte DNS character-strings long, with "+all" in the last one; too long for a 512-byte
// UDP answer as well, so the resolver has to ask again over TCP.
const LONG_SPF = `v=spf1 ${Array.from({ length: 40 }, (_, i) => `ip4:192.0.2.${i + 1}`).join(' ')} +all`;

describe('checkMailDomain (node:dns resolver -> fake DNS)', () => {
  let fake: FakeDns;
  let dns: TxtLookup;

  before(async () => {
    fake = await startFakeDns({
      'good.example': ['google-site-verification=abc', GOOD_SPF],
      '_dmarc.good.example': [GOOD_DMARC],
      'nospf.example': ['google-site-verification=abc'],
      '_dmarc.nospf.example': [GOOD_DMARC],
      'plusall.example': ['v=spf1 mx +all'],
      '_dmarc.plusall.example': [GOOD_DMARC],
      'bareall.example': ['v=spf1 ip4:192.0.2.1 all'],
      '_dmarc.bareall.example': [GOOD_DMARC],
      'long.example': [LONG_SPF],
      '_dmarc.long.example': [GOOD_DMARC],
      'twospf.example': ['v=spf1 mx -all', 'V=SPF1 include:_spf.mailer.example ~all'],
      '_dmarc.twospf.example': [GOOD_DMARC],
      // _dmarc.nodmarc.example is absent: NXDOMAIN.
      'nodmarc.example': [GOOD_SPF],
      'emptydmarc.example': [GOOD_SPF],
      '_dmarc.emptydmarc.example': [],
      'otherdmarc.example': [GOOD_SPF],
      '_dmarc.otherdmarc.example': ['v=spf1 -all'],
      'bare.example': [],
      'timeout.example': 'timeout',
      '_dmarc.timeout.example': 'timeout',
    });
    dns = createTxtLookup([fake.server], 500);
  });
  after(() => fake.close());

  it('finds nothing wrong with SPF ending in -all and a DMARC record', async () => {
    assert.deepEqual(await checkMailDomain('Alerts <alerts@Good.Example>', dns), []);
    assert.ok(fake.queries.includes('good.example'));
    assert.ok(fake.queries.includes('_dmarc.good.example'));
  });

  it('reports a domain with no SPF record, and only that', async () => {
    const findings = await checkMailDomain('alerts@nospf.example', dns);
    assert.equal(findings.length, 1);
    assert.match(findings[0]!, /^nospf\.example: /);
    assert.ok(findings[0]!.includes('no SPF record'), findings[0]);
  });

  it('reports an SPF record that passes every server, written "+all" or a bare "all"', async () => {
    for (const domain of ['plusall.example', 'bareall.example']) {
      const findings = await checkMailDomain(`alerts@${domain}`, dns);
      assert.equal(findings.length, 1, findings.join('\n'));
      assert.ok(findings[0]!.startsWith(`${domain}: `), findings[0]);
      assert.ok(findings[0]!.includes('+all'), findings[0]);
    }
  });

  it('reads a long SPF record, fetched over TCP, as the join of its chunks', async () => {
    assert.ok(LONG_SPF.length > 512);
    const findings = await checkMailDomain('alerts@long.example', dns);
    assert.equal(findings.length, 1, findings.join('\n'));
    assert.ok(findings[0]!.includes('+all'), findings[0]);
    // Once over UDP (truncated), once over TCP.
    assert.equal(fake.queries.filter((q) => q === 'long.example').length, 2);
  });

  it('reports more than one SPF record, whatever their case', async () => {
    const findings = await checkMailDomain('alerts@twospf.example', dns);
    assert.equal(findings.length, 1, findings.join('\n'));
    assert.ok(findings[0]!.includes('more than one SPF record'), findings[0]);
  });

  it('reports no DMARC record, whether _dmarc is absent, empty or holds something else', async () => {
    for (const domain of ['nodmarc.example', 'emptydmarc.example', 'otherdmarc.example']) {
      const findings = await checkMailDomain(`alerts@${domain}`, dns);
      assert.equal(findings.length, 1, findings.join('\n'));
      assert.ok(findings[0]!.startsWith(`${domain}: `), findings[0]);
      assert.ok(findings[0]!.includes('no DMARC record'), findings[0]);
    }
  });

  it('reports both records missing for a domain with no TXT records, or none at all', async () => {
    for (const domain of ['bare.example', 'nowhere.example']) {
      const findings = await checkMailDomain(`alerts@${domain}`, dns);
      assert.equal(findings.length, 2, findings.join('\n'));
      assert.ok(findings[0]!.includes('no SPF record'), findings[0]);
      assert.ok(findings[1]!.includes('no DMARC record'), findings[1]);
    }
  });

  it('reports a free-mail From domain without looking it up', async () => {
    const asked = fake.queries.length;
    for (const from of ['Ada <ada@gmail.com>', 'ADA@GMAIL.COM', 'ada@yahoo.co.uk', 'ada@hotmail.fr', 'ada@proton.me']) {
      const findings = await checkMailDomain(from, dns);
      assert.equal(findings.length, 1, findings.join('\n'));
      assert.ok(findings[0]!.startsWith(`${fromDomain(from)}: `), findings[0]);
      assert.ok(findings[0]!.includes('free-mail'), findings[0]);
    }
    assert.deepEqual(fake.queries.slice(asked), []);
  });

  it('does not take a domain that merely contains a free-mail name for free-mail', async () => {
    const findings = await checkMailDomain('ada@gmail.com.example', dns);
    assert.ok(!findings.some((f) => f.includes('free-mail')), findings.join('\n'));
    assert.ok(fake.queries.includes('gmail.com.example'));
  });

  it('says a lookup that timed out could not be done, and claims nothing about the records', async () => {
    const started = Date.now();
    const findings = await checkMailDomain('alerts@timeout.example', dns);
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
    assert.equal(findings.length, 2, findings.join('\n'));
    for (const finding of findings) {
      assert.ok(finding.startsWith('timeout.example: '), finding);
      assert.ok(finding.includes('could not look up'), finding);
      assert.ok(finding.includes('ETIMEOUT'), finding);
    }
    assert.ok(!findings.some((f) => f.includes('no SPF record') || f.includes('no DMARC record')));
  });

  it('says a DNS server that refuses could not be asked, and claims nothing about the records', async () => {
    const gone = await startFakeDns({});
    await gone.close();
    const findings = await checkMailDomain('alerts@good.example', createTxtLookup([gone.server], 500));
    assert.equal(findings.length, 2, findings.join('\n'));
    assert.ok(
      findings.every((f) => f.includes('could not look up')),
      findings.join('\n'),
    );
    assert.ok(!findings.some((f) => f.includes('no SPF record') || f.includes('no DMARC record')));
  });

  it('asks the servers of a comma-separated DNS_SERVERS, as the configuration reads it', async () => {
    const { dnsServers } = loadConfig({ DNS_SERVERS: `${fake.server}, ${fake.server}` });
    const fromEnv = createTxtLookup(dnsServers, 500);
    assert.deepEqual(await checkMailDomain('alerts@good.example', fromEnv), []);
  });
});

describe('checkMailDomain never throws', () => {
  it('reports a lookup that throws or rejects with no code as not done', async () => {
    const throwing: TxtLookup = {
      resolveTxt() {
        throw new Error('resolver broke');
      },
    };
    const rejecting: TxtLookup = { resolveTxt: () => Promise.reject('no reason') };
    for (const dns of [throwing, rejecting]) {
      const findings = await checkMailDomain('alerts@good.example', dns);
      assert.equal(findings.length, 2, findings.join('\n'));
      assert.ok(findings.every((f) => f.includes('could not look up')));
    }
  });

  it('reports a From with no domain', async () => {
    const findings = await checkMailDomain('alerts', { resolveTxt: () => Promise.resolve([]) });
    assert.equal(findings.length, 1);
    assert.ok(findings[0]!.includes('no domain'), findings[0]);
  });
});

describe('fromDomain', () => {
  it('takes the domain of the address, in lower case', () => {
    assert.equal(fromDomain('a@example.com'), 'example.com');
    assert.equal(fromDomain('Name <a@Example.COM>'), 'example.com');
    assert.equal(fromDomain('  a@Example.com  '), 'example.com');
    assert.equal(fromDomain('"Ops @ HQ" <alerts@mail.example.org>'), 'mail.example.org');
    assert.equal(fromDomain('Name<a@example.com> '), 'example.com');
    assert.equal(fromDomain('a@example.com.'), 'example.com');
  });

  it('gives "" when there is no domain', () => {
    assert.equal(fromDomain('alerts'), '');
    assert.equal(fromDomain('Name <alerts>'), '');
    assert.equal(fromDomain(''), '');
  });
});
