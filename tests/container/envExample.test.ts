// .env.example (what an operator copies) and the deployment docs' configuration table must
// list exactly the variables src/config.ts reads, and .env.example must not set anything
// that would override the image's own HOST/PORT/DATABASE_PATH/NODE_ENV when compose passes
// it as env_file.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadConfig } from '../../src/config';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** Every quoted ALL_CAPS name in config.ts: the variables it reads. */
const configVariables = [...new Set([...read('src/config.ts').matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|PORT|HOST)'/g)].map((m) => m[1]))].sort();

function exampleLines(): { documented: string[]; active: Record<string, string> } {
  const documented: string[] = [];
  const active: Record<string, string> = {};
  for (const line of read('.env.example').split('\n')) {
    const commented = /^#\s?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    const set = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (commented) documented.push(commented[1] as string);
    if (set) {
      documented.push(set[1] as string);
      active[set[1] as string] = set[2] as string;
    }
  }
  return { documented: [...new Set(documented)].sort(), active };
}

test('config.ts reads the variables this test expects to find (sanity)', () => {
  for (const name of ['PUBLIC_URL', 'HOST', 'PORT', 'DATABASE_PATH', 'TRUST_PROXY', 'SMTP_URL', 'SHUTDOWN_TIMEOUT_MS']) {
    assert.ok(configVariables.includes(name), `${name} not found in src/config.ts`);
  }
});

test('.env.example documents exactly the variables src/config.ts reads', () => {
  assert.deepEqual(exampleLines().documented, configVariables);
});

test('.env.example sets nothing that overrides the image or holds a secret; as-is it is a valid configuration', () => {
  const { active } = exampleLines();
  assert.deepEqual(active, {}, 'every line of .env.example should be commented out');
  // The documented defaults, uncommented, must pass validation (the example values are well formed).
  const env: Record<string, string> = {};
  for (const line of read('.env.example').split('\n')) {
    const m = /^#\s?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m && m[2] !== '') env[m[1] as string] = m[2] as string;
  }
  assert.doesNotThrow(() => loadConfig(env));
});

test('the README configuration table lists the same variables', () => {
  const table = [...read('README.md').matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]);
  assert.deepEqual([...new Set(table)].sort(), configVariables);
});
