/** What the configuration says about an environment it refuses. */
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/config';

export type Env = Record<string, string>;

/** The problems of a refused configuration; fails the test when it is accepted. */
export function problems(env: Env): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError, String(err));
    return err.problems;
  }
  assert.fail(`expected ${JSON.stringify(env)} to be refused`);
}

/** The one problem of a configuration refused for exactly one reason. */
export function refusal(env: Env): string {
  const list = problems(env);
  assert.equal(list.length, 1, list.join('\n'));
  return list[0] as string;
}
