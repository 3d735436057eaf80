// The event path alone (issue 4): the scheduler's "Scheduled" Event for each of N pods, through the recorder,
// the correlator and the API server, as binding records it. `npm run bench -- --suite events [--events N]`.
import { Cluster } from '../src/engine/cluster.ts';
import type { KubeObject } from '../src/engine/api/object.ts';

const perSec = (n: number, ms: number) => `${Math.round(n / (ms / 1000)).toLocaleString('en-US')}/s`;
const cpuSecs = (from: NodeJS.CpuUsage) => { const u = process.cpuUsage(from); return ((u.user + u.system) / 1e6).toFixed(2); };

function arg(argv: string[], name: string, def: number): number {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : def;
}

export function eventsSuite(argv: string[]): void {
  const n = arg(argv, 'events', 100_000);
  const c = new Cluster({ seed: 1 });
  const pods: KubeObject[] = Array.from({ length: n }, (_, i) => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: `web-7d78d746c8-${i.toString(36).padStart(5, '0')}`, namespace: 'default', uid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, resourceVersion: String(i + 1) },
  }));
  const record = c.recorder.forSource({ component: 'default-scheduler' });
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const t = performance.now(), u = process.cpuUsage();
  pods.forEach((p, i) => record(p, 'Normal', 'Scheduled', `Successfully assigned default/${p.metadata.name} to n${i % 500}`));
  const wall = performance.now() - t;
  global.gc?.();
  console.log(`events: ${n} Scheduled Events recorded in ${(wall / 1000).toFixed(2)} s wall (cpu ${cpuSecs(u)} s), ${perSec(n, wall)}; heap +${Math.round((process.memoryUsage().heapUsed - heap0) / n)} B per Event`);
}
