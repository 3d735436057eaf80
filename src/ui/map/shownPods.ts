// The pods the Nodes map shows: the filters applied, grouped by node, with the legend's counts, the number of
// system pods and every pod's namespace. Kept up from each view's changes (MapView.changesSince): a pass over
// every pod and a regrouping by node on every change was the larger part of the map's script time in a rollout.
import { useRef } from 'react';
import { isSystemNamespace } from '../../worker/namespaces.ts';
import type { PodView } from '../../worker/protocol.ts';
import type { MapView } from '../state/mapView.ts';
import { podPasses, type MapFilters } from './filters.ts';
import { podTone, type PodTone } from './tone.ts';

export interface ShownPods {
  /** The shown pods per node name ('' for none); a list is a new array only when its pods changed. */
  byNode: ReadonlyMap<string, readonly PodView[]>;
  count: number;
  systemCount: number;
  /** The namespaces of all pods, shown or not, sorted. */
  namespaces: readonly string[];
  toneCounts: ReadonlyMap<PodTone, number>;
}

export interface ShownCriteria {
  filters: MapFilters;
  showSystem: boolean;
  /** The label selector's matches (useSelectedPods), undefined without a selector. */
  selected?: ReadonlySet<string>;
}

/** The pods grouped by node in the order given, unfiltered ('' for none): what layoutCluster takes. */
export function groupByNode(pods: Iterable<PodView>): Map<string, PodView[]> {
  const out = new Map<string, PodView[]>();
  for (const p of pods) {
    let list = out.get(p.nodeName);
    if (!list) out.set(p.nodeName, (list = []));
    list.push(p);
  }
  return out;
}

function bump<K>(counts: Map<K, number>, key: K, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n) counts.set(key, n);
  else counts.delete(key);
}

/** The index behind ShownPods: what each pod counted for, so a changed pod is taken out and put back. */
export class ShownPodsIndex {
  /** Every pod as it was counted, shown or not. */
  private readonly counted = new Map<string, PodView>();
  private readonly buckets = new Map<string, Map<string, PodView>>();
  private readonly lists = new Map<string, readonly PodView[]>();
  private readonly namespaceCounts = new Map<string, number>();
  private readonly tones = new Map<PodTone, number>();
  private shownCount = 0;
  private systemCount = 0;
  private namespaces: readonly string[] = [];
  private readonly hideSystem: boolean;

  constructor(readonly criteria: ShownCriteria) {
    const ns = criteria.filters.namespace;
    // A namespace chosen by name is shown even when it is a system one.
    this.hideSystem = !criteria.showSystem && !(ns && isSystemNamespace(ns));
  }

  private shows(p: PodView): boolean {
    if (this.hideSystem && isSystemNamespace(p.namespace)) return false;
    return podPasses(p, this.criteria.filters, this.criteria.selected);
  }

  /** Count `p` in (sign 1) or out (-1); true when a namespace came or went with it. */
  private tally(p: PodView, sign: 1 | -1): boolean {
    const newNamespace = sign > 0 ? !this.namespaceCounts.has(p.namespace) : this.namespaceCounts.get(p.namespace) === 1;
    bump(this.namespaceCounts, p.namespace, sign);
    if (isSystemNamespace(p.namespace)) this.systemCount += sign;
    if (!this.shows(p)) return newNamespace;
    this.shownCount += sign;
    bump(this.tones, podTone(p), sign);
    return newNamespace;
  }

  /** Bring the index up to date for `keys` (every key when undefined) from `view`. */
  update(view: MapView<PodView>, keys?: Iterable<string>): ShownPods {
    const dirty = new Set<string>();
    let namespacesChanged = false;
    for (const key of keys ?? view.keys()) {
      const was = this.counted.get(key);
      const now = view.get(key);
      if (was === now) continue;
      if (was) {
        namespacesChanged = this.tally(was, -1) || namespacesChanged;
        this.counted.delete(key);
        // A pod still shown on the same node keeps its place in the node's list (Map.set below).
        if (this.shows(was) && !(now && this.shows(now) && now.nodeName === was.nodeName)) {
          this.buckets.get(was.nodeName)!.delete(key);
          dirty.add(was.nodeName);
        }
      }
      if (now) {
        namespacesChanged = this.tally(now, 1) || namespacesChanged;
        this.counted.set(key, now);
        if (this.shows(now)) {
          let bucket = this.buckets.get(now.nodeName);
          if (!bucket) this.buckets.set(now.nodeName, (bucket = new Map()));
          bucket.set(key, now);
          dirty.add(now.nodeName);
        }
      }
    }
    for (const node of dirty) {
      const bucket = this.buckets.get(node)!;
      if (bucket.size) this.lists.set(node, [...bucket.values()]);
      else {
        this.buckets.delete(node);
        this.lists.delete(node);
      }
    }
    if (namespacesChanged) this.namespaces = [...this.namespaceCounts.keys()].sort();
    return {
      byNode: new Map(this.lists), count: this.shownCount, systemCount: this.systemCount,
      namespaces: this.namespaces, toneCounts: new Map(this.tones),
    };
  }
}

function sameCriteria(a: ShownCriteria, b: ShownCriteria): boolean {
  return a.filters === b.filters && a.showSystem === b.showSystem && a.selected === b.selected;
}

/** The shown pods of `view`: from the changes since the last view when the criteria are the same, else afresh. */
export function useShownPods(view: MapView<PodView>, criteria: ShownCriteria): ShownPods {
  // Written during render, as useIncremental does: the index always matches the view stored beside it.
  const last = useRef<{ view: MapView<PodView>; index: ShownPodsIndex; shown: ShownPods }>(undefined);
  const prev = last.current;
  if (prev && prev.view === view && sameCriteria(prev.index.criteria, criteria)) return prev.shown;
  const changes = prev && sameCriteria(prev.index.criteria, criteria) ? view.changesSince(prev.view) : undefined;
  let index: ShownPodsIndex;
  let shown: ShownPods;
  if (prev && changes) {
    index = prev.index;
    const touched = new Set<string>();
    for (const p of changes.removed) touched.add(p.key);
    for (const p of changes.upserts) touched.add(p.key);
    shown = index.update(view, touched);
  } else {
    index = new ShownPodsIndex(criteria);
    shown = index.update(view);
  }
  last.current = { view, index, shown };
  return shown;
}
