// The pod workers' status flush skips a pod whose status is up to date (nothing changed since its last write):
// the skip must never hold back a change. Compared with the same runs where every flush builds the status.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KubesimCluster } from '../../index.ts';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';
import { PodWorkers } from './podworkers.ts';
import { StepQueue } from './stepqueue.ts';

interface PodPlan {
  restartPolicy: 'Always' | 'OnFailure' | 'Never';
  init: 'none' | 'exits' | 'sidecar';
  behavior: string;
  probes: { readiness: boolean; liveness: boolean; startup: boolean };
  tag: string;
}

type Step =
  | { kind: 'wait'; s: number }
  | { kind: 'crash' | 'kill' | 'delete' | 'force' | 'image'; pod: number }
  | { kind: 'reconnect' };

const BEHAVIORS = ['', 'crash-after=3s', 'exit-after=5s,code=0', 'exit-after=4s,code=1', 'readiness=fail-after=12s', 'readiness=pass-after=8s', 'liveness=fail-after=10s', 'startup=pass-after=6s'];

const plan: fc.Arbitrary<PodPlan> = fc.record({
  restartPolicy: fc.constantFrom('Always', 'OnFailure', 'Never'),
  init: fc.constantFrom('none', 'exits', 'sidecar'),
  behavior: fc.constantFrom(...BEHAVIORS),
  probes: fc.record({ readiness: fc.boolean(), liveness: fc.boolean(), startup: fc.boolean() }),
  tag: fc.constantFrom('1.27', '1.27', '1.27', 'doesnotexist'),
});

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('wait' as const), s: fc.integer({ min: 1, max: 25 }) }),
  fc.record({ kind: fc.constantFrom('crash' as const, 'kill' as const, 'delete' as const, 'image' as const), pod: fc.nat(2) }),
  fc.record({ kind: fc.constant('reconnect' as const) }),
);

function podYaml(name: string, p: PodPlan, tag: string): string {
  const probe = (field: string, period: number, failures: number) => `    ${field}:\n      httpGet: {path: /, port: 80}\n      periodSeconds: ${period}\n      failureThreshold: ${failures}\n`;
  const init = p.init === 'none' ? '' : `  initContainers:\n  - name: prep\n    image: nginx:1.27\n${p.init === 'sidecar' ? '    restartPolicy: Always\n' : ''}`;
  const behavior = [p.behavior && `app: ${p.behavior}`, p.init === 'exits' && 'prep: exit-after=2s,code=0'].filter(Boolean).join('; ');
  return `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  annotations:\n    kubesim.io/behavior: "${behavior}"\nspec:\n  restartPolicy: ${p.restartPolicy}\n  terminationGracePeriodSeconds: 5\n${init}  containers:\n  - name: app\n    image: nginx:${tag}\n`
    + (p.probes.readiness ? probe('readinessProbe', 2, 1) : '') + (p.probes.liveness ? probe('livenessProbe', 3, 1) : '') + (p.probes.startup ? probe('startupProbe', 2, 30) : '');
}

/** Every change the cluster makes (objects with their statuses), at the virtual millisecond it was written. */
function run(pods: PodPlan[], steps: Step[]): string[] {
  const c: KubesimCluster = clusterWithNodes(1);
  const log: string[] = [];
  c.onChange((e) => log.push(`${c.now()} ${e.type} ${JSON.stringify(e.object)}`));
  pods.forEach((p, i) => mustExec(c, 'kubectl apply -f -', podYaml(`p${i}`, p, p.tag)));
  for (const s of steps) {
    if (s.kind === 'wait') { c.advance(s.s); continue; }
    if (s.kind === 'reconnect') { mustExec(c, 'sim node stop w1'); c.advance(2); mustExec(c, 'sim node start w1'); continue; }
    const p = pods[s.pod];
    if (!p) continue;
    const name = `p${s.pod}`;
    if (s.kind === 'crash') c.exec(`sim container crash ${name} app`);
    else if (s.kind === 'kill') c.exec(`sim pod kill ${name}`);
    else if (s.kind === 'delete') c.exec(`kubectl delete pod ${name} --wait=false`);
    else if (s.kind === 'force') c.exec(`kubectl delete pod ${name} --grace-period=0 --force`);
    else c.exec('kubectl apply -f -', podYaml(name, p, p.tag === '1.28' ? '1.27' : '1.28'));
    c.advance(1);
  }
  c.advance(40);
  return log;
}

type Flushes = { upToDate(): boolean };
interface Worker { uid: string; pod: { metadata: { namespace?: string; name?: string } } }
type StoredReads = { storedPod(w: Worker): unknown; cfg: { store: { tryGet(kind: string, ns: string | undefined, name: string): { metadata: { uid?: string } } | undefined } } };

describe('status flush', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('property: skipping up-to-date pods writes the same objects at the same times as building every status', () => {
    let skipped = 0;
    fc.assert(fc.property(fc.array(plan, { minLength: 1, maxLength: 3 }), fc.array(step, { minLength: 1, maxLength: 8 }), (pods, steps) => {
      const skips = vi.spyOn(PodWorkers.prototype as unknown as Flushes, 'upToDate');
      const withSkip = run(pods, steps);
      skipped += skips.mock.results.filter((r) => r.value === true).length;
      skips.mockReturnValue(false);
      const everyFlush = run(pods, steps);
      vi.restoreAllMocks();
      expect(withSkip).toEqual(everyFlush);
    }), { numRuns: 25, seed: 7 });
    expect(skipped).toBeGreaterThan(100);
  }, 120_000);
});

