// Test builders for preemption, in the shape of upstream's st.MakePod()/st.MakeNode(): a framework with
// NodeResourcesFit (PreFilter, Filter) and DefaultPreemption (PostFilter) over a store and node infos.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import type { KubeObject } from '../../api/object.ts';
import { Store } from '../../apiserver/store.ts';
import { DEFAULT_START_MS, SimClock, toRFC3339 } from '../../sim/clock.ts';
import { SeededRng } from '../../sim/rng.ts';
import { CycleState, type Handle } from '../framework/interface.ts';
import { NodeInfo, podInfoOf } from '../framework/nodeinfo.ts';
import { Framework } from '../framework/runtime.ts';
import { DefaultPreemption, type DefaultPreemptionArgs } from '../plugins/DefaultPreemption.ts';
import { NodeResourcesFit } from '../plugins/NodeResourcesFit.ts';
import { PrioritySort } from '../plugins/PrioritySort.ts';

export const [negPriority, lowPriority, midPriority, highPriority, veryHighPriority] = [-100, 0, 100, 1000, 10000];
export type Res = { cpu?: string; memory?: string; pods?: string };
export const smallRes: Res = { cpu: '100m', memory: '100' };
export const mediumRes: Res = { cpu: '200m', memory: '200' };
export const largeRes: Res = { cpu: '300m', memory: '300' };
export const veryLargeRes: Res = { cpu: '500m', memory: '500' };

export interface PodOpts { node?: string; priority?: number; req?: Res; start?: number; labels?: Record<string, string> }

/** A pod in namespace default whose uid is its name; `start` is status.startTime in seconds after the epoch. */
export function makePod(name: string, o: PodOpts = {}): Pod & KubeObject {
  const requests = Object.fromEntries(Object.entries(o.req ?? {}).filter(([k]) => k !== 'pods'));
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, uid: name, namespace: 'default', ...(o.labels ? { labels: o.labels } : {}) },
    spec: { ...(o.node ? { nodeName: o.node } : {}), ...(o.priority !== undefined ? { priority: o.priority } : {}), containers: [{ name: 'c', image: 'pause', resources: { requests } }] },
    status: { phase: o.node ? 'Running' : 'Pending', ...(o.start !== undefined ? { startTime: toRFC3339(o.start * 1000) } : {}) },
  };
}

/** A node whose capacity is `res` with room for 32 pods unless `res` says otherwise (st.MakeNode().Capacity). */
export function makeNode(name: string, res: Res = veryLargeRes): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable: { pods: '32', ...res } as Record<string, string> } };
}

export function makePDB(name: string, matchLabels: Record<string, string>, disruptionsAllowed: number, disruptedPods?: Record<string, string>): PodDisruptionBudget & KubeObject {
  return {
    apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, namespace: 'default' },
    spec: { selector: { matchLabels } }, status: { disruptionsAllowed, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, ...(disruptedPods ? { disruptedPods } : {}) },
  };
}

export interface Harness {
  store: Store;
  infos: NodeInfo[];
  fwk: Framework;
  plugin: DefaultPreemption;
  state: CycleState;
  events: { name: string; reason: string; message: string }[];
}

/** Nodes, the pods on them, the preemptor (stored, PreFilter run) and PDBs. */
export function harness(nodes: Node[], pods: Pod[], preemptor: Pod, opts: { args?: DefaultPreemptionArgs; pdbs?: PodDisruptionBudget[]; seed?: number } = {}): Harness {
  const clock = new SimClock(DEFAULT_START_MS);
  const store = new Store(clock, new SeededRng(1));
  const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } };
  store.load([ns, ...pods, preemptor, ...(opts.pdbs ?? [])] as KubeObject[], 1);
  const infos = nodes.map((n) => new NodeInfo(n));
  for (const p of pods) infos.find((i) => i.name === p.spec?.nodeName)?.addPod(podInfoOf(p));
  const events: Harness['events'] = [];
  const fit = new NodeResourcesFit();
  const h = {} as Harness;
  const handle: Handle = {
    nodeInfos: () => infos,
    nodeInfo: (name) => infos.find((i) => i.name === name),
    now: () => clock.now(),
    waitingPods: () => [],
    pluginsRunner: () => h.fwk,
    recordEvent: (obj, _type, reason, message) => events.push({ name: obj.metadata.name!, reason, message }),
  };
  const plugin = new DefaultPreemption(opts.args ?? {}, handle, store, new SeededRng(opts.seed ?? 4));
  const fwk = new Framework('test', {
    preEnqueue: [], queueSort: new PrioritySort(), preFilter: [fit], filter: [fit], postFilter: [plugin],
    preScore: [], score: [], reserve: [], permit: [], preBind: [], bind: [], postBind: [],
  }, 0, new Map());
  const state = new CycleState();
  fwk.runPreFilter(state, preemptor, infos);
  return Object.assign(h, { store, infos, fwk, plugin, state, events });
}
