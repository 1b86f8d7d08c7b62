/**
 * Version 14, apart from the list in migrations.ts for its length. The uploaded images (the owner's
 * photo, the video's thumbnail) live in the database with the leads and the content: one file to back
 * up and copy, and the content's revisions never point at a file that is not there. Each image keeps
 * its purpose and the upload's size (after its EXIF orientation is applied); each of its files its
 * content-hashed name (the URL it is served at), role (the full-size copy or a variant the page
 * uses), format, size and bytes. Nothing of the upload as it came is kept: every file is re-encoded,
 * without its metadata.
 */
export const IMAGES = `
  CREATE TABLE images (
    id TEXT PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('photo', 'thumbnail')),
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE TABLE image_files (
    name TEXT PRIMARY KEY,
    image_id TEXT NOT NULL REFERENCES images (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('full', 'variant')),
    format TEXT NOT NULL CHECK (format IN ('jpeg', 'png', 'webp', 'avif')),
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    bytes BLOB NOT NULL
  ) STRICT;
  CREATE INDEX image_files_image ON image_files (image_id);
`;
