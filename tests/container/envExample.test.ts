// .env.example (what an operator copies) and the deployment docs' configuration table must
// list exactly the variables src/config.ts reads, and .env.example must not set anything
// that would override the image's own HOST/PORT/DATABASE_PATH/NODE_ENV when compose passes
// it as env_file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadConfig } from '../../src/config';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The names loadConfig asks its environment for, recorded as it runs with `env` behind it. */
function namesRead(env: Record<string, string>): string[] {
  const read = new Set<string>();
  const recording = new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return Reflect.get(target, name) as unknown;
    },
  });
  loadConfig(recording);
  return [...read];
}

/**
 * Every variable config.ts reads, found by running it (not by reading its source): once with
 * nothing set, once with both alert channels configured, since some names are read only then.
 */
const configVariables = [
  ...new Set([
    ...namesRead({}),
    ...namesRead({
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15005550006',
      ALERT_SMS_TO: '+15551230000',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ALERT_EMAIL_TO: 'owner@example.com',
      ALERT_EMAIL_FROM: 'alerts@example.com',
    }),
  ]),
].sort();

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
