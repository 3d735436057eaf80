// The helm tests' cluster: one node with room for a chart's pods, not waited for (helm's own waits run the clock).
import { createCluster, type ExecResult, type KubesimCluster } from '../index.ts';

export function cluster(): KubesimCluster {
  const c = createCluster({ seed: 1 });
  c.exec('sim node add w1 --cpu 8 --memory 16Gi');
  return c;
}

export const run = (c: KubesimCluster, line: string): ExecResult => c.exec(line);

/** The command's output; a failure throws with its error text. */
export function ok(c: KubesimCluster, line: string): string {
  const r = run(c, line);
  if (r.code !== 0) throw new Error(`${line}: ${r.stderr}`);
  return r.stdout;
}
