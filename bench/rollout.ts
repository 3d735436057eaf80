// The page-relevant rollout (issue 4): `kubectl rollout restart` of a Deployment of 10,000 replicas on 500 nodes.
// Prints virtual and wall time until the new ReplicaSet is complete and the longest single controller sync (the
// page's worker must never stall for seconds on one sync). `npm run bench -- --suite rollout [--replicas N] [--nodes N]`.
import { createCluster } from '../src/engine/index.ts';
import { LoopTap } from '../src/engine/client/looptrace.ts';

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const cpuSecs = (from: NodeJS.CpuUsage) => { const u = process.cpuUsage(from); return ((u.user + u.system) / 1e6).toFixed(2); };

function arg(argv: string[], name: string, def: number): number {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : def;
}

/** The longest sync per controller and key, measured around every LoopTap.sync (the bench may read the wall clock). */
const longest = new Map<string, { name: string; key: string; ms: number }>();
function timeSyncs(): void {
  const sync = LoopTap.prototype.sync;
  LoopTap.prototype.sync = function (this: LoopTap, key: string, fn: (key: string) => void) {
    const t = performance.now();
    try {
      sync.call(this, key, fn);
    } finally {
      const ms = performance.now() - t;
      const id = `${this.name} ${key}`;
      if (ms > (longest.get(id)?.ms ?? -1)) longest.set(id, { name: this.name, key, ms });
    }
  };
}

interface Status { replicas?: number; updatedReplicas?: number; availableReplicas?: number; readyReplicas?: number }

export function rolloutSuite(argv: string[]): void {
  const nodes = arg(argv, 'nodes', 500), replicas = arg(argv, 'replicas', 10_000);
  timeSyncs();
  const c = createCluster({ seed: 1, clusterCIDR: '10.0.0.0/8' });
  for (let i = 0; i < nodes; i++) c.exec(`sim node add n${i} --cpu 32 --memory 128Gi --pods 110`);
  c.advance(5);
  const created = c.now();
  c.exec(`kubectl create deployment big --image=nginx:1.27 --replicas=${replicas}`);
  const deployment = () => c.list('Deployment').find((x) => x.metadata.name === 'big')!;
  for (let i = 0; i < 3600 && ((deployment().status as Status)?.availableReplicas ?? 0) < replicas; i++) c.advance(1);
  console.log(`rollout restart: ${replicas} replicas on ${nodes} nodes, all available after ${Math.round((c.now() - created) / 1000)} s virtual`);
  longest.clear();
  const start = c.now();
  const t = performance.now(), u = process.cpuUsage();
  c.exec('kubectl rollout restart deployment big');
  // Complete as `kubectl rollout status` reads it: every replica updated and available, no old ones left.
  const complete = () => {
    const d = deployment();
    const s = (d.status ?? {}) as Status;
    return (d.status as { observedGeneration?: number })?.observedGeneration === d.metadata.generation
      && s.updatedReplicas === replicas && s.replicas === replicas && s.availableReplicas === replicas;
  };
  while (c.now() - start < 3_600_000 && !complete()) c.advance(1);
  const wall = performance.now() - t;
  global.gc?.();
  console.log(`  new ReplicaSet complete after ${((c.now() - start) / 1000).toFixed(0)} s virtual, ${secs(wall)} wall (cpu ${cpuSecs(u)} s); heap ${mb(process.memoryUsage().heapUsed)} (${c.list('Pod').length} pods, ${c.list('Event').length} events)`);
  const top = [...longest.values()].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(`  longest single syncs: ${top.map((s) => `${s.name} ${s.key} ${s.ms.toFixed(0)} ms`).join(', ')}`);
}
