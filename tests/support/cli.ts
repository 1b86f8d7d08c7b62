/**
 * Runs the operator's CLI as an operator does (`node dist/cli.js <command>`),
 * as a child process with an environment built from scratch: production mode
 * and the variables the test gives, nothing of the machine's own.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../src/lib/paths';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the command; `pid` is there at once (to watch the process), `done` when it has exited. */
export function startCli(
  args: string[],
  env: Record<string, string>,
): { pid: number | undefined; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [join(projectRoot, 'dist', 'cli.js'), ...args], {
    cwd: projectRoot,
    // The mail-domain check of `status` and `test-alerts` asks DNS_SERVERS: a port on this machine
    // where nothing answers, unless a test names its own local DNS server. No lookup leaves the machine.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: 'production', DNS_SERVERS: '127.0.0.1:9', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return {
    pid: child.pid,
    done: new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr }))),
  };
}

export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return startCli(args, env).done;
}
