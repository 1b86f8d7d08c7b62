/**
 * The built server as an operator runs it: `sh bin/start-server` from the
 * project root (the command of `npm start` and of the image, with its node
 * flags), as a child process on a free 127.0.0.1 port. For tests that must
 * see what a real process does: its socket-level limits, its log, its exit on
 * signals or on bad configuration, and a restart on the same port and
 * database after a crash. The environment is built from scratch so the
 * machine's own variables never leak into a test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { projectRoot } from '../../src/lib/paths';
import type { RetryRules } from '../../src/services/alerts';
import { tempDir } from './tempDirs';

/** A port nothing listens on right now (the kernel picks it), on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Every process started here and still running: killed when the test process exits, so a failed test leaves no server behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The production start command with exactly `env` (and PATH, so `sh` finds
 * node). Every test that starts a server process comes through here.
 */
function spawnServer(env: Record<string, string>, options: SiteOptions = {}): ChildProcess {
  // Options an operator never sets go to the test entry, which builds the same site with them.
  const [command, args]: [string, string[]] =
    options.retry === undefined
      ? ['sh', ['bin/start-server']]
      : [process.execPath, ['--import', 'tsx', join('tests', 'support', 'serverEntry.ts')]];
  if (options.retry !== undefined) env = { ...env, TEST_SITE_OPTIONS: JSON.stringify({ retry: options.retry }) };
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Collects what a child prints and resolves with its exit code (or the signal's name). */
function watch(child: ChildProcess): { output: () => string; exited: Promise<number | string>; ended: () => boolean } {
  let output = '';
  let ended = false;
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | string>((resolve) => {
    // 'close', not 'exit': by then everything the process printed has been read.
    child.once('close', (code, signal) => {
      ended = true;
      resolve(code ?? signal ?? 'unknown');
    });
  });
  return { output: () => output, exited, ended: () => ended };
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

/**
 * True when the process itself listens on the port, read from Linux's /proc: an answer on the port
 * may come from another test's server that bound it first. Without /proc the answer must do.
 */
function listensOn(pid: number | undefined, port: number): boolean {
  if (!existsSync('/proc/self/fd')) return true;
  if (pid === undefined) return false;
  let sockets: Set<string>;
  try {
    sockets = new Set(
      readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.slice(1, 2) ?? [];
        } catch {
          return []; // closed meanwhile
        }
      }),
    );
  } catch {
    return false; // the process is gone
  }
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return ['/proc/net/tcp', '/proc/net/tcp6'].some((table) => {
    const rows = existsSync(table) ? readFileSync(table, 'utf8').split('\n').slice(1) : [];
    // Columns: sl, local address (hex ip:port), remote address, state (0A: listening), ..., inode (10th).
    return rows.some((row) => {
      const cols = row.trim().split(/\s+/);
      return cols[1]?.endsWith(hexPort) && cols[3] === '0A' && sockets.has(cols[9] ?? '');
    });
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

/** What the test entry (serverEntry.ts) builds the site with. */
interface SiteOptions {
  /** How failed alerts are retried; set: the server runs from the sources with these rules. */
  retry?: Partial<RetryRules>;
}

export interface StartOptions extends SiteOptions {
  env?: Record<string, string>;
  port?: number;
  /** Directory of the database (leads.db in it); a new temporary one when absent. */
  dataDir?: string;
  startTimeoutMs?: number;
}

/** Starts the server and resolves once it serves HTTP. */
export async function startServer(options: StartOptions = {}, portsTried = 1): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? tempDir('site-proc-');
  const child = spawnServer(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_PATH: join(dataDir, 'leads.db'),
      // As before proof of work: every lead that is not spam is texted. The grading suites turn it on.
      LEAD_VERIFICATION: 'off',
      ...options.env,
    },
    options,
  );
  const { output, exited, ended } = watch(child);

  const deadline = Date.now() + (options.startTimeoutMs ?? 15_000);
  while (!output().includes('server listening') && !((await answers(port)) && listensOn(child.pid, port))) {
    if (ended() || Date.now() > deadline) {
      if (!ended()) child.kill('SIGKILL');
      // Another test's process took the free port first (it is free only until someone binds it): a new one, twice.
      if (ended() && options.port === undefined && output().includes('EADDRINUSE') && portsTried < 3)
        return startServer(options, portsTried + 1);
      throw new Error(`the server did not start on port ${port}:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output,
    logLines: () =>
      output()
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
      if (ended()) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Starts the server with exactly `env` (no defaults: a test of bad configuration
 * names every variable) and waits for it to end by itself; SIGKILLs it after
 * `timeoutMs`, which a server that did start would reach.
 */
export async function runServerToExit(
  env: Record<string, string>,
  timeoutMs = 10_000,
): Promise<{ code: number | string; output: string }> {
  const child = spawnServer(env);
  const { output, exited } = watch(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    return { code: await exited, output: output() };
  } finally {
    clearTimeout(timer);
  }
}
