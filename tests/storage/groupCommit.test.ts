/**
 * Group commit on a real SQLite file: writes asked for in one turn share one
 * transaction, yet each caller gets its own result or its own error, and a
 * group that cannot commit stores nothing and tells every caller.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/storage/database';
import { groupCommit } from '../../src/storage/groupCommit';
import { tempDir } from '../support/tempDirs';

function notesDatabase() {
  const path = join(tempDir(), 'leads.db');
  const db = openDatabase(path);
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)');
  const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
  const texts = () => db.prepare('SELECT text FROM notes ORDER BY id').pluck().all() as string[];
  return { path, db, texts, write: (text: string) => Number(insert.run(text).lastInsertRowid) };
}

describe('groupCommit', () => {
  it('gives every write of one turn its own result, all stored', async () => {
    const { db, texts, write } = notesDatabase();
    try {
      const store = groupCommit(db, write);
      const ids = await Promise.all(['a', 'b', 'c'].map(store));
      assert.deepEqual(ids, [1, 2, 3]);
      assert.deepEqual(texts(), ['a', 'b', 'c']);
    } finally {
      db.close();
    }
  });

  it('commits the writes of one turn together: another connection sees none of them before the turn ends', async () => {
    const { path, db, write } = notesDatabase();
    const reader = new Database(path, { readonly: true });
    try {
      let commits = 0;
      const store = groupCommit(db, write, (run) =>
        setImmediate(() => {
          commits += 1;
          run();
        }),
      );
      const pending = ['a', 'b', 'c'].map(store);
      assert.equal(
        reader.prepare('SELECT count(*) FROM notes').pluck().get(),
        0,
        'nothing is written before the turn ends',
      );
      await Promise.all(pending);
      assert.equal(commits, 1, 'three writes of one turn, one commit');
      await store('d');
      assert.equal(commits, 2, 'a write of a later turn gets its own commit');
      assert.equal(reader.prepare('SELECT count(*) FROM notes').pluck().get(), 4);
    } finally {
      reader.close();
      db.close();
    }
  });

  it('undoes a failing write alone: its caller gets the error, the others are stored', async () => {
    const { db, texts } = notesDatabase();
    try {
      const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
      // The write inserts two rows; the second fails for "dup", so its first must be undone too.
      const store = groupCommit(db, (text: string) => {
        insert.run(`${text}-first`);
        insert.run(text === 'dup' ? 'a' : text);
        return text;
      });
      const results = await Promise.allSettled([store('a'), store('dup'), store('c')]);
      assert.deepEqual(
        results.map((r) => r.status),
        ['fulfilled', 'rejected', 'fulfilled'],
      );
      assert.match(String((results[1] as PromiseRejectedResult).reason), /UNIQUE constraint failed/);
      assert.deepEqual(texts(), ['a-first', 'a', 'c-first', 'c']);
    } finally {
      db.close();
    }
  });

  it('rejects every write of a group that cannot take the lock, stores none, and recovers on the next turn', async () => {
    const { path, db, texts, write } = notesDatabase();
    db.pragma('busy_timeout = 50');
    const other = new Database(path);
    try {
      const store = groupCommit(db, write);
      other.exec('BEGIN IMMEDIATE');
      const results = await Promise.allSettled([store('a'), store('b')]);
      assert.deepEqual(
        results.map((r) => r.status),
        ['rejected', 'rejected'],
      );
      assert.match(String((results[0] as PromiseRejectedResult).reason), /database is locked/);
      other.exec('ROLLBACK');
      assert.deepEqual(texts(), []);
      assert.equal(await store('c'), 1);
      assert.deepEqual(texts(), ['c']);
    } finally {
      other.close();
      db.close();
    }
  });
});
