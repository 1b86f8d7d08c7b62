/**
 * The stored IP value cannot be reversed by whoever holds the database or a
 * backup: its key is never in the database, and values made the old way
 * (a SHA-256 salted with a value kept next to them) are dropped. Checked on
 * the lead service, and over HTTP through a trusted proxy's X-Forwarded-For.
 */
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { loadConfig } from '../../src/config';
import { openServices } from '../../src/services/services';
import { createLogger } from '../../src/lib/logger';
import { openDatabase } from '../../src/storage/database';
import { migrations } from '../../src/storage/migrations';
import { readLeadRowsAt } from '../support/leadRows';
import { leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { testTempDir } from '../support/site';

const DAY = 86_400_000;
let visitors = 0; // every lead a different person: identical submissions within a minute are one lead

async function storeFrom(
  ips: string[],
  env: Record<string, string> = {},
  now = () => Date.parse('2026-11-22T10:00:00Z'),
) {
  const databasePath = env.DATABASE_PATH ?? join(testTempDir('ip-hash-'), 'leads.db');
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_PATH: databasePath, ...env });
  const pipeline = openServices(config, createLogger(config), { senders: new Map(), now });
  try {
    for (const ip of ips) {
      const i = (visitors += 1);
      const outcome = await pipeline.leadService.submitLead(
        { name: `Visitor ${i}`, company: 'Acme', email: `v${i}@example.com` },
        { ip, userAgent: 'test' },
      );
      assert.equal(outcome.kind, 'accepted');
    }
  } finally {
    await pipeline.close(1_000);
  }
  const db = new Database(databasePath, { readonly: true });
  const hashes = db.prepare('SELECT ip_hash FROM leads ORDER BY id').pluck().all() as (string | null)[];
  const settings = db.prepare('SELECT value FROM settings').pluck().all() as string[];
  db.close();
  return { hashes, settings, databasePath };
}

describe('the stored IP value', () => {
  it('cannot be recomputed from anything in the database', async () => {
    const ip = '203.0.113.7';
    const { hashes, settings } = await storeFrom([ip]);
    const [stored] = hashes;
    assert.ok(stored, 'a value is stored');
    assert.ok(!stored.includes('203.0.113'), 'not the address itself');
    for (const value of settings) {
      // The old scheme, and keyed variants of it, with every value the database holds as the key.
      assert.notEqual(createHash('sha256').update(value).update('\0').update(ip).digest('hex'), stored);
      for (const message of [ip, '203.0.113.0/24'])
        assert.notEqual(createHmac('sha256', value).update(message).digest('hex').slice(0, 32), stored);
    }
  });

  it('groups one network within a day and tells networks apart', async () => {
    const { hashes } = await storeFrom([
      '203.0.113.7',
      '203.0.113.200',
      '198.51.100.7',
      '2001:db8:1:2::1',
      '2001:db8:1:ffff::9',
      '::ffff:203.0.113.9',
    ]);
    const [a, sameNet, otherNet, v6, sameV6Net, mapped] = hashes;
    assert.equal(sameNet, a, 'one /24');
    assert.notEqual(otherNet, a);
    assert.equal(sameV6Net, v6, 'one /48');
    assert.notEqual(v6, a);
    assert.equal(mapped, a, 'an IPv4-mapped IPv6 address is its IPv4 network');
  });

  it('without IP_HASH_SALT, never matches across days; with it, stays comparable across restarts', async () => {
    let clock = Date.parse('2026-11-22T23:59:00Z');
    const databasePath = join(testTempDir('ip-hash-'), 'leads.db');
    const first = await storeFrom(['203.0.113.7'], { DATABASE_PATH: databasePath }, () => clock);
    clock += DAY;
    const nextDay = await storeFrom(['203.0.113.7'], { DATABASE_PATH: databasePath }, () => clock);
    assert.notEqual(nextDay.hashes[1], first.hashes[0]);

    const keyed = join(testTempDir('ip-hash-'), 'leads.db');
    const one = await storeFrom(['203.0.113.7'], {
      DATABASE_PATH: keyed,
      IP_HASH_SALT: 'a-long-random-operator-secret',
    });
    const restarted = await storeFrom(['203.0.113.8'], {
      DATABASE_PATH: keyed,
      IP_HASH_SALT: 'a-long-random-operator-secret',
    });
    assert.equal(restarted.hashes[1], one.hashes[0]);
  });

  it('made the old way (salt kept in the database) is dropped, with the salt, when the database is upgraded', () => {
    const databasePath = join(testTempDir('ip-hash-'), 'leads.db');
    const db = new Database(databasePath);
    // The schema of the release before the change: the first two migrations.
    for (const migration of migrations.slice(0, 2)) db.exec(migration as string);
    db.prepare(
      "INSERT INTO leads (created_at, name, company, email, user_agent, ip_hash, dedupe_key) VALUES ('2026-01-01T00:00:00.000Z', 'A', 'B', 'a@example.com', NULL, ?, 'k')",
    ).run(createHash('sha256').update('old-salt').update('\0').update('203.0.113.7').digest('hex'));
    db.prepare("INSERT INTO settings (key, value) VALUES ('ip_hash_salt', 'old-salt')").run();
    db.pragma('user_version = 2'); // as a database written before the upgrade
    db.close();

    openDatabase(databasePath).close();
    const after = new Database(databasePath, { readonly: true });
    assert.equal(after.prepare('SELECT ip_hash FROM leads').pluck().get(), null);
    assert.equal(after.prepare("SELECT COUNT(*) FROM settings WHERE key = 'ip_hash_salt'").pluck().get(), 0);
    assert.equal(after.prepare('SELECT COUNT(*) FROM leads').pluck().get(), 1, 'the lead itself is kept');
    after.close();
  });
});

