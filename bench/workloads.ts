// Workload figures (issue 3): API server writes/s, watch fan-out to 10 informers (events delivered/s), and a
// Deployment of 10,000 replicas on 500 nodes (virtual time to converge, wall time, heap).
// `npm run bench -- --suite workloads [--writes N] [--replicas N] [--nodes N]`.
import { Store } from '../src/engine/apiserver/store.ts';
import { Informer } from '../src/engine/client/informer.ts';
import { createCluster } from '../src/engine/index.ts';
import { SimClock } from '../src/engine/sim/clock.ts';
import { SeededRng } from '../src/engine/sim/rng.ts';

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const perSec = (n: number, ms: number) => `${Math.round(n / (ms / 1000)).toLocaleString('en-US')}/s`;

function arg(argv: string[], name: string, def: number): number {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : def;
}

function newStore(): { store: Store; clock: SimClock } {
  const clock = new SimClock(Date.parse('2026-01-01T00:00:00Z'));
  const store = new Store(clock, new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return { store, clock };
}

const configMap = (i: number, v: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}`, namespace: 'default' }, data: { v } });

/** Creates, then updates, of small ConfigMaps through admission and storage. */
function storeWrites(n: number): void {
  const { store } = newStore();
  let t = performance.now();
  for (let i = 0; i < n; i++) store.create(configMap(i, 'a'));
  const create = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < n; i++) store.update(configMap(i, 'b'));
  const update = performance.now() - t;
  console.log(`store writes: ${n} creates ${perSec(n, create)}, ${n} updates ${perSec(n, update)}`);
}

/** Ten informers watch ConfigMaps; every write reaches each of them. */
function watchFanOut(n: number): void {
  const { store, clock } = newStore();
  let delivered = 0;
  for (let i = 0; i < 10; i++) {
    const inf = new Informer(store, clock, 'ConfigMap');
    inf.addEventHandler({ add: () => delivered++, update: () => delivered++, delete: () => delivered++ });
    inf.run();
  }
  clock.runUntilIdle();
  const t = performance.now();
  for (let i = 0; i < n; i++) store.create(configMap(i, 'a'));
  for (let i = 0; i < n; i++) store.update(configMap(i, 'b'));
  clock.runUntilIdle();
  const wall = performance.now() - t;
  console.log(`watch fan-out, 10 informers: ${2 * n} writes → ${delivered} events delivered in ${secs(wall)} (${perSec(delivered, wall)})`);
}

/** One Deployment of `replicas` pods on `nodes` nodes, until every replica is available. */
function bigDeployment(nodes: number, replicas: number): void {
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const c = createCluster({ seed: 1, clusterCIDR: '10.0.0.0/8' });
  let t = performance.now();
  for (let i = 0; i < nodes; i++) c.exec(`sim node add n${i} --cpu 32 --memory 128Gi --pods 110`);
  c.advance(5);
  console.log(`deployment: ${replicas} replicas on ${nodes} nodes (nodes up in ${secs(performance.now() - t)} wall)`);
  const start = c.now();
  t = performance.now();
  c.exec('kubectl create deployment big --image=nginx:1.27 --replicas=' + replicas);
  let available = 0;
  while (c.now() - start < 3_600_000) {
    c.advance(1);
    const d = c.list('Deployment').find((x) => x.metadata.name === 'big');
    available = (d?.status as { availableReplicas?: number } | undefined)?.availableReplicas ?? 0;
    if (available >= replicas) break;
  }
  const wall = performance.now() - t;
  global.gc?.();
  console.log(`  ${available}/${replicas} available after ${((c.now() - start) / 1000).toFixed(0)} s virtual, ${secs(wall)} wall; heap ${mb(process.memoryUsage().heapUsed - heap0)} (${c.list('Pod').length} pods, ${c.list('Event').length} events)`);
}

export function workloadsSuite(argv: string[]): void {
  storeWrites(arg(argv, 'writes', 20_000));
  watchFanOut(arg(argv, 'writes', 20_000));
  bigDeployment(arg(argv, 'nodes', 500), arg(argv, 'replicas', 10_000));
}
