import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { createCluster } from '../src/engine/index.ts';
const nodes = Number(process.argv[2] ?? 1000), pods = Number(process.argv[3] ?? 30000);
const s = new Session(); s.connect();
await s.post('HeapProfiler.enable');
await s.post('HeapProfiler.startSampling', { samplingInterval: 64 * 1024 });
const c = createCluster({ seed: 1, clusterCIDR: '10.0.0.0/8' });
for (let i = 0; i < nodes; i++) c.exec(`sim node add n${i} --cpu 64 --memory 256Gi --pods 110`);
c.advance(5);
const per = 1000;
for (let d = 0; d < Math.ceil(pods / per); d++) c.exec('kubectl apply -f -', `apiVersion: apps/v1
kind: Deployment
metadata: {name: app${d}}
spec:
  replicas: ${Math.min(per, pods - d * per)}
  selector: {matchLabels: {app: app${d}}}
  template:
    metadata: {labels: {app: app${d}}}
    spec:
      containers:
      - name: app
        image: nginx:1.27
        resources: {requests: {cpu: 100m, memory: 128Mi}}
`);
for (let v = 0; v < 3600; v += 10) {
  c.advance(10);
  const r = c.list('Pod').filter((p) => p.metadata.namespace === 'default' && (p.status as { phase?: string })?.phase === 'Running').length;
  if (r >= pods) { console.log('running after', v + 10); break; }
}
global.gc!();
console.log('heap MB', Math.round(process.memoryUsage().heapUsed / 1048576), 'events', c.list('Event').length);
const { profile } = await s.post('HeapProfiler.getSamplingProfile');
writeFileSync(process.argv[4] ?? '/tmp/hp/heap.json', JSON.stringify(profile));
console.log(c.list('Pod').length);