/** Force deletions too: the pod is gone from the store while its worker still runs. */
const stepsWithForce = fc.array(fc.oneof(step, fc.record({ kind: fc.constant('force' as const), pod: fc.nat(2) })), { minLength: 1, maxLength: 8 });

/** Runs the plans with the spies `spy` sets up, and removes them again; returns what `spy` returned. */
function runSpied<T>(spy: () => T, pods: PodPlan[], steps: Step[]): T {
  const spied = spy();
  try {
    run(pods, steps);
  } finally {
    vi.restoreAllMocks();
  }
  return spied;
}

/** Spies on storedPod: every read must give the store's own version of the worker's pod. Counts the reads. */
function checkStoredReads(): { reads: number } {
  const proto = PodWorkers.prototype as unknown as StoredReads;
  const kept = proto.storedPod;
  const checked = { reads: 0 };
  vi.spyOn(proto, 'storedPod').mockImplementation(function (this: StoredReads, w: Worker) {
    const read = this.cfg.store.tryGet('Pod', w.pod.metadata.namespace, w.pod.metadata.name!);
    const got = kept.call(this, w);
    checked.reads++;
    expect(got).toBe(read?.metadata.uid === w.uid ? read : undefined);
    return got;
  });
  return checked;
}

describe('the stored pod the watch keeps', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('property: is at every read the one the store holds under the pod\'s name (when it is the worker\'s pod)', () => {
    let reads = 0;
    fc.assert(fc.property(fc.array(plan, { minLength: 1, maxLength: 3 }), stepsWithForce, (pods, steps) => {
      reads += runSpied(checkStoredReads, pods, steps).reads;
    }), { numRuns: 25, seed: 11 });
    expect(reads).toBeGreaterThan(100);
  }, 120_000);

  it('starts from the version admission read, not the older one the informer hands the kubelet', () => {
    const checked = checkStoredReads();
    const c = clusterWithNodes(1);
    // Bound at creation, then changed before the kubelet's informer delivers the add (of the first version).
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p0\nspec:\n  nodeName: w1\n  containers:\n  - name: app\n    image: nginx:1.27\n');
    mustExec(c, 'kubectl label pod p0 changed=yes');
    c.advance(5);
    expect(checked.reads).toBeGreaterThan(0);
    expect((c.list('Pod')[0] as { status?: { phase?: string } }).status?.phase).toBe('Running');
  });
});

type Unclaimed = { unclaimedNow(pod: Worker['pod'] & { metadata: { uid?: string } }): unknown } & StoredReads;

describe('the pods without a worker the watch keeps', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('property: admission and a new worker start from the store\'s own version of the pod', () => {
    let reads = 0;
    fc.assert(fc.property(fc.array(plan, { minLength: 1, maxLength: 3 }), stepsWithForce, (pods, steps) => {
      runSpied(() => {
        const proto = PodWorkers.prototype as unknown as Unclaimed;
        const kept = proto.unclaimedNow;
        vi.spyOn(proto, 'unclaimedNow').mockImplementation(function (this: Unclaimed, pod) {
          const read = this.cfg.store.tryGet('Pod', pod.metadata.namespace, pod.metadata.name!);
          const got = kept.call(this, pod);
          reads++;
          expect(got).toBe(read?.metadata.uid === pod.metadata.uid ? read : undefined);
          return got;
        });
      }, pods, steps);
    }), { numRuns: 25, seed: 13 });
    expect(reads).toBeGreaterThan(50);
  }, 120_000);
});

type Queued = { clock: { after(ms: number, fn: () => void): unknown }; delayMs: number; run(item: unknown): void };

describe('the workers\' step queues', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('property: write the same objects at the same times as a closure per delayed step', () => {
    fc.assert(fc.property(fc.array(plan, { minLength: 1, maxLength: 3 }), fc.array(step, { minLength: 1, maxLength: 8 }), (pods, steps) => {
      const queued = run(pods, steps);
      vi.spyOn(StepQueue.prototype as unknown as Queued & { schedule(item: unknown): void }, 'schedule').mockImplementation(function (this: Queued, item) {
        this.clock.after(this.delayMs, () => this.run(item));
      });
      const closures = run(pods, steps);
      vi.restoreAllMocks();
      expect(queued).toEqual(closures);
    }), { numRuns: 25, seed: 17 });
  }, 120_000);
});

describe('pod updates', () => {
  it('a new image of a running container restarts it; the pod\'s own status writes do not', () => {
    const c = clusterWithNodes(1);
    const plain: PodPlan = { restartPolicy: 'Always', init: 'none', behavior: '', probes: { readiness: false, liveness: false, startup: false }, tag: '1.27' };
    mustExec(c, 'kubectl apply -f -', podYaml('p0', plain, '1.27'));
    c.advance(10);
    const killing = () => c.list('Event').filter((e) => (e as { reason?: string }).reason === 'Killing').map((e) => (e as { message?: string }).message);
    expect(killing()).toEqual([]);
    mustExec(c, 'kubectl apply -f -', podYaml('p0', plain, '1.28'));
    c.advance(10);
    expect(killing()).toEqual(['Container app definition changed, will be restarted']);
  });
});
