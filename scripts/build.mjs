// Builds everything the server needs: the browser files (content-hashed, with
// a manifest the pages read) and the server bundle in dist/. Run by
// `npm run build`, `npm test` and the Dockerfile; `npm start` runs it with
// --if-stale; `npm run dev` reuses the options.
//
// esbuild is a dev dependency: it is imported only when a build must run, so
// `npm start` works after `npm prune --omit=dev` as long as dist/ was built from
// these sources (dist/sources.json records their content hashes).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const assetsDir = join(root, 'dist', 'public', 'assets');

/** Browser entry points: name in the manifest -> source file. */
export const clientEntries = {
  site: 'src/pages/styles.css',
  'not-found': 'client/not-found.ts',
  'lead-form': 'client/lead-form.tsx',
  'island-loader': 'client/island-loader.ts',
  inbox: 'src/pages/inbox/inbox.css',
  'owner-passkey': 'client/owner-passkey.ts',
};

/**
 * Web Worker scripts: name in the manifest -> source file. Built apart from the entries above,
 * each as one self-contained classic script (IIFE, no shared chunks, no import statements):
 * module workers are missing in Firefox < 114, and the build targets firefox100.
 */
export const workerEntries = {
  'proof-worker': 'client/proof-worker.ts',
};

/**
 * Packages stay in node_modules at run time, except lucide-react: bundled, only
 * the icons the pages draw are kept, where its package entry loads every icon
 * module at every start (the start-up target is 300 ms).
 */
const bundledPackages = new Set(['lucide-react']);
const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const externalPackages = Object.keys({ ...dependencies, ...devDependencies })
  .filter((name) => !bundledPackages.has(name))
  .flatMap((name) => [name, `${name}/*`]);

/** Node entry points bundled into dist/. */
export const serverEntries = {
  server: 'src/server.ts',
  cli: 'src/cli.ts',
  // Uploads are processed in a process of its own (src/images/imageProcess.ts).
  imageWorker: 'src/images/imageWorker.ts',
  // A calendar feed is read in a process of its own (src/booking/feedExpansion.ts).
  feedWorker: 'src/booking/feedWorker.ts',
};

const present = (entries) =>
  Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(join(root, file))));

export const clientOptions = {
  absWorkingDir: root,
  entryPoints: present(clientEntries),
  outdir: assetsDir,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
};

export const workerOptions = {
  ...clientOptions,
  entryPoints: present(workerEntries),
  splitting: false,
  format: 'iife',
};

export const serverOptions = {
  absWorkingDir: root,
  entryPoints: present(serverEntries),
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: externalPackages,
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'warning',
};

/** The latest metafile of each browser build, so a watcher rebuilding one still lists the other's files. */
const latest = { client: undefined, worker: undefined };

/**
 * manifest.json: { entries: { "site.css": "site-HASH.css", ... }, files: [every file of this build] }.
 * The server serves only the files listed, so stale files of earlier builds are never served.
 * Takes the metafile of the client build and of the worker build; one left undefined keeps the
 * one given last in this process (npm run dev's watchers rebuild each on its own).
 * Written last and renamed into place, so a server starting mid-build sees the old or the new build whole.
 */
