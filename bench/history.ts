// The timeline's memory (issue 7): what the worker's ClusterHistory keeps while a Deployment of --pods pods
// rolls out and restarts --restarts times, and how long showing a past moment takes.
// `npm run bench -- --suite history [--pods 10000] [--restarts 2]`. Prints figures, asserts nothing.
import { createCluster } from '../src/engine/index.ts';
import { ClusterHistory } from '../src/worker/history.ts';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

function arg(argv: string[], name: string, def: number): number {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : def;
}

function heap(): number {
  global.gc?.();
  return process.memoryUsage().heapUsed;
}

export function historySuite(argv: string[]): void {
  const pods = arg(argv, 'pods', 10_000);
  const restarts = arg(argv, 'restarts', 2);
  const nodes = Math.ceil(pods / 100);
  console.log(`history: a Deployment of ${pods} pods on ${nodes} nodes, then ${restarts} rollout restarts`);
  const c = createCluster({ seed: 1 });
  for (let i = 0; i < nodes; i++) c.exec(`sim node add h${i} --cpu 64 --memory 256Gi --pods 110`);
  let history: ClusterHistory | undefined = new ClusterHistory();
  history.reset(c.snapshot().objects, c.now());
  const unwatch = c.onChange((e) => history!.record(e, c.now()));

  const running = () => c.list('Pod').filter((p) => (p.status as { phase?: string } | undefined)?.phase === 'Running' && !p.metadata?.deletionTimestamp).length;
  const settle = () => {
    for (let s = 0; s < 3600 && !(running() === pods && c.list('Pod').length === pods); s += 5) c.advance(5);
  };
  c.exec(`kubectl create deployment bench --image=nginx:1.27 --replicas=${pods}`);
  settle();
  const midMs = c.now();
  for (let r = 0; r < restarts; r++) {
    c.exec('kubectl rollout restart deployment bench');
    settle();
  }
  const withHistory = heap();
  const s = history.stats();
  console.log(`  ${s.changes} changes kept over ${((c.now() - s.fromMs) / 1000).toFixed(0)} virtual s; ${s.keyframes} keyframes holding ${s.keyframeEntries} entries; ${s.previous} previous versions; ${s.objects} live objects`);
  let t = performance.now();
  const past = history.stateAt(midMs);
  console.log(`  the cluster as it was after the first rollout: ${past.length} objects in ${(performance.now() - t).toFixed(1)} ms`);
  t = performance.now();
  const marks = history.changesSince(s.fromMs).length;
  console.log(`  the timeline's marks: ${marks} changes listed in ${(performance.now() - t).toFixed(1)} ms`);
  unwatch();
  history = undefined;
  const without = heap();
  console.log(`  heap held by the history: ${mb(withHistory - without)} (${((withHistory - without) / Math.max(1, s.changes)).toFixed(0)} bytes per change kept); heap with it ${mb(withHistory)}`);
}
