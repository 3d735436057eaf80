// Data-plane figures (issue 6): EndpointSlice and kube-proxy update cost for 10,000 Services with 100,000
// endpoints, and the wall time of 1,000 requests/s for one virtual hour.
// `npm run bench -- --suite network [--services N] [--per-service N] [--rps N] [--hours N]`.
import type { Pod } from 'kubernetes-types/core/v1';
import { Store } from '../src/engine/apiserver/store.ts';
import { SharedInformerFactory } from '../src/engine/client/informer.ts';
import { EndpointSliceController } from '../src/engine/controllers/endpointslice/controller.ts';
import { KubeProxyManager } from '../src/engine/network/kubeproxy/manager.ts';
import { createCluster } from '../src/engine/index.ts';
import type { Cluster } from '../src/engine/cluster.ts';
import { SimClock } from '../src/engine/sim/clock.ts';
import { SeededRng } from '../src/engine/sim/rng.ts';

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

function arg(argv: string[], name: string, def: number): number {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : def;
}

/** Objects written straight to the store: no kubelets or scheduler, only the two components measured. */
function endpoints(services: number, perService: number): void {
  console.log(`endpoints: ${services} Services × ${perService} ready pods = ${services * perService} endpoints`);
  const heap0 = process.memoryUsage().heapUsed;
  const clock = new SimClock(Date.parse('2026-01-01T00:00:00Z'));
  const store = new Store(clock, new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  for (let n = 0; n < 3; n++) store.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: `n${n}` }, status: { addresses: [{ type: 'InternalIP', address: `172.18.0.${n + 2}` }] } });
  let t = performance.now();
  for (let s = 0; s < services; s++) {
    for (let i = 0; i < perService; i++) {
      const k = s * perService + i;
      const pod = store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${k}`, namespace: 'default', labels: { app: `s${s}` } }, spec: { nodeName: `n${k % 3}`, containers: [{ name: 'app', image: 'nginx' }] } } as Pod as never) as unknown as Pod;
      store.update({ ...pod, status: { phase: 'Running', podIP: `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`, conditions: [{ type: 'Ready', status: 'True' }] } } as never, { subresource: 'status' });
    }
    store.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: `s${s}`, namespace: 'default' }, spec: { selector: { app: `s${s}` }, ports: [{ port: 80 }] } } as never);
  }
  console.log(`  write ${services} Services and ${services * perService} pods: ${secs(performance.now() - t)}`);
  const informers = new SharedInformerFactory(store, clock);
  const controller = new EndpointSliceController(store, clock, informers);
  const proxies = new KubeProxyManager(informers, clock, new SeededRng(2), { reachable: () => true });
  controller.start();
  informers.start();
  t = performance.now();
  while (store.count('EndpointSlice') < services || controller.queue.depth > 0) clock.advance(100);
  const sliceMs = performance.now() - t;
  console.log(`  EndpointSlice controller: ${store.count('EndpointSlice')} slices in ${secs(sliceMs)} (${Math.round(services / (sliceMs / 1000))} Services/s)`);
  t = performance.now();
  clock.advance(2_000);
  console.log(`  kube-proxy first full sync (${proxies.rules().size} Services, 3 nodes): ${secs(performance.now() - t)}`);
  // One pod turns unready: one slice update, one Service recompiled, a new rule table on every node.
  const before = proxies.compiledServices;
  t = performance.now();
  const p0 = store.get<Pod>('Pod', 'default', 'p0');
  store.update({ ...p0, status: { ...p0.status, conditions: [{ type: 'Ready', status: 'False' }] } } as never, { subresource: 'status' });
  clock.advance(2_000);
  const ready = proxies.proxy('n0')!.table.services.get('default/s0')!.ports[0].endpoints.filter((e) => e.ready).length;
  console.log(`  one endpoint turns unready → slice + rules updated: ${secs(performance.now() - t)} (${proxies.compiledServices - before} Service recompiled, ${ready}/${perService} ready)`);
  // A rollout-sized change: one pod in each of 1,000 Services.
  const changed = Math.min(1000, services);
  t = performance.now();
  for (let s = 0; s < changed; s++) {
    const p = store.get<Pod>('Pod', 'default', `p${s * perService + 1}`);
    store.update({ ...p, status: { ...p.status, conditions: [{ type: 'Ready', status: 'False' }] } } as never, { subresource: 'status' });
  }
  const writeMs = performance.now() - t;
  t = performance.now();
  const compiled = proxies.compiledServices;
  clock.advance(2_000);
  console.log(`  ${changed} Services' endpoints change at once (pod writes ${secs(writeMs)}) → slices + rules updated: ${secs(performance.now() - t)} (${proxies.compiledServices - compiled} Services recompiled)`);
  if (global.gc) global.gc();
  console.log(`  heap used: ${mb(process.memoryUsage().heapUsed - heap0)}`);
}

function trafficHour(rps: number, hours: number): void {
  console.log(`traffic: ${rps} requests/s from a client pod to a 10-replica Deployment for ${hours} virtual hour(s)`);
  const setup = (): Cluster => {
    const c = createCluster({ seed: 1 }) as Cluster;
    for (const n of ['w1', 'w2', 'w3']) c.exec(`sim node add ${n} --cpu 16 --memory 64Gi`);
    c.exec('kubectl apply -f -', `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 10
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: app, image: nginx, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec: {selector: {app: web}, ports: [{port: 80}]}
---
apiVersion: v1
kind: Pod
metadata: {name: client}
spec: {containers: [{name: c, image: busybox, command: [sleep, infinity]}]}
`);
    c.advance(60);
    return c;
  };
  const idle = setup();
  let t = performance.now();
  idle.advance(3600 * hours);
  const idleMs = performance.now() - t;
  console.log(`  baseline, no traffic: ${secs(idleMs)} wall`);
  const c = setup();
  c.exec(`sim traffic add load http://web/ --rps ${rps} --from client`);
  t = performance.now();
  c.advance(3600 * hours);
  const ms = performance.now() - t;
  const last = c.trafficSources()[0].last;
  console.log(`  with traffic: ${secs(ms)} wall (+${secs(ms - idleMs)} for ${(rps * 3600 * hours).toLocaleString('en-US')} requests in ${3600 * hours} ticks); last second: ${last?.rps} rps, p50 ${last?.p50Ms} ms, p99 ${last?.p99Ms} ms, errors ${last?.errorRate}`);
}

export function networkSuite(argv: string[]): void {
  endpoints(arg(argv, 'services', 10_000), arg(argv, 'per-service', 10));
  trafficHour(arg(argv, 'rps', 1000), arg(argv, 'hours', 1));
}
