// How the production server is started, read from the two places that say it:
// package.json's start script (`npm start`, the benchmarks, the process tests)
// and the Dockerfile's ENV and CMD (the image). Both must carry the same node
// flags and allocator settings, and the image adds only `imageOnly` below: the
// memory figures in the README hold only for a process started that way, and
// tests/performance/startCommand.test.ts holds the two together.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What the image adds to `npm start`, because `npm start` must also run on Node 20 and on
 * machines without jemalloc: Node 20 refuses --memory-saver-mode and has Maglev off (so
 * --max-opt=2 would leave it only the baseline compiler), and the library is installed by the
 * Dockerfile. README, Performance -> Memory, says why each is there.
 */
export const imageOnly = {
  nodeArgs: ['--memory-saver-mode', '--max-opt=2'],
  env: ['LD_PRELOAD', 'MALLOC_CONF'],
};

/** package.json's start script: `NAME=value ... node --flag ... dist/server.js`. */
export function startCommand(root = projectRoot) {
  const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
  const words = script.trim().split(/\s+/);
  const env = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? '')) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error(`package.json's start script does not run node: ${script}`);
  return { env, nodeArgs: words.filter((word) => word.startsWith('--')), script: words.at(-1) };
}

/** The runtime stage's ENV values and the node flags of its CMD (the last stage of the Dockerfile). */
export function imageCommand(root = projectRoot) {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env = {};
  for (const line of runtime.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const [, name, value] of line.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S+)/g)) env[name] = value;
  }
  const cmd = JSON.parse(/^CMD (\[.*\])\s*$/m.exec(runtime)?.[1] ?? '[]');
  if (cmd[0] !== 'node') throw new Error(`the Dockerfile's CMD does not run node: ${JSON.stringify(cmd)}`);
  return { env, nodeArgs: cmd.filter((word) => word.startsWith('--')), script: cmd.at(-1) };
}
