/**
 * The gate CI puts on `npm audit --omit=dev` (scripts/audit-dependencies.mjs),
 * fed the three kinds of answer npm gives: a high or critical vulnerability
 * fails the build and names the package; a clean report passes; a registry
 * without the advisory endpoint (a 405, as on this workplace's mirror) is
 * reported as NOT CHECKED without failing the build.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { projectRoot } from '../../src/lib/paths';
import { tempDir } from '../support/tempDirs';

const script = join(projectRoot, 'scripts', 'audit-dependencies.mjs');
const counts = (over: Record<string, number> = {}) => ({
  info: 0,
  low: 0,
  moderate: 0,
  high: 0,
  critical: 0,
  total: 0,
  ...over,
});

function gate(report: unknown): { status: number | null; output: string } {
  const file = join(tempDir('audit-'), 'report.json');
  writeFileSync(file, JSON.stringify(report));
  const run = spawnSync(process.execPath, [script], {
    env: { PATH: process.env.PATH, AUDIT_JSON_FILE: file },
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('the dependency audit gate', () => {
  it('fails on a high or critical vulnerability and names the package', () => {
    const { status, output } = gate({
      auditReportVersion: 2,
      vulnerabilities: {
        'path-to-regexp': { name: 'path-to-regexp', severity: 'high', range: '<0.1.12', fixAvailable: true },
        debug: { name: 'debug', severity: 'low', range: '<2.6.9', fixAvailable: true },
      },
      metadata: { vulnerabilities: counts({ high: 1, low: 1, total: 2 }) },
    });
    assert.equal(status, 1);
    assert.match(output, /FAILED: 0 critical, 1 high, 0 moderate, 1 low/);
    assert.match(output, /path-to-regexp \(high, <0\.1\.12\): a fix is available/);
    assert.doesNotMatch(output, /debug/, 'a low one is counted, not listed as failing');
  });

  it('passes a report with nothing above moderate', () => {
    const { status, output } = gate({
      auditReportVersion: 2,
      vulnerabilities: {},
      metadata: { vulnerabilities: counts() },
    });
    assert.equal(status, 0);
    assert.match(output, /no high or critical vulnerability/);
  });

  it('says NOT CHECKED, without failing, when the registry has no advisory endpoint', () => {
    const { status, output } = gate({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    assert.equal(status, 0);
    assert.match(output, /NOT CHECKED: the registry did not answer the audit \(405 Method Not Allowed/);
  });
});
