// Long runs of the reliability suites, kept out of `npm test` (which must stay
// under 10 minutes): a longer chaos run with more SIGKILL restarts and a larger
// property-based run against the lead endpoint. Prints each suite's one-line
// figures and exits non-zero if any suite failed. Everything stays on 127.0.0.1.
//
//   node scripts/soak.mjs                      # 5 min chaos, 10 kills, 100,000 hostile requests
//   node scripts/soak.mjs --minutes 2 --kills 5 --requests 30000
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    kills: { type: 'string', default: '10' },
    requests: { type: 'string', default: '100000' },
  },
});
const minutes = Number(values.minutes);
const kills = Number(values.kills);
const requests = Number(values.requests);
for (const [name, value, max] of [
  ['minutes', minutes, 120],
  ['kills', kills, 200],
  ['requests', requests, 2_000_000],
]) {
  if (!Number.isFinite(value) || value <= 0 || value > max) {
    console.error(`--${name} must be a number from 1 to ${max}`);
    process.exit(2);
  }
}

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const suites = [
  {
    file: 'tests/faults/chaos.test.ts',
    env: { CHAOS_MS: String(Math.round(minutes * 60_000)), CHAOS_KILLS: String(kills) },
  },
  { file: 'tests/security/leadFuzz.test.ts', env: { HOSTILE_RUNS: String(requests) } },
];

let failed = 0;
for (const suite of suites) {
  const started = Date.now();
  // The test runner's own per-test limit is raised with the run's length; each suite still stops by itself.
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', `--test-timeout=${Math.round(minutes * 4 * 60_000 + 600_000)}`, suite.file],
    { encoding: 'utf8', env: { ...process.env, ...suite.env, NODE_ENV: 'test' }, maxBuffer: 256 * 1024 * 1024 },
  );
  const figures = (result.stdout ?? '').split('\n').filter((line) => line.startsWith('# ['));
  const ok = result.status === 0;
  if (!ok) failed += 1;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${suite.file} in ${Math.round((Date.now() - started) / 1000)} s`);
  for (const line of figures) console.log(`  ${line.slice(2)}`);
  if (!ok)
    console.log(
      (result.stdout ?? '')
        .split('\n')
        .filter((l) => /not ok|error|Error/.test(l))
        .slice(0, 20)
        .join('\n'),
    );
}
process.exit(failed === 0 ? 0 : 1);
