/**
 * Every SQL statement on the images and image_files tables (src/storage/imagesMigration.ts). The
 * database's type is better-sqlite3's own: this layer imports nothing of the layers above it.
 */
import type { Database as Db } from 'better-sqlite3';
import type { ImageFile, ImagePurpose } from './resize';
import type { ImageFormat } from './imageFormat';

export interface ImageRow {
  id: string;
  purpose: ImagePurpose;
  width: number;
  height: number;
  created_at: string;
}

/** A file without its bytes: what a page needs to name it. */
export interface ImageFileRow {
  name: string;
  image_id: string;
  role: ImageFile['role'];
  format: ImageFormat;
  width: number;
  height: number;
}

export type ImagesTable = ReturnType<typeof createImagesTable>;

export function createImagesTable(db: Db) {
  const addImage = db.prepare<ImageRow>(
    'INSERT INTO images (id, purpose, width, height, created_at) VALUES (@id, @purpose, @width, @height, @created_at)',
  );
  const addFile = db.prepare<Omit<ImageFileRow, 'image_id'> & { image_id: string; bytes: Buffer }>(`
    INSERT INTO image_files (name, image_id, role, format, width, height, bytes)
    VALUES (@name, @image_id, @role, @format, @width, @height, @bytes)`);
  const filesOf = db.prepare<[string], ImageFileRow>(
    'SELECT name, image_id, role, format, width, height FROM image_files WHERE image_id = ? ORDER BY width, name',
  );
  const imageOf = db.prepare<[string], { image_id: string }>('SELECT image_id FROM image_files WHERE name = ?');
  const file = db.prepare<[string], { format: ImageFormat; bytes: Buffer }>(
    'SELECT format, bytes FROM image_files WHERE name = ?',
  );
  const count = db.prepare<[], { images: number; files: number }>(
    'SELECT (SELECT count(*) FROM images) AS images, (SELECT count(*) FROM image_files) AS files',
  );
  return {
    /** Stores an image with its files; in the caller's transaction. */
    add(image: ImageRow, files: readonly ImageFile[]): void {
      addImage.run(image);
      for (const f of files)
        addFile.run({
          name: f.name,
          image_id: image.id,
          role: f.role,
          format: f.format,
          width: f.width,
          height: f.height,
          bytes: f.bytes,
        });
    },
    /** An image's files without their bytes, narrowest first. */
    filesOf: (id: string): ImageFileRow[] => filesOf.all(id),
    /** The image a file belongs to, by the file's name; undefined when no such file is stored. */
    imageOf: (name: string): string | undefined => imageOf.get(name)?.image_id,
    /** One file's format and bytes by its name; undefined when there is none. */
    file: (name: string) => file.get(name),
    count: () => count.get() as { images: number; files: number },
  };
}