describe('the stored IP value of leads posted over HTTP behind a trusted proxy', () => {
  const leadSite = leadSitesPerTest();
  /** A lead from a new visitor at `ip`, as the proxy in front (on loopback) reports it. */
  const post = async (s: LeadSite, ip: string) => {
    const i = (visitors += 1);
    const res = await s.post(
      { name: `Visitor ${i}`, company: 'Acme', email: `v${i}@example.com` },
      { headers: { 'X-Forwarded-For': ip } },
    );
    assert.equal(res.status, 200, ip);
  };

  it('is never the address, is one value for one /24 and another for another /24', async () => {
    const s = await leadSite({ sms: false, email: false, env: { TRUST_PROXY: 'loopback' } });
    const ips = ['198.51.100.7', '198.51.100.201', '203.0.113.7'];
    for (const ip of ips) await post(s, ip);
    const rows = readLeadRowsAt(s.databasePath);
    const [a, sameNet, otherNet] = rows.map((r) => r.ip_hash);
    for (const value of [a, sameNet, otherNet])
      assert.match(value ?? '', /^[0-9a-f]{32}$/, 'a 32-digit hex value is stored');
    for (const ip of [...ips, '198.51.100', '203.0.113'])
      assert.ok(!JSON.stringify(rows).includes(ip), `${ip} is nowhere in the stored leads`);
    assert.equal(sameNet, a, '198.51.100.7 and 198.51.100.201 are one /24');
    assert.notEqual(otherNet, a, '203.0.113.7 is another /24');
  });

  it('with IP_HASH_SALT, is the same after two restarts of the site; without it, a restart changes it', async () => {
    const valuesAcrossRestarts = async (salt: Record<string, string>) => {
      const databasePath = join(testTempDir('ip-hash-'), 'leads.db');
      for (let run = 0; run < 3; run += 1) {
        const s = await leadSite({
          sms: false,
          email: false,
          env: { TRUST_PROXY: 'loopback', DATABASE_PATH: databasePath, ...salt },
        });
        await post(s, '198.51.100.7');
        await s.close(); // the next run opens the same database, as a restarted server does
      }
      return readLeadRowsAt(databasePath).map((r) => r.ip_hash);
    };
    const salted = await valuesAcrossRestarts({ IP_HASH_SALT: 'a-long-random-operator-secret' });
    assert.equal(salted.length, 3);
    assert.match(salted[0] ?? '', /^[0-9a-f]{32}$/);
    assert.deepEqual(salted, [salted[0], salted[0], salted[0]], 'start, restart, restart: one value');
    const unsalted = await valuesAcrossRestarts({});
    assert.equal(new Set(unsalted).size, 3, 'a key held in memory only is new after each restart');
  });
});
