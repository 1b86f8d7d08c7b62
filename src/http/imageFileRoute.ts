/**
 * The uploaded images' files, from the database, at /assets/<content-hashed name>: a name never
 * changes what it names, so each is cached for a year without asking again. The built files under
 * /assets/ are answered before (staticPages.ts); a name that is neither is the 404 page. Nothing is
 * kept in memory here: a file is one read by primary key, and SQLite's and the OS's caches hold the
 * few files a page names.
 */
import fresh from 'fresh';
import type { RequestHandler } from 'express';
import type { Owner } from '../services/owner';

const IMMUTABLE = 'public, max-age=31536000, immutable';

// The names resize.ts gives: purpose, size, 22 characters of the content's hash, extension.
const NAME = /^\/assets\/((?:photo|thumbnail)-(?:full|\d{1,5}w)-([A-Za-z0-9_-]{22})\.(?:jpg|png|webp|avif))$/;

export function imageFileRoute(images: Pick<Owner['images'], 'file'>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = NAME.exec(req.path);
    const file = match ? images.file(match[1] as string) : undefined;
    if (!match || !file) return next();
    const etag = `"${match[2]}"`;
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('ETag', etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (fresh(req.headers, { etag })) return void res.status(304).end();
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.bytes.length));
    res.status(200).end(req.method === 'HEAD' ? undefined : file.bytes);
  };
}
