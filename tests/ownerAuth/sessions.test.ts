/**
 * The owner's sessions on their own, on a real SQLite file and a clock the test moves: a session opens with its
 * id and nothing else (the file holds the id's SHA-256), ends when unused for the idle time or at its maximum age
 * to the millisecond, notes its last use at most once a minute, carries one form token, leaves a notice once, and
 * is carried by a cookie whose every attribute is pinned for plain http and for https.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createSessions } from '../../src/ownerAuth/sessions';
import { createSessionsTable } from '../../src/ownerAuth/sessionsTable';
import { openDatabase } from '../../src/storage/database';
import { tempDir } from '../support/tempDirs';

const START = Date.parse('2026-11-28T09:00:00.000Z');
const IDLE_MS = 2 * 3_600_000;
const MAX_MS = 30 * 86_400_000;

function rig(publicUrl = 'http://localhost:3000') {
  let clock = START;
  const table = createSessionsTable(openDatabase(join(tempDir('sessions-'), 'leads.db')));
  const sessions = createSessions({ table, publicUrl, idleMs: IDLE_MS, maxMs: MAX_MS, now: () => clock });
  return { sessions, table, at: (ms: number) => (clock = ms) };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe("the owner's sessions", () => {
  it('open with the id only the cookie holds; the file keeps its hash', () => {
    const { sessions, table } = rig();
    const id = sessions.create('Chrome on Android', 'passkey', 'pk-1');
    assert.match(id, /^[\w-]{43}$/, '256 random bits in base64url');
    const session = sessions.validate(id);
    assert.equal(session?.key, sha256(id));
    assert.equal(session?.device, 'Chrome on Android');
    assert.equal(session?.via, 'passkey');
    assert.equal(session?.passkeyId, 'pk-1');
    assert.equal(table.get(id), undefined, 'the id itself is not stored');
    assert.notEqual(sessions.create('Safari on iPhone', 'link'), id, 'each session its own id');
  });

  it('refuse an id of the wrong length, or none, without a lookup', () => {
    const { sessions } = rig();
    sessions.create('Chrome', 'link');
    for (const id of [undefined, '', 'x'.repeat(39), 'x'.repeat(65)])
      assert.equal(sessions.validate(id), undefined, String(id?.length));
    assert.equal(sessions.validate('x'.repeat(40)), undefined, 'a well-formed id of no session');
  });

  it('end when unused for the idle time, to the millisecond, and are deleted then', () => {
    const { sessions, table, at } = rig();
    const id = sessions.create('Chrome', 'link');
    at(START + IDLE_MS - 1);
    assert.ok(sessions.validate(id), 'one millisecond before');
    at(START + IDLE_MS - 1 + IDLE_MS);
    assert.equal(sessions.validate(id), undefined, 'idle for the whole idle time since it was last used');
    assert.equal(table.get(sha256(id)), undefined, 'deleted');
  });

  it('end at their maximum age however busy', () => {
    const { sessions, at } = rig();
    const id = sessions.create('Chrome', 'link');
    for (let t = START + 3_600_000; t < START + MAX_MS; t += 3_600_000) {
      at(t);
      assert.ok(sessions.validate(id), new Date(t).toISOString());
    }
    at(START + MAX_MS - 1);
    assert.ok(sessions.validate(id));
    at(START + MAX_MS);
    assert.equal(sessions.validate(id), undefined);
  });

  it('note their last use at most once a minute', () => {
    const { sessions, at } = rig();
    const id = sessions.create('Chrome', 'link');
    at(START + 59_999);
    assert.equal(sessions.validate(id)?.lastSeenAt, new Date(START).toISOString());
    at(START + 60_000);
    sessions.validate(id);
    at(START + 90_000);
    sessions.validate(id);
    at(START + 90_001);
    assert.equal(sessions.validate(id)?.lastSeenAt, new Date(START + 60_000).toISOString(), 'not at 90 s');
  });

  it('list the valid ones, newest first', () => {
    const { sessions, at } = rig();
    const old = sessions.create('Old laptop', 'link');
    at(START + IDLE_MS / 2);
    sessions.create('Phone', 'passkey', 'pk-1');
    at(START + IDLE_MS / 2 + 1);
    const tablet = sessions.create('Tablet', 'link');
    at(START + IDLE_MS + 1_000);
    assert.deepEqual(
      sessions.list().map((s) => s.device),
      ['Tablet', 'Phone'],
      'the old laptop was idle too long',
    );
    assert.equal(sessions.validate(old), undefined);
    assert.equal(sessions.keyOf(tablet), sha256(tablet));
  });

  it('carry one form token each, which no other session and nothing else matches', () => {
    const { sessions } = rig();
    const mine = sessions.validate(sessions.create('Phone', 'passkey'));
    const other = sessions.validate(sessions.create('Laptop', 'link'));
    assert.ok(mine && other);
    assert.match(mine.csrf, /^[\w-]{43}$/);
    assert.equal(sessions.csrfMatches(mine, mine.csrf), true);
    for (const token of [other.csrf, mine.csrf.slice(0, -1), `${mine.csrf}x`, '', undefined, 42, [mine.csrf]])
      assert.equal(sessions.csrfMatches(mine, token), false, String(token));
  });

  it('give a notice once, on the next page', () => {
    const { sessions } = rig();
    const id = sessions.create('Phone', 'passkey');
    const key = sessions.keyOf(id);
    sessions.leaveNotice(key, 'The lead is marked as replied.');
    const first = sessions.validate(id);
    assert.ok(first);
    assert.equal(sessions.takeNotice(first), 'The lead is marked as replied.');
    const second = sessions.validate(id);
    assert.ok(second);
    assert.equal(second.notice, null);
    assert.equal(sessions.takeNotice(second), undefined);
  });
});

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Lax on /owner over plain http, for the maximum age', () => {
    const { cookie } = rig('http://localhost:3000').sessions;
    assert.equal(cookie.name, 'owner_session');
    assert.equal(cookie.set('ID'), 'owner_session=ID; Max-Age=2592000; Path=/owner; HttpOnly; SameSite=Lax');
    assert.equal(cookie.clear(), 'owner_session=; Max-Age=0; Path=/owner; HttpOnly; SameSite=Lax');
  });

  it('takes the __Host- prefix behind https: Secure, on every path', () => {
    const { cookie } = rig('https://strategist.example').sessions;
    assert.equal(cookie.name, '__Host-owner_session');
    assert.equal(cookie.set('ID'), '__Host-owner_session=ID; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax; Secure');
    assert.equal(cookie.clear(), '__Host-owner_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure');
  });
});
