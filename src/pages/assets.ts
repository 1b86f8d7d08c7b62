/**
 * The built browser files. scripts/build.mjs writes them with content-hashed names and a manifest mapping each
 * entry to its file; pages link to the hashed names so the files can be cached forever.
 */
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

export interface AssetFile {
  body: Buffer;
  contentType: string;
}

export interface Assets {
  /** Public URL of each entry, e.g. { 'site.css': '/assets/site-3F2A9C.css' }. */
  urls: Record<string, string>;
  /** Every servable file by its URL path. Nothing outside this map is ever read from disk. */
  files: Map<string, AssetFile>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};

interface Manifest {
  entries: Record<string, string>;
  files: string[];
}

export function loadAssets(dir: string): Assets {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new Error(`No built assets in ${dir}: run "npm run build" first.`);
  }
  const urls = Object.fromEntries(Object.entries(manifest.entries).map(([entry, file]) => [entry, `/assets/${file}`]));
  const files = new Map<string, AssetFile>();
  for (const name of manifest.files) {
    const contentType = CONTENT_TYPES[extname(name)];
    if (contentType) files.set(`/assets/${name}`, { body: readFileSync(join(dir, name)), contentType });
  }
  return { urls, files };
}

export function assetUrl(assets: Assets, entry: string): string {
  const url = assets.urls[entry];
  if (!url) throw new Error(`The asset manifest has no entry "${entry}": run "npm run build".`);
  return url;
}
