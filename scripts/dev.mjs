// `npm run dev`: rebuilds the browser files and the server on every change
// and restarts the server, with readable logs.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { assetsDir, clientOptions, recordPath, serverOptions, workerOptions, writeManifest } from './build.mjs';

let child;
let timer;
function restart() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    child?.kill('SIGTERM');
    child = spawn(process.execPath, ['dist/server.js'], {
      stdio: 'inherit',
      env: { NODE_ENV: 'development', ...process.env },
    });
  }, 100);
}

const restartOnEnd = (onEnd) => ({
  name: 'restart-server',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length > 0) return;
      onEnd?.(result);
      restart();
    });
  },
});

mkdirSync(assetsDir, { recursive: true });
// dist/ now follows every edit, a broken one included: no longer the recorded build of some sources,
// so a later `npm start` builds again rather than trust it.
rmSync(recordPath, { force: true });
const client = await esbuild.context({ ...clientOptions, plugins: [restartOnEnd((r) => writeManifest(r.metafile))] });
// The proof-of-work worker is its own self-contained bundle; the manifest lists both builds.
const worker = await esbuild.context({
  ...workerOptions,
  plugins: [restartOnEnd((r) => writeManifest(undefined, r.metafile))],
});
const server = await esbuild.context({ ...serverOptions, plugins: [restartOnEnd()] });
await Promise.all([client.watch(), worker.watch(), server.watch()]);
console.log('watching src/ and client/ for changes');

// Ctrl-C or a stop signal ends the server with the watcher, never leaving it orphaned.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child?.kill('SIGTERM');
    process.exit(0);
  });
}
