// The kube-system/cluster-autoscaler-status ConfigMap (clusterstate/utils/status.go): the autoscaler's health,
// scale-up and scale-down state, cluster-wide and per node group, as YAML under data.status, rewritten each loop.
import type { ConfigMap, Node } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import type { Store } from '../apiserver/store.ts';
import { toYaml } from '../kubectl/printers/format.ts';
import { toRFC3339, type SimClock } from '../sim/clock.ts';
import type { CloudProvider } from './cloudprovider.ts';
import { isNodeReady } from '../controllers/nodeutil.ts';

export const STATUS_CONFIGMAP = 'cluster-autoscaler-status';
/** ConfigMapLastUpdatedKey. */
export const LAST_UPDATED = 'cluster-autoscaler.kubernetes.io/last-updated';

export interface LoopStatus {
  nodes: readonly Node[];
  /** Machines booting, not registered yet. */
  upcoming: number;
  scaleUpInProgress: boolean;
  /** Nodes unneeded now (scale-down candidates), per node group. */
  candidates: ReadonlyMap<string, number>;
}

/** ConfigMapLastUpdateFormat, Go's "2006-01-02 15:04:05.999999999 -0700 MST" in UTC (trailing zeros of the fraction dropped). */
export function lastUpdatedFormat(ms: number): string {
  const iso = toRFC3339(ms).replace(/Z$/, '');
  const frac = ms % 1000 ? `.${String(ms % 1000).padStart(3, '0').replace(/0+$/, '')}` : '';
  return `${iso.replace('T', ' ')}${frac} +0000 UTC`;
}

export class StatusWriter {
  /** The last status per line, so that lastTransitionTime moves only when the status does. */
  private readonly seen = new Map<string, { status: string; at: string }>();

  constructor(private readonly store: Store, private readonly clock: SimClock, private readonly cloud: CloudProvider) {}

  write(s: LoopStatus): void {
    const { store, clock, cloud, seen } = this;
    const now = clock.nowRFC3339();
    const line = (key: string, status: string, extra: Record<string, unknown> = {}) => {
      const last = seen.get(key);
      const at = last && last.status === status ? last.at : now;
      seen.set(key, { status, at });
      return { status, ...extra, lastProbeTime: now, lastTransitionTime: at };
    };
    const counts = (nodes: readonly Node[], upcoming: number) => {
      const ready = nodes.filter(isNodeReady).length;
      return { registered: { total: nodes.length, ready, notStarted: nodes.length - ready }, longUnregistered: 0, unregistered: upcoming };
    };
    const status = {
      time: lastUpdatedFormat(clock.now()),
      autoscalerStatus: 'Running',
      clusterWide: {
        health: line('health', 'Healthy', { nodeCounts: counts(s.nodes, s.upcoming) }),
        scaleUp: line('scaleUp', s.scaleUpInProgress ? 'InProgress' : 'NoActivity'),
        scaleDown: line('scaleDown', [...s.candidates.values()].reduce((a, b) => a + b, 0) ? 'CandidatesPresent' : 'NoCandidates', { candidates: [...s.candidates.values()].reduce((a, b) => a + b, 0) }),
      },
      nodeGroups: cloud.nodeGroups().map((g) => {
        const nodes = s.nodes.filter((n) => cloud.groupOf(n) === g.name);
        const booting = cloud.upcomingOf(g.name).length;
        return {
          name: g.name,
          health: line(`${g.name}/health`, 'Healthy', { nodeCounts: counts(nodes, booting), cloudProviderTarget: nodes.length + booting, minSize: g.minSize, maxSize: g.maxSize }),
          scaleUp: line(`${g.name}/scaleUp`, booting || nodes.some((n) => !isNodeReady(n)) ? 'InProgress' : 'NoActivity'),
          scaleDown: line(`${g.name}/scaleDown`, s.candidates.get(g.name) ? 'CandidatesPresent' : 'NoCandidates', { candidates: s.candidates.get(g.name) ?? 0 }),
        };
      }),
    };
    const data = { status: toYaml(status, { sortKeys: false }) };
    const annotations = { [LAST_UPDATED]: lastUpdatedFormat(clock.now()) };
    const cm = store.tryGet<ConfigMap>('ConfigMap', 'kube-system', STATUS_CONFIGMAP);
    if (!cm) store.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: STATUS_CONFIGMAP, namespace: 'kube-system', annotations }, data } as KubeObject);
    else store.update({ ...cm, metadata: { ...cm.metadata, annotations: { ...cm.metadata?.annotations, ...annotations } }, data } as KubeObject);
  }
}
