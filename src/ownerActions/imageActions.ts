/**
 * The owner's uploads: his photo for the hero and the video's thumbnail. An upload is checked and
 * processed first (src/images/resize.ts: it takes a second or two, outside any transaction); then
 * one transaction stores the image and puts it in the draft, so a refused or stale upload stores
 * nothing and the public page changes only when the draft is published. Also the reads the page
 * and the editor need: an image's files by the ids the content names, and one file's bytes.
 */
import { randomBytes } from 'node:crypto';
import type { ImageSet, ImageSets } from '../contract/images';
import { createImagesTable } from '../images/imagesTable';
import { IMAGE_TYPES, imageSetOf } from '../images/imageSets';
import { processImage } from '../images/imageProcess';
import type { ImageFile, ImagePurpose } from '../images/resize';
import { iso } from '../lib/time';
import type { Db } from '../storage/database';
import type { Activity, Actor } from './activity';
import type { ContentActions, Draft } from './contentActions';
import { isRecord } from '../content/records';

export type UploadTarget = 'photo' | 'thumbnail';

export interface Upload {
  bytes: Buffer;
  target: UploadTarget;
  /** The draft's version the owner's page showed: an older one is refused (the draft changed meanwhile). */
  basedOn: number;
}

export type Uploaded =
  | { kind: 'uploaded'; id: string; version: number; image: ImageSet }
  | { kind: 'refused'; error: string; tooLarge: boolean }
  | { kind: 'stale'; stored: Draft };

export interface ImageActionsDeps {
  db: Db;
  activity: Activity;
  content: ContentActions;
  now: () => number;
}

export const NO_SECTION: Record<UploadTarget, string> = {
  photo: 'The draft has no hero section to put the photo in. Restore a revision into the draft, then upload again.',
  thumbnail:
    'The draft has no video section to put the thumbnail in. Restore a revision into the draft, then upload again.',
};

/** The draft with the image in its place (the photo keeps the alt text it had), or undefined when the section is missing. */
function withImage(content: unknown, target: UploadTarget, id: string): unknown {
  const next = structuredClone(content);
  if (!isRecord(next)) return undefined;
  const section = next[target === 'photo' ? 'hero' : 'video'];
  if (!isRecord(section)) return undefined;
  if (target === 'thumbnail') section.thumbnail = id;
  else {
    // An empty alt text until he writes one: the draft is saved, and publishing asks for it.
    const alt = isRecord(section.photo) && isRecord(section.photo.alt) ? section.photo.alt : { en: '' };
    section.photo = { id, alt };
  }
  return next;
}

/** The ids of the images the content names, by what each is. */
function imagesNamed(content: unknown): { photo?: string; thumbnail?: string } {
  if (!isRecord(content)) return {};
  const { hero, video } = content;
  const photo = isRecord(hero) && isRecord(hero.photo) ? hero.photo.id : undefined;
  const thumbnail = isRecord(video) ? video.thumbnail : undefined;
  return {
    photo: typeof photo === 'string' ? photo : undefined,
    thumbnail: typeof thumbnail === 'string' ? thumbnail : undefined,
  };
}

/** The ids of the images the content names. */
export const imageIdsOf = (content: unknown): string[] =>
  Object.values(imagesNamed(content)).filter((id): id is string => id !== undefined);

export function createImageActions({ db, activity, content, now }: ImageActionsDeps) {
  const table = createImagesTable(db);

  function imageSets(ids: readonly string[]): ImageSets {
    const sets: Record<string, ImageSet> = {};
    for (const id of ids) {
      const set = imageSetOf(table.filesOf(id));
      if (set) sets[id] = set;
    }
    return sets;
  }

  const store = db.transaction(
    (
      actor: Actor,
      { target, basedOn }: Upload,
      processed: Extract<Awaited<ReturnType<typeof processImage>>, { ok: true }>,
    ): Uploaded => {
      const stored = content.draft();
      if (basedOn !== stored.version) return { kind: 'stale', stored };
      // The same file uploaded again has the same content-hashed names: it is the image already stored.
      const full = processed.files.find((f) => f.role === 'full') as ImageFile;
      const known = table.imageOf(full.name);
      const id = known ?? randomBytes(12).toString('base64url');
      const next = withImage(stored.content, target, id);
      if (next === undefined) return { kind: 'refused', error: NO_SECTION[target], tooLarge: false };
      const purpose: ImagePurpose = target;
      if (known === undefined)
        table.add(
          { id, purpose, width: processed.width, height: processed.height, created_at: iso(now()) },
          processed.files,
        );
      const saved = content.saveDraft(actor, next, basedOn);
      // Checked above in this same transaction: the draft cannot have moved on since.
      if (saved.kind !== 'saved') throw new Error('the draft changed inside its transaction');
      activity.record(
        actor,
        target === 'photo' ? 'content-photo' : 'content-thumbnail',
        `${processed.width}×${processed.height}, into draft version ${saved.version}`,
      );
      return { kind: 'uploaded', id, version: saved.version, image: imageSetOf(table.filesOf(id)) as ImageSet };
    },
  );

  return {
    /**
     * Checks and processes the upload, then stores it and puts it in the draft, in one transaction;
     * a refusal (its sentence) or a stale draft stores nothing.
     */
    async upload(actor: Actor, upload: Upload): Promise<Uploaded> {
      const before = content.draft();
      if (upload.basedOn !== before.version) return { kind: 'stale', stored: before };
      const processed = await processImage(upload.bytes, upload.target);
      if (!processed.ok) return { kind: 'refused', error: processed.error, tooLarge: processed.tooLarge };
      return store.immediate(actor, upload, processed);
    },
    /** The stored images by id, for the ids given (an id with no stored image is left out). */
    imageSets,
    /** The stored images the content names (its photo, its video thumbnail), by id: what the page renders. */
    imageSetsOf: (content: unknown): ImageSets => imageSets(imageIdsOf(content)),
    /** The draft's photo and thumbnail, for the editor; each undefined when the draft has none (or it is not stored). */
    draftImages(): { photo?: ImageSet; thumbnail?: ImageSet } {
      const draft = content.draft().content;
      const { photo, thumbnail } = imagesNamed(draft);
      const sets = imageSets(imageIdsOf(draft));
      return {
        photo: photo === undefined ? undefined : sets[photo],
        thumbnail: thumbnail === undefined ? undefined : sets[thumbnail],
      };
    },
    /** A stored file to serve, by its hashed name: its Content-Type and bytes; undefined when there is none. */
    file(name: string): { contentType: string; bytes: Buffer } | undefined {
      const row = table.file(name);
      return row && { contentType: IMAGE_TYPES[row.format], bytes: row.bytes };
    },
    /** How many images and files are stored (the tests check a refusal stores none). */
    count: () => table.count(),
  };
}

export type ImageActions = ReturnType<typeof createImageActions>;
