// Load generators for `npm run bench`: autocannon (from npm, always) and wrk
// (when installed). Both report requests/s, p50 and p99 latency in ms.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

export async function runAutocannon(url, { connections, seconds, headers }) {
  const result = await autocannon({ url, connections, duration: seconds, headers, pipelining: 1 });
  const bad = result.errors + result.timeouts + result.non2xx;
  return {
    rps: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: bad,
  };
}

const toMs = (value, unit) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? NaN);

export function runWrk(wrk, url, { connections, seconds, headers, threads = 2 }) {
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 15) * 1000);
    child.on('exit', () => {
      clearTimeout(timer);
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1];
      const pct = (p) => {
        const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
        return m ? toMs(m[1], m[2]) : NaN;
      };
      const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
      if (!rps) return reject(new Error(`could not read wrk's output:\n${out}`));
      resolve({
        rps: Number(rps),
        p50: pct(50),
        p99: pct(99),
        errors: (errors ? errors.slice(1).reduce((a, b) => a + Number(b), 0) : 0) + (non2xx ? Number(non2xx[1]) : 0),
      });
    });
    child.on('error', reject);
  });
}
