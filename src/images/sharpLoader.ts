/**
 * sharp, loaded on the first upload: its native library (libvips) and its caches would otherwise sit
 * in every server's memory from start-up, though an upload happens a few times a year. The page
 * renderer never needs it: the page only names files already stored.
 */
import type Sharp from 'sharp';
import { loadOnce } from '../lib/loadOnce';

export type SharpModule = typeof Sharp;

const sharp = loadOnce(async (): Promise<SharpModule> => {
  const { default: loaded } = await import('sharp');
  // A small operation cache and no open files kept: an upload is rare, and the memory it took
  // should go back once it is done. One libvips thread: the machine has two cores and serves pages.
  loaded.cache({ memory: 16, files: 0, items: 20 });
  loaded.concurrency(1);
  return loaded;
});

export const loadSharp = (): Promise<SharpModule> => sharp.get();

/** Whether sharp was loaded in this process (the tests check that start-up and rendering leave it out). */
export const sharpLoaded = (): boolean => sharp.started() !== undefined;
