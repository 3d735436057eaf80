// Benchmarks: print figures, assert nothing. `npm run bench -- --nodes 5000 --pods 150000`.
import { createCluster } from '../src/engine/index.ts';
import { schedulerSuite } from './scheduler.ts';
import { workloadsSuite } from './workloads.ts';
import { networkSuite } from './network.ts';
import { historySuite } from './history.ts';
import { rolloutSuite } from './rollout.ts';
import { eventsSuite } from './events.ts';

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** CPU seconds (user + system) since `from`: on a shared machine wall time also counts other processes. */
const cpu = (from: NodeJS.CpuUsage) => { const u = process.cpuUsage(from); return `cpu ${((u.user + u.system) / 1e6).toFixed(2)} s`; };

function deployment(name: string, replicas: number): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      containers:
      - name: app
        image: nginx:1.27
        resources: {requests: {cpu: 100m, memory: 128Mi}}
`;
}

function small(): void {
  const t0 = performance.now();
  const c = createCluster({ seed: 1 });
  for (const n of ['w1', 'w2', 'w3']) c.exec(`sim node add ${n} --cpu 4 --memory 16Gi`);
  c.exec('kubectl apply -f -', deployment('web', 5));
  let virtual = 0;
  while (c.list('Pod').filter((p) => (p.status as { phase?: string })?.phase === 'Running').length < 5) { c.advance(1); virtual++; }
  console.log(`small: 3 nodes, 5 pods Running after ${virtual} s virtual, ${secs(performance.now() - t0)} wall`);
}

function large(nodes: number, podCount: number): void {
  const perDeployment = 1000;
  const deployments = Math.ceil(podCount / perDeployment);
  // The young generation's size moves these figures by ~10% (npm run bench sets it; see the README).
  const heapFlags = process.execArgv.filter((a) => a.startsWith('--max-')).join(' ') || 'V8 defaults';
  console.log(`large: ${nodes} nodes, ${podCount} pods in ${deployments} Deployments (${heapFlags})`);
  const heap0 = process.memoryUsage().heapUsed;
  let t = performance.now();
  let u = process.cpuUsage();
  const c = createCluster({ seed: 1, clusterCIDR: '10.0.0.0/8' });
  for (let i = 0; i < nodes; i++) c.exec(`sim node add n${i} --cpu 64 --memory 256Gi --pods 110`);
  c.advance(5);
  console.log(`  add ${nodes} nodes + 5 s virtual: ${secs(performance.now() - t)} (${cpu(u)})`);
  t = performance.now();
  for (let d = 0; d < deployments; d++) c.exec('kubectl apply -f -', deployment(`app${d}`, Math.min(perDeployment, podCount - d * perDeployment)));
  console.log(`  apply ${deployments} Deployments: ${secs(performance.now() - t)}`);
  t = performance.now();
  u = process.cpuUsage();
  let virtual = 0;
  let running = 0;
  while (virtual < 3600) {
    c.advance(10);
    virtual += 10;
    // Only the Deployments' pods (namespace default): the addons' DaemonSet pods would count too.
    running = c.list('Pod').filter((p) => p.metadata.namespace === 'default' && (p.status as { phase?: string })?.phase === 'Running').length;
    process.stdout.write(`\r  ${virtual} s virtual: ${running}/${podCount} Running, ${secs(performance.now() - t)} wall   `);
    if (running >= podCount) break;
  }
  const wall = performance.now() - t;
  console.log(`\n  all Running after ${virtual} s virtual in ${secs(wall)} wall: ${Math.round(podCount / (wall / 1000))} pods/s created, scheduled and started (${cpu(u)})`);
  t = performance.now();
  c.advance(60);
  console.log(`  one steady-state virtual minute (leases, resyncs): ${secs(performance.now() - t)}`);
  t = performance.now();
  c.exec('kubectl scale deployment app0 --replicas=500');
  c.advance(30);
  console.log(`  scale one Deployment 1000 → 500 and settle: ${secs(performance.now() - t)}`);
  t = performance.now();
  const out = c.exec('kubectl get pods -A --no-headers').stdout;
  console.log(`  kubectl get pods -A (${out.split('\n').length - 1} rows): ${secs(performance.now() - t)}`);
  if (global.gc) global.gc();
  console.log(`  heap used: ${mb(process.memoryUsage().heapUsed - heap0)} (objects in store: ${c.list('Pod').length} pods, ${c.list('Event').length} events)`);
}

const suite = process.argv.indexOf('--suite');
if (suite >= 0 && process.argv[suite + 1] === 'scheduler') schedulerSuite(process.argv);
else if (suite >= 0 && process.argv[suite + 1] === 'workloads') workloadsSuite(process.argv);
else if (suite >= 0 && process.argv[suite + 1] === 'network') networkSuite(process.argv);
else if (suite >= 0 && process.argv[suite + 1] === 'history') historySuite(process.argv);
else if (suite >= 0 && process.argv[suite + 1] === 'rollout') rolloutSuite(process.argv);
else if (suite >= 0 && process.argv[suite + 1] === 'events') eventsSuite(process.argv);
else {
  small();
  large(arg('nodes', 5000), arg('pods', 150_000));
}
