// Only the lead run of `npm run bench` (`node bench/leadsOnly.mjs`), for a quick look while changing
// the lead's path; BENCH_COMPARE adds the same run against another build. The figures to keep are
// those of the whole `npm run bench`, which runs this same lead run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { leadContract, runLeadBench, solvedProofs, startFakes } from './leads.mjs';
import * as processes from './processes.mjs';

/** The CPU time (user and system) a process used so far, in ms (Linux). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 a second)
}

const SECONDS = Number(process.env.BENCH_LEAD_SECONDS ?? 10);
const tmp = mkdtempSync(join(tmpdir(), 'bench-leads-'));
const contract = await leadContract();
const targets = [['this build', join(processes.root, 'dist', 'server.js')]];
if (process.env.BENCH_COMPARE) targets.push(['compare', resolve(process.env.BENCH_COMPARE)]);
try {
  for (const [label, serverJs] of targets) {
    const fakes = await startFakes(join(tmp, label.replace(/\W/g, '-')));
    const server =
      label === 'this build'
        ? await processes.startServer(fakes.env)
        : await processes.startServerLike(
            serverJs,
            processes.settingsOf((await processes.startServer({ DATABASE_PATH: join(tmp, 'probe.db') })).child.pid),
            fakes.env,
          );
    const proofs = await solvedProofs(server.url, contract.challengeEndpoint, SECONDS * 1_700);
    const base = { origin: server.url, contract, fakes, seconds: SECONDS, connections: 20 };
    // Warm: the providers' SDKs load on the first lead, the JIT settles.
    await runLeadBench({ ...base, seconds: 2, rate: 50, proofs: proofs.slice(-100), first: 2_000_000 });
    const [serverBefore, benchBefore, t0] = [cpuMsOf(server.child.pid), cpuMsOf(process.pid), Date.now()];
    const steady = await runLeadBench({ ...base, rate: 200, proofs: proofs.slice(0, SECONDS * 200) });
    const wall = Date.now() - t0;
    console.log(
      `  busy during the 200/s run: server ${((cpuMsOf(server.child.pid) - serverBefore) / wall).toFixed(2)} cores, this process (load and stand-ins) ${((cpuMsOf(process.pid) - benchBefore) / wall).toFixed(2)} cores`,
    );
    console.log(
      `${label} at 200/s offered: ${steady.perSecond.toFixed(0)}/s, p50 ${steady.latency.p50} ms, p99 ${steady.latency.p99} ms`,
    );
    const cpuBefore = cpuMsOf(server.child.pid);
    const r = await runLeadBench({ ...base, proofs: proofs.slice(SECONDS * 200), first: 1_000_000 });
    const cpuPerLead = (cpuMsOf(server.child.pid) - cpuBefore) / r.accepted;
    const delivered = [r.sms, r.email, r.telegram, r.ntfy, r.webhook].map((c) => `${c.distinct}/${c.duplicates}`);
    console.log(
      `${label}: server CPU ${cpuPerLead.toFixed(2)} ms a lead (its alerts included), ${r.perSecond.toFixed(0)} leads/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, stored ${r.db?.stored}, delivered/duplicates per channel ${delivered.join(' ')}`,
    );
    await fakes.close();
    await processes.stopAll();
  }
} finally {
  await processes.stopAll();
  rmSync(tmp, { recursive: true, force: true });
  process.exit();
}
