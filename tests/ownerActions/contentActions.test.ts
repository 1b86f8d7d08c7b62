/**
 * The page's content as revisions in a real SQLite file: the first open publishes the shipped
 * content as revision 1; a draft that fails the schema is saved but not published; a save based on
 * an older version is refused and both texts are kept; a publish adds a revision naming the fields
 * it changed; restore copies an old revision into the draft; an invalid newest revision is skipped
 * for the last valid one, and the log says why.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import { shippedContent } from '../../src/content/defaults';
import type { Content } from '../../src/content/schema';
import { CLI, createActivity, type Actor } from '../../src/ownerActions/activity';
import { createActivityTable } from '../../src/ownerActions/activityTable';
import { createContentActions, SHIPPED_BY } from '../../src/ownerActions/contentActions';
import { openServices } from '../../src/services/services';
import { openDatabase } from '../../src/storage/database';
import { edited } from '../support/contentEdits';
import { testConfig } from '../support/site';
import { tempDir } from '../support/tempDirs';

const PHONE: Actor = { via: 'inbox', device: 'Chrome on Android' };
const LAPTOP: Actor = { via: 'inbox', device: 'Firefox on Linux' };

function openContent(path = join(tempDir('content-'), 'leads.db')) {
  const db = openDatabase(path);
  const logs: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const activity = createActivity(createActivityTable(db), Date.now);
  const content = createContentActions({ db, activity, logger: pino({ level: 'info' }, stream), now: Date.now });
  content.ensurePublished();
  return { db, content, activity, logs, path };
}

const title = (content: unknown, i = 0) => (content as Content).services[i]?.title.en;

describe('content revisions', () => {
  it('the first open publishes the shipped content as revision 1, once', () => {
    const path = join(tempDir('content-'), 'leads.db');
    for (let open = 0; open < 2; open++) {
      const services = openServices(testConfig({ DATABASE_PATH: path }), pino({ level: 'silent' }));
      try {
        assert.equal(services.content.latestRevision(), 1);
        const [first, ...older] = services.content.history();
        assert.deepEqual(services.content.published(), {
          revision: 1,
          content: shippedContent,
          publishedAt: first?.publishedAt,
          skipped: [],
        });
        assert.deepEqual(older, []);
        assert.equal(first?.publishedBy, 'the shipped content');
        assert.deepEqual(first?.changed, []);
        assert.deepEqual(services.content.draft(), {
          version: 0,
          content: shippedContent,
          savedAt: null,
          savedBy: null,
        });
      } finally {
        void services.close(0);
      }
    }
  });

  it('refuses a save based on an older version, and keeps both texts', () => {
    const { content } = openContent();
    const base = content.draft().version;
    const fromPhone = edited('services.0.title.en', 'Go-to-market plans', content.draft().content);
    const fromLaptop = edited('services.0.title.en', 'Sales engines', content.draft().content);
    assert.deepEqual(content.saveDraft(PHONE, fromPhone, base), { kind: 'saved', version: 1, errors: [] });
    const stale = content.saveDraft(LAPTOP, fromLaptop, base);
    assert.equal(stale.kind, 'stale');
    assert.equal(stale.kind === 'stale' && title(stale.stored.content), 'Go-to-market plans', "the phone's text");
    assert.equal(stale.kind === 'stale' && stale.stored.version, 1);
    assert.equal(title(fromLaptop), 'Sales engines', "the laptop's text is the caller's still");
    assert.equal(title(content.draft().content), 'Go-to-market plans', 'nothing overwritten');
    // Based on the version it was shown, the laptop's save goes through.
    assert.equal(content.saveDraft(LAPTOP, fromLaptop, 1).kind, 'saved');
    assert.equal(title(content.draft().content), 'Sales engines');
    assert.equal(content.published().revision, 1, 'a save publishes nothing');
  });

  it('saves an invalid draft, and refuses to publish it with each field path', () => {
    const { content, activity } = openContent();
    const long = 'A title far longer than the forty characters a card holds';
    const draft = edited('hero.headline', undefined, edited('services.2.title.en', long));
    const saved = content.saveDraft(PHONE, draft, 0);
    assert.equal(saved.kind, 'saved');
    assert.deepEqual(saved.kind === 'saved' && saved.errors.map((e) => e.path), [
      'hero.headline',
      'services.2.title.en',
    ]);
    assert.match(
      saved.kind === 'saved' ? (saved.errors[1]?.message ?? '') : '',
      /^Service 3: the title is 57 characters; at most 40$/,
    );
    assert.deepEqual(content.draft().content, draft, 'stored as typed');
    const refused = content.publish(PHONE);
    assert.equal(refused.kind, 'invalid');
    assert.deepEqual(refused.kind === 'invalid' && refused.errors.map((e) => e.path), [
      'hero.headline',
      'services.2.title.en',
    ]);
    assert.equal(content.latestRevision(), 1, 'nothing published');
    assert.deepEqual(
      activity.latest(5).map((line) => line.action),
      ['content-saved'],
    );
  });

  it('a publish adds a revision with the changed paths and who published it; the draft stays', () => {
    const { content, activity } = openContent();
    const base = content.draft().content;
    const changed = edited(
      'hero.headline.en',
      'Sell abroad',
      edited('conferences', [...shippedContent.conferences, shippedContent.conferences[0]], base),
    );
    assert.equal(content.saveDraft(PHONE, changed, 0).kind, 'saved');
    const outcome = content.publish(PHONE);
    const added = `conferences.${shippedContent.conferences.length}`;
    assert.deepEqual(outcome, {
      kind: 'published',
      revision: 2,
      changed: ['hero.headline.en', added],
      offered: ['en', 'pt', 'es'],
      lacking: [],
    });
    assert.equal(content.latestRevision(), 2);
    assert.equal(content.published().content.hero.headline.en, 'Sell abroad');
    const [newest] = content.history();
    assert.equal(newest?.revision, 2);
    assert.equal(newest?.publishedBy, 'inbox, Chrome on Android');
    assert.deepEqual(newest?.changed, ['hero.headline.en', added]);
    assert.equal(content.draft().version, 1, 'the draft stays, its version kept');
    assert.deepEqual(
      content.publish(PHONE),
      { kind: 'unchanged', revision: 2 },
      'the same content twice is one revision',
    );
    const [line] = activity.latest(1);
    assert.equal(line?.action, 'content-published');
    assert.equal(line?.detail, 'revision 2: 2 fields changed');
    assert.equal(line?.source, 'inbox, Chrome on Android');
  });

  it('restore copies an old revision into the draft; publishing it adds a revision and rewrites none', () => {
    const { content, activity } = openContent();
    assert.equal(content.saveDraft(PHONE, edited('services.1.title.en', 'Changed'), 0).kind, 'saved');
    assert.equal(content.publish(PHONE).kind, 'published');
    assert.equal(content.restore(CLI, 7), undefined, 'no such revision');
    const restored = content.restore(CLI, 1);
    assert.deepEqual(restored, { kind: 'saved', version: 2, errors: [] });
    assert.deepEqual(content.draft().content, shippedContent);
    assert.equal(content.published().revision, 2, 'restore publishes nothing');
    assert.deepEqual(content.publish(CLI), {
      kind: 'published',
      revision: 3,
      changed: ['services.1.title.en'],
      offered: ['en', 'pt', 'es'],
      lacking: [],
    });
    assert.deepEqual(content.published(), {
      revision: 3,
      content: shippedContent,
      publishedAt: content.history()[0]?.publishedAt,
      skipped: [],
    });
    assert.deepEqual(
      content.history().map((h) => [h.revision, h.publishedBy]),
      [
        [3, 'command line'],
        [2, 'inbox, Chrome on Android'],
        [1, SHIPPED_BY],
      ],
    );
    assert.deepEqual(
      activity.latest(3).map((line) => [line.action, line.detail, line.source]),
      [
        ['content-published', 'revision 3: 1 field changed', 'command line'],
        ['content-restored', 'revision 1 into the draft (version 2)', 'command line'],
        ['content-published', 'revision 2: 1 field changed', 'inbox, Chrome on Android'],
      ],
    );
  });

  it('an invalid newest revision (a newer release wrote it, or a hand) falls back to the last valid one, logged at error', () => {
    const { db, content, logs } = openContent();
    assert.equal(content.saveDraft(PHONE, edited('services.0.title.en', 'Valid'), 0).kind, 'saved');
    assert.equal(content.publish(PHONE).kind, 'published');
    db.prepare(
      "INSERT INTO content_revisions (published_at, published_by, body, changed) VALUES ('2030-01-01T00:00:00.000Z', 'a hand', ?, '[]')",
    ).run(JSON.stringify(edited('services', [])));
    assert.equal(content.latestRevision(), 3);
    const served = content.published();
    assert.equal(served.revision, 2);
    assert.deepEqual(
      served.skipped.map((skip) => [skip.revision, skip.errors[0]?.message]),
      [[3, 'Services: at least 3; there are 0']],
      'the revision not served, with why',
    );
    assert.equal(title(served.content), 'Valid');
    const errors = logs.filter((line) => line.level === 50);
    assert.equal(errors.length, 1);
    assert.match(errors[0]?.msg ?? '', /content revision 3 does not satisfy the schema/);
    content.published();
    assert.equal(logs.filter((line) => line.level === 50).length, 1, 'logged once per new revision, not per read');
  });
});
