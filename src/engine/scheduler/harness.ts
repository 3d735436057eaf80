// The scheduler alone on an API server (no controllers, no kubelets), as upstream's scheduler_perf runs it:
// nodes and unbound pods are created in the store and the scheduler binds them. Benchmarks time it; the
// placement-equivalence test records where every pod went.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import { SYSTEM_PRIORITY_CLASSES } from '../apiserver/admission/plugins/priority.ts';
import { Store } from '../apiserver/store.ts';
import { EventRecorder } from '../client/events.ts';
import { SharedInformerFactory } from '../client/informer.ts';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import { Scheduler } from './scheduler.ts';

export type PodShape = 'plain' | 'antiAffinity' | 'affinity' | 'spread';

export interface Harness {
  store: Store;
  clock: SimClock;
  scheduler: Scheduler;
  addNodes(count: number, opts?: { cpu?: string; memory?: string; pods?: number; zones?: number }): void;
  /**
   * Unbound pods; with `replicaSet`, each group's pods are controlled by a ReplicaSet of that name prefix
   * (created on first use), so PodTopologySpread's system-default constraints apply to them.
   */
  addPods(count: number, shape?: PodShape, opts?: { namespace?: string; prefix?: string; cpu?: string; memory?: string; groups?: number; replicaSet?: string }): void;
  /** Run virtual time until every pod is bound or nothing is left to do; returns how many pods are bound. */
  run(limitMs?: number): number;
  /** pod name → node name of every bound pod. */
  placements(): Map<string, string>;
}

export function schedulerHarness(seed: number | string = 1): Harness {
  const clock = new SimClock();
  const root = new SeededRng(seed);
  const store = new Store(clock, root.fork('apiserver'));
  for (const name of ['default', 'kube-system']) store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  for (const pc of SYSTEM_PRIORITY_CLASSES) store.create(structuredClone(pc));
  const informers = new SharedInformerFactory(store, clock);
  const scheduler = new Scheduler(store, clock, informers, new EventRecorder(store, clock), root.fork('scheduler'));
  scheduler.start();
  informers.start();
  let nodeSeq = 0, podSeq = 0, bound = 0, total = 0;
  /** The controller reference of the group's ReplicaSet, created the first time a pod of the group is. */
  const controllerRef = (namespace: string, name: string, app: string) => {
    const rs = store.tryGet('ReplicaSet', namespace, name) ?? store.create({
      apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name, namespace },
      spec: { replicas: 0, selector: { matchLabels: { app } }, template: { metadata: { labels: { app } }, spec: { containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }] } } },
    } as KubeObject);
    return [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name, uid: rs.metadata.uid!, controller: true, blockOwnerDeletion: true }];
  };
  store.watch('Pod', {}, (e) => {
    if (e.type === 'MODIFIED' && (e.object as Pod).spec?.nodeName && !(e.prevObject as Pod | undefined)?.spec?.nodeName) bound++;
  });
  return {
    store, clock, scheduler,
    addNodes(count, opts = {}) {
      for (let i = 0; i < count; i++) {
        const name = `node-${nodeSeq++}`;
        const allocatable = { cpu: opts.cpu ?? '32', memory: opts.memory ?? '128Gi', pods: String(opts.pods ?? 110) };
        const node: Node & KubeObject = {
          apiVersion: 'v1', kind: 'Node',
          metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': `zone-${nodeSeq % (opts.zones ?? 3)}` } },
          spec: {},
          status: { capacity: allocatable, allocatable, conditions: [{ type: 'Ready', status: 'True' }] },
        };
        store.create(node);
      }
    },
    addPods(count, shape = 'plain', opts = {}) {
      const groups = opts.groups ?? 1;
      for (let i = 0; i < count; i++) {
        const n = podSeq++;
        const app = `app-${n % groups}`;
        const namespace = opts.namespace ?? 'default';
        const pod: Pod & KubeObject = {
          apiVersion: 'v1', kind: 'Pod',
          metadata: {
            name: `${opts.prefix ?? 'pod'}-${n}`, namespace, labels: { app, color: shape },
            ...(opts.replicaSet && { ownerReferences: controllerRef(namespace, `${opts.replicaSet}-${n % groups}`, app) }),
          },
          spec: {
            containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10', resources: { requests: { cpu: opts.cpu ?? '100m', memory: opts.memory ?? '128Mi' } } }],
            ...podShape(shape, app),
          },
        };
        store.create(pod);
        total++;
      }
    },
    run(limitMs = 3_600_000) {
      const limit = clock.now() + limitMs;
      while (bound < total && clock.now() <= limit && clock.step()) { /* step the simulation */ }
      return bound;
    },
    placements() {
      const out = new Map<string, string>();
      for (const p of store.list<Pod>('Pod')) if (p.spec?.nodeName) out.set(`${p.metadata.namespace}/${p.metadata.name}`, p.spec.nodeName);
      return out;
    },
  };
}

/** The shapes of scheduler_perf's workloads: required anti-affinity and affinity per hostname, zone spreading. */
function podShape(shape: PodShape, app: string): Partial<Pod['spec']> {
  const term = { labelSelector: { matchLabels: { app } }, topologyKey: 'kubernetes.io/hostname' };
  switch (shape) {
    case 'plain': return {};
    case 'antiAffinity': return { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } } };
    case 'affinity': return { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ ...term, topologyKey: 'topology.kubernetes.io/zone' }] } } };
    case 'spread': return { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app } } }] };
  }
}
