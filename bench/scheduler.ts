// Scheduler-only throughput, as upstream's scheduler_perf: nodes and unbound pods in the store, the scheduler
// binds them (scheduling cycle + binding cycle, no controllers or kubelets). Prints pods/s beside the
// upstream floors (test/integration/scheduler_perf thresholds for v1.32).
// `npm run bench -- --suite scheduler [--case NAME] [--nodes N] [--cpu-prof DIR]`; --cpu-prof writes one
// .cpuprofile per case covering only the timed run (read it with bench/profile-top.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { schedulerHarness, type PodShape } from '../src/engine/scheduler/harness.ts';

interface Case { name: string; nodes: number; initPods: number; pods: number; shape: PodShape; floor: number; replicaSet?: string }

const CASES: Case[] = [
  { name: 'SchedulingBasic 10000Pods', nodes: 5000, initPods: 1000, pods: 10_000, shape: 'plain', floor: 810 },
  // Not an upstream case: the pods of one ReplicaSet, so the system-default spreading (hostname, zone) scores them.
  { name: 'SchedulingBasic 10000Pods ReplicaSet', nodes: 5000, initPods: 1000, pods: 10_000, shape: 'plain', floor: 0, replicaSet: 'rs' },
  { name: 'SchedulingBasic 50000Pods', nodes: 5000, initPods: 1000, pods: 50_000, shape: 'plain', floor: 810 },
  { name: 'SchedulingPodAntiAffinity', nodes: 5000, initPods: 1000, pods: 1000, shape: 'antiAffinity', floor: 60 },
  { name: 'SchedulingPodAffinity', nodes: 5000, initPods: 1000, pods: 1000, shape: 'affinity', floor: 35 },
  { name: 'TopologySpreading', nodes: 5000, initPods: 1000, pods: 5000, shape: 'spread', floor: 0 },
];

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** Runs fn under V8's sampling profiler and writes DIR/CASE.cpuprofile; without a dir, just runs it. */
function profiled<T>(dir: string | undefined, name: string, fn: () => T): T {
  if (!dir) return fn();
  const session = new Session();
  session.connect();
  // The in-process inspector answers synchronously: each callback has run when post returns.
  session.post('Profiler.enable');
  session.post('Profiler.start');
  const out = fn();
  session.post('Profiler.stop', (err, res) => {
    if (err) throw err;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(res.profile));
  });
  session.disconnect();
  return out;
}

function runCase(c: Case, profileDir?: string): void {
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const h = schedulerHarness(1);
  h.addNodes(c.nodes);
  h.addPods(c.initPods, c.shape, { prefix: 'init', replicaSet: c.replicaSet });
  h.run();
  let t = performance.now();
  h.addPods(c.pods, c.shape, { replicaSet: c.replicaSet });
  const create = performance.now() - t;
  // The timed run starts on a collected heap: the garbage of creating the pods is not the scheduler's.
  global.gc?.();
  t = performance.now();
  const cpu0 = process.cpuUsage();
  const bound = profiled(profileDir, c.name, () => h.run());
  const wall = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const cpuSecs = (cpu.user + cpu.system) / 1e6;
  const scheduled = bound - c.initPods;
  const floor = c.floor ? `upstream floor ${c.floor}` : 'no upstream floor';
  // CPU time as well as wall time: on a shared machine the wall clock mostly measures the neighbours.
  console.log(`${c.name} ${c.nodes} nodes: ${scheduled}/${c.pods} pods bound in ${(wall / 1000).toFixed(2)} s wall, ${cpuSecs.toFixed(2)} s CPU (create ${(create / 1000).toFixed(2)} s): ${Math.round(scheduled / (wall / 1000))} pods/s wall, ${Math.round(scheduled / cpuSecs)} pods/CPU-s (${floor}); heap +${mb(process.memoryUsage().heapUsed - heap0)}`);
  // The figure above includes V8 compiling the scheduler's hot paths (Go's scheduler_perf has no such warm-up): the
  // same number of pods again, on the same cluster, shows the compiled speed.
  h.addPods(c.pods, c.shape, { prefix: 'again', replicaSet: c.replicaSet });
  global.gc?.();
  t = performance.now();
  const again = h.run() - bound;
  const warmWall = performance.now() - t;
  console.log(`  the same again, compiled: ${again}/${c.pods} pods bound in ${(warmWall / 1000).toFixed(2)} s wall: ${Math.round(again / (warmWall / 1000))} pods/s wall`);
}

export function schedulerSuite(argv: string[]): void {
  const at = argv.indexOf('--case');
  const only = at >= 0 ? argv[at + 1] : undefined;
  const nodesAt = argv.indexOf('--nodes');
  const profAt = argv.indexOf('--cpu-prof');
  const profileDir = profAt >= 0 ? argv[profAt + 1] : undefined;
  for (const c of CASES) {
    if (only && !c.name.toLowerCase().includes(only.toLowerCase())) continue;
    runCase(nodesAt >= 0 ? { ...c, nodes: Number(argv[nodesAt + 1]) } : c, profileDir);
  }
}
