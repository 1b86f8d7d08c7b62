/**
 * The owner's uploads in a real SQLite file with real sharp: an upload stores the image and puts it
 * in the draft (the photo keeps its alt text; publishing waits for one), the published page is
 * untouched until he publishes; a refused or stale upload stores nothing and leaves the draft as it
 * was. Revisions stored before the video's thumbnail field existed still satisfy the schema.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pino from 'pino';
import { NOT_AN_IMAGE } from '../../src/contract/images';
import type { Content } from '../../src/content/schema';
import type { Actor } from '../../src/ownerActions/activity';
import { openServices } from '../../src/services/services';
import { edited } from '../support/contentEdits';
import { testConfig } from '../support/site';
import { tempDir } from '../support/tempDirs';
import { jpegWithGps, NOT_IMAGES, png } from '../support/testImages';

const PHONE: Actor = { via: 'inbox', device: 'Chrome on Android' };

function open(path = join(tempDir('images-'), 'leads.db')) {
  const services = openServices(testConfig({ DATABASE_PATH: path }), pino({ level: 'silent' }));
  after(() => services.close(0));
  return { services, owner: services.owner, path };
}

const photoOf = (content: unknown) => (content as Content).hero.photo;

describe("the owner's uploads", () => {
  it('puts an uploaded photo in the draft only, with an empty alt text that publishing asks for', async () => {
    const { owner } = open();
    const published = owner.content.published();
    const uploaded = await owner.images.upload(PHONE, { bytes: await jpegWithGps(), target: 'photo', basedOn: 0 });
    assert.equal(uploaded.kind, 'uploaded');
    if (uploaded.kind !== 'uploaded') return;
    assert.equal(uploaded.version, 1);
    assert.deepEqual(photoOf(owner.content.draft().content), { id: uploaded.id, alt: { en: '' } });
    assert.deepEqual(owner.content.published(), published, 'the page is unchanged');
    assert.deepEqual(owner.images.count(), { images: 1, files: 13 });
    assert.deepEqual(
      uploaded.image.sources.jpeg.map((s) => s.width),
      [400, 600, 800, 1200],
    );
    assert.deepEqual(owner.images.draftImages().photo, uploaded.image);
    assert.deepEqual(owner.images.imageSets([uploaded.id, 'no-such-image']), { [uploaded.id]: uploaded.image });

    const refused = owner.content.publish(PHONE);
    assert.equal(refused.kind, 'invalid');
    assert.deepEqual(refused.kind === 'invalid' ? refused.errors.map((e) => e.path) : [], ['hero.photo.alt.en']);
    const alt = { en: 'Anna on stage at Web Summit' };
    const draft = owner.content.draft();
    owner.content.saveDraft(PHONE, edited('hero.photo.alt', alt, draft.content), draft.version);
    assert.equal(owner.content.publish(PHONE).kind, 'published');
    assert.deepEqual(photoOf(owner.content.published().content), { id: uploaded.id, alt });

    // A new photo keeps the alt text he wrote.
    const again = await owner.images.upload(PHONE, { bytes: await png(), target: 'photo', basedOn: 2 });
    assert.equal(again.kind, 'uploaded');
    assert.deepEqual(photoOf(owner.content.draft().content), { id: again.kind === 'uploaded' ? again.id : '', alt });
  });

  it('stores the same file uploaded twice once', async () => {
    const { owner } = open();
    const bytes = await png();
    const first = await owner.images.upload(PHONE, { bytes, target: 'photo', basedOn: 0 });
    const second = await owner.images.upload(PHONE, { bytes, target: 'photo', basedOn: 1 });
    assert.ok(first.kind === 'uploaded' && second.kind === 'uploaded');
    assert.equal(second.id, first.id);
    assert.equal(owner.content.draft().version, 2);
    assert.equal(owner.images.count().images, 1);
  });

  it('puts an uploaded thumbnail in the draft', async () => {
    const { owner } = open();
    const uploaded = await owner.images.upload(PHONE, { bytes: await png(1280, 720), target: 'thumbnail', basedOn: 0 });
    assert.equal(uploaded.kind, 'uploaded');
    const draft = owner.content.draft().content as Content;
    assert.equal(draft.video.thumbnail, uploaded.kind === 'uploaded' ? uploaded.id : '');
    assert.deepEqual(uploaded.kind === 'uploaded' ? uploaded.image.sources.webp.map((s) => s.width) : [], [480, 960]);
    assert.equal(owner.content.publish(PHONE).kind, 'published');
  });

  it('writes a line of activity for each upload', async () => {
    const { owner, services } = open();
    await owner.images.upload(PHONE, { bytes: await png(), target: 'photo', basedOn: 0 });
    await owner.images.upload(PHONE, { bytes: await png(), target: 'thumbnail', basedOn: 1 });
    const lines = services.db
      .prepare<[], { action: string; detail: string; source: string }>(
        'SELECT action, detail, source FROM owner_activity ORDER BY id',
      )
      .all();
    assert.deepEqual(lines, [
      { action: 'content-saved', detail: 'draft version 1, 1 error', source: 'inbox, Chrome on Android' },
      { action: 'content-photo', detail: '900×1200, into draft version 1', source: 'inbox, Chrome on Android' },
      { action: 'content-saved', detail: 'draft version 2, 1 error', source: 'inbox, Chrome on Android' },
      { action: 'content-thumbnail', detail: '900×1200, into draft version 2', source: 'inbox, Chrome on Android' },
    ]);
  });

  it('stores nothing and leaves the draft as it was for a refused upload', async () => {
    const { owner } = open();
    const draft = owner.content.draft();
    for (const bytes of [...Object.values(NOT_IMAGES), Buffer.alloc(0)]) {
      const outcome = await owner.images.upload(PHONE, { bytes, target: 'photo', basedOn: 0 });
      assert.equal(outcome.kind, 'refused');
    }
    assert.deepEqual(
      await owner.images.upload(PHONE, { bytes: NOT_IMAGES['a PDF'] as Buffer, target: 'thumbnail', basedOn: 0 }),
      {
        kind: 'refused',
        error: NOT_AN_IMAGE,
        tooLarge: false,
      },
    );
    assert.deepEqual(owner.content.draft(), draft);
    assert.deepEqual(owner.images.count(), { images: 0, files: 0 });
  });

  it('refuses an upload based on an older draft, storing nothing', async () => {
    const { owner } = open();
    const draft = owner.content.draft();
    owner.content.saveDraft(PHONE, draft.content, 0);
    const outcome = await owner.images.upload(PHONE, { bytes: await png(), target: 'photo', basedOn: 0 });
    assert.equal(outcome.kind, 'stale');
    assert.equal(owner.content.draft().version, 1);
    assert.deepEqual(owner.images.count(), { images: 0, files: 0 });
  });
});

describe("the video's thumbnail field", () => {
  it('a revision stored without it still satisfies the schema, and publishing the same content again changes nothing', async () => {
    const path = join(tempDir('images-'), 'leads.db');
    const first = openServices(testConfig({ DATABASE_PATH: path }), pino({ level: 'silent' }));
    await first.close(0);
    const db = new Database(path);
    const stored = JSON.parse(db.prepare<[], { body: string }>('SELECT body FROM content_revisions').get()?.body ?? '');
    delete stored.video.thumbnail;
    db.prepare('UPDATE content_revisions SET body = ? WHERE id = 1').run(JSON.stringify(stored));
    db.close();
    const { owner } = open(path);
    assert.equal(owner.content.published().revision, 1);
    assert.equal(owner.content.published().content.video.thumbnail, null);
    assert.deepEqual(owner.content.publish(PHONE), { kind: 'unchanged', revision: 1 });
  });
});
