/**
 * sharp, loaded by the image process (src/images/imageWorker.ts) for its one upload: its native
 * library (libvips) never sits in the server's memory, though an upload happens a few times a year.
 * The page renderer never needs it: the page only names files already stored.
 */
import type Sharp from 'sharp';
import { loadOnce } from '../lib/loadOnce';

export type SharpModule = typeof Sharp;

const sharp = loadOnce(async (): Promise<SharpModule> => {
  const { default: loaded } = await import('sharp');
  // No operation cache: the process makes one upload's files and exits. One libvips thread: the
  // machine has two cores and the server goes on serving pages meanwhile.
  loaded.cache(false);
  loaded.concurrency(1);
  return loaded;
});

export const loadSharp = (): Promise<SharpModule> => sharp.get();

/** Whether sharp was loaded in this process (the tests check that the server never loads it). */
export const sharpLoaded = (): boolean => sharp.started() !== undefined;