export function writeManifest(clientMetafile, workerMetafile) {
  latest.client = clientMetafile ?? latest.client;
  latest.worker = workerMetafile ?? latest.worker;
  const sources = { ...clientOptions.entryPoints, ...workerOptions.entryPoints };
  const entries = {};
  const files = [];
  for (const metafile of [latest.client, latest.worker]) {
    for (const [file, output] of Object.entries(metafile?.outputs ?? {})) {
      files.push(basename(file));
      if (!output.entryPoint) continue;
      const entry = Object.entries(sources).find(([, src]) => src === output.entryPoint)?.[0];
      if (entry) entries[`${entry}${file.endsWith('.css') ? '.css' : '.js'}`] = basename(file);
    }
  }
  const path = join(assetsDir, 'manifest.json');
  writeFileSync(`${path}.tmp`, `${JSON.stringify({ entries, files }, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
  return entries;
}

/**
 * What a build is made from, part by part, as content hashes: every file under src/ and client/,
 * this script and tsconfig.json (esbuild's options), the dependency lists of package.json (which
 * packages stay external) and the package versions package-lock.json pins (React and lucide-react
 * are bundled into the browser files). Contents, never modification times: `npm prune` rewrites
 * package-lock.json with the same bytes, and a copy or a checkout changes every time.
 */
export function sourceParts() {
  const sha = (data) => createHash('sha256').update(data).digest('hex');
  const read = (file) => (existsSync(join(root, file)) ? readFileSync(join(root, file)) : '');
  const tree = (dir) =>
    sha(
      filesUnder(dir)
        .map((file) => `${file} ${sha(read(file))}\n`)
        .join(''),
    );
  const json = (file) => (existsSync(join(root, file)) ? JSON.parse(readFileSync(join(root, file), 'utf8')) : {});
  const pkg = json('package.json');
  const pinned = Object.entries(json('package-lock.json').packages ?? {}).map(
    ([path, entry]) => `${path}@${entry.version}`,
  );
  return {
    'src/': tree('src'),
    'client/': tree('client'),
    'scripts/build.mjs': sha(read('scripts/build.mjs')),
    'tsconfig.json': sha(read('tsconfig.json')),
    'package.json': sha(JSON.stringify([pkg.dependencies ?? {}, pkg.devDependencies ?? {}])),
    'package-lock.json': sha(pinned.sort().join('\n')),
  };
}

/** Files under a directory of the project, as sorted '/'-separated paths; editors' dot and backup files left out. */
function filesUnder(dir) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && !entry.name.endsWith('~'))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`]))
    .sort();
}

/** Where a build records the sourceParts() it was made from: written last, so only a complete build has one. */
export const recordPath = join(root, 'dist', 'sources.json');

/**
 * Why dist/ does not match the sources (a sentence), or undefined when it does: then `npm start`
 * needs no build, and no build tool.
 */
export function staleness() {
  if (![join(root, 'dist', 'server.js'), join(assetsDir, 'manifest.json')].every((file) => existsSync(file)))
    return 'dist/ is not built';
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(recordPath, 'utf8'));
  } catch {
    return 'dist/ has no record of the sources it was built from (dist/sources.json)';
  }
  const changed = Object.entries(sourceParts())
    .filter(([part, hash]) => recorded[part] !== hash)
    .map(([part]) => part);
  return changed.length === 0 ? undefined : `dist/ was built from other sources (changed since: ${changed.join(', ')})`;
}

export const isStale = () => staleness() !== undefined;

/** `why`: what needs the build, for the one line printed when esbuild is missing. */
async function loadEsbuild(why = 'dist/ must be built') {
  try {
    return await import('esbuild');
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !err.message.includes("'esbuild'")) throw err;
    console.error(
      `build: ${why}, and esbuild, a dev dependency, is not installed: build on a machine with dev dependencies (\`npm ci && npm run build\`), then \`npm prune --omit=dev\`.`,
    );
    process.exit(1);
  }
}

/** clean: remove earlier builds first (Docker); tests skip it so parallel runs never lose files. */
export async function buildAll({ clean = false, why } = {}) {
  const esbuild = await loadEsbuild(why);
  // Read before building, so a source edited mid-build makes the next start build again.
  const parts = sourceParts();
  rmSync(recordPath, { force: true });
  if (clean) rmSync(assetsDir, { recursive: true, force: true });
  mkdirSync(assetsDir, { recursive: true });
  const [client, worker] = await Promise.all([
    esbuild.build(clientOptions),
    esbuild.build(workerOptions),
    esbuild.build(serverOptions),
  ]);
  const entries = writeManifest(client.metafile, worker.metafile);
  writeFileSync(`${recordPath}.tmp`, `${JSON.stringify(parts, null, 2)}\n`);
  renameSync(`${recordPath}.tmp`, recordPath);
  return entries;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stale = process.argv.includes('--if-stale') ? staleness() : 'dist/ must be built';
  if (stale === undefined) {
    console.log('dist/ is up to date with the sources: not rebuilt');
  } else {
    const started = Date.now();
    const entries = await buildAll({ clean: process.argv.includes('--clean'), why: stale });
    console.log(`built ${Object.keys(entries).length} browser entries and the server in ${Date.now() - started} ms`);
  }
}
