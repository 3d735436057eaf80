// The taints the node lifecycle controller manages: condition → taint key, the NoExecute templates, and the
// swaps it writes (pkg/controller/nodelifecycle, pkg/util/taints, controller.AddOrUpdateTaintOnNode).
import type { Node, NodeCondition, Taint } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { Store } from '../../apiserver/store.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';

export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
export const TAINT_OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';

export const UNREACHABLE_TAINT: Taint = { key: TAINT_UNREACHABLE, effect: 'NoExecute' };
export const NOT_READY_TAINT: Taint = { key: TAINT_NOT_READY, effect: 'NoExecute' };

/** nodeConditionToTaintKeyStatusMap: which condition in which status earns which taint key. */
export const CONDITION_TAINTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Ready: { False: TAINT_NOT_READY, Unknown: TAINT_UNREACHABLE },
  MemoryPressure: { True: 'node.kubernetes.io/memory-pressure' },
  DiskPressure: { True: 'node.kubernetes.io/disk-pressure' },
  NetworkUnavailable: { True: 'node.kubernetes.io/network-unavailable' },
  PIDPressure: { True: 'node.kubernetes.io/pid-pressure' },
};

const CONDITION_TAINT_KEYS = new Set(Object.values(CONDITION_TAINTS).flatMap((m) => Object.values(m)));

/** Taint.MatchTaint: the same key and effect. */
export function matchTaint(a: Taint, b: Taint): boolean {
  return a.key === b.key && a.effect === b.effect;
}

export function taintExists(taints: readonly Taint[] | undefined, t: Taint): boolean {
  return (taints ?? []).some((x) => matchTaint(x, t));
}

/** The NoSchedule taints the node's conditions (and spec.unschedulable) call for. */
export function noScheduleTaintsFor(conditions: readonly NodeCondition[] | undefined, unschedulable: boolean | undefined): Taint[] {
  const out: Taint[] = [];
  for (const c of conditions ?? []) {
    const key = CONDITION_TAINTS[c.type]?.[c.status];
    if (key) out.push({ key, effect: 'NoSchedule' });
  }
  if (unschedulable) out.push({ key: TAINT_UNSCHEDULABLE, effect: 'NoSchedule' });
  return out;
}

/** The node's NoSchedule taints that this controller owns (condition taints and the unschedulable one). */
export function controllerNoScheduleTaints(taints: readonly Taint[] | undefined): Taint[] {
  return (taints ?? []).filter((t) => t.effect === 'NoSchedule' && (t.key === TAINT_UNSCHEDULABLE || CONDITION_TAINT_KEYS.has(t.key)));
}

/** TaintSetDiff: what to add to `current` and what to remove from it to get `wanted`. */
export function taintSetDiff(wanted: readonly Taint[], current: readonly Taint[]): { add: Taint[]; remove: Taint[] } {
  return {
    add: wanted.filter((t) => !taintExists(current, t)),
    remove: current.filter((t) => !taintExists(wanted, t)),
  };
}

/**
 * SwapNodeControllerTaint: add (stamped with timeAdded, replacing a match) and remove taints on the stored
 * node. Returns false when the node is gone.
 */
export function swapNodeTaints(store: Store, name: string, add: readonly Taint[], remove: readonly Taint[], now: string): boolean {
  return editTaints(store, name, (current) => {
    const taints = [...current];
    for (const t of add) {
      const stamped = { ...t, timeAdded: now };
      const i = taints.findIndex((x) => matchTaint(x, t));
      if (i < 0) taints.push(stamped); else if (!jsonEqual(taints[i], stamped)) taints[i] = stamped;
    }
    return withoutTaints(taints, remove);
  });
}

/** RemoveTaintOffNode: only when the node (as the caller saw it) carries one of them. */
export function removeTaintsOffNode(store: Store, node: Node, taints: readonly Taint[]): boolean {
  if (!taints.some((t) => taintExists(node.spec?.taints, t))) return true;
  return editTaints(store, node.metadata!.name!, (current) => withoutTaints(current, taints));
}

function withoutTaints(taints: readonly Taint[], remove: readonly Taint[]): Taint[] {
  return taints.filter((x) => !remove.some((t) => matchTaint(x, t)));
}

/** Rewrite the stored node's taints; false when the node is gone. */
function editTaints(store: Store, name: string, edit: (taints: readonly Taint[]) => Taint[]): boolean {
  const node = store.tryGet<Node>('Node', undefined, name);
  if (!node) return false;
  const taints = edit(node.spec?.taints ?? []);
  if (jsonEqual(taints, node.spec?.taints ?? [])) return true;
  const spec = { ...node.spec };
  if (taints.length) spec.taints = taints; else delete spec.taints;
  store.update({ ...node, spec } as Node & KubeObject);
  return true;
}
