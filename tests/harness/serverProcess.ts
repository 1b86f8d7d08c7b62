/**
 * The built server (dist/server.js, with the node flags of `npm start`) as a
 * child process on a free 127.0.0.1 port, for tests that must see what an operator's process does:
 * its socket-level limits (timeouts, header sizes, parser errors), its exit
 * on signals, and a restart on the same port and the same database after a
 * crash. The environment is built from scratch so the machine's own variables
 * never leak into a test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCommand } from '../../scripts/start-command.mjs';
import { projectRoot } from '../../src/paths';

export const serverJs = join(projectRoot, 'dist', 'server.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const tempDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory (databases, probes), removed when the test process exits. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** True once the port answers HTTP: readiness without relying on a log line (LOG_LEVEL may hide it). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/robots.txt', agent: false, timeout: 1_000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed on stdout and stderr so far. */
  output(): string;
  /** Parsed JSON log lines (non-JSON lines are skipped). */
  logLines(): Record<string, unknown>[];
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** Sends a signal and waits (bounded) for the exit; SIGKILLs on timeout. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | string>;
}

export interface StartOptions {
  env?: Record<string, string>;
  port?: number;
  /** Directory of the database; a new temporary one when absent. */
  dataDir?: string;
  startTimeoutMs?: number;
  /** Node flags after those of the production command (the image-only ones, say). */
  nodeArgs?: string[];
}

/** Starts the server and resolves once it logs that it is listening. */
export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? tempDir('site-proc-');
  const production = startCommand(); // the node flags and allocator setting of `npm start` and the image
  const child = spawn(process.execPath, [...production.nodeArgs, ...(options.nodeArgs ?? []), serverJs], {
    cwd: projectRoot,
    env: {
      ...production.env,
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_PATH: join(dataDir, 'leads.db'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  let ended = false;
  void exited.then(() => (ended = true));

  const deadline = Date.now() + (options.startTimeoutMs ?? 15_000);
  while (!output.includes('server listening') && !(await answers(port))) {
    if (ended || Date.now() > deadline) {
      if (!ended) child.kill('SIGKILL');
      throw new Error(`the server did not start on port ${port}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }

  const proc: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited,
    async stop(signal = 'SIGTERM', timeoutMs = 15_000) {
      if (ended) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  return proc;
}
