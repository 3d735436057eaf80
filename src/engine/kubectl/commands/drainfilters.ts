// Which pods "kubectl drain" removes from a node (k8s.io/kubectl/pkg/drain filters.go): DaemonSet pods stay
// (an error without --ignore-daemonsets), mirror pods are skipped, emptyDir pods need --delete-emptydir-data,
// pods without a controller need --force; finished pods always go.
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { controllerOf } from '../../api/pod.ts';
import type { KubectlContext } from '../context.ts';

export type PodT = Pod & KubeObject;

const DAEMONSET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
const DAEMONSET_WARNING = 'ignoring DaemonSet-managed Pods';
const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)';
const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage';
const UNMANAGED_FATAL = 'cannot delete Pods that declare no controller (use --force to override)';
const UNMANAGED_WARNING = 'deleting Pods that declare no controller';
const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

export interface DrainOptions {
  force: boolean;
  ignoreAllDaemonSets: boolean;
  deleteEmptyDirData: boolean;
  /** --skip-wait-for-delete-timeout in seconds (0: never skip). */
  skipWaitForDeleteTimeoutSeconds: number;
}

interface Status { delete: boolean; reason: 'Okay' | 'Skip' | 'Warning' | 'Error'; message?: string }

const okay: Status = { delete: true, reason: 'Okay' };
const skip: Status = { delete: false, reason: 'Skip' };
const warning = (del: boolean, message: string): Status => ({ delete: del, reason: 'Warning', message });
const error = (message: string): Status => ({ delete: false, reason: 'Error', message });

const finished = (pod: PodT) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

type Filter = (pod: PodT) => Status;

function makeFilters(ctx: KubectlContext, o: DrainOptions): Filter[] {
  const skipDeleted: Filter = (pod) => {
    const ts = pod.metadata.deletionTimestamp;
    const old = ts && o.skipWaitForDeleteTimeoutSeconds > 0 && Math.trunc((ctx.clock.now() - Date.parse(ts)) / 1000) > o.skipWaitForDeleteTimeoutSeconds;
    return old ? skip : okay;
  };
  const daemonSet: Filter = (pod) => {
    const ref = controllerOf(pod);
    if (!ref || ref.kind !== 'DaemonSet' || finished(pod)) return okay;
    if (!ctx.store.tryGet('DaemonSet', pod.metadata.namespace, ref.name)) {
      const notFound = `daemonsets.apps "${ref.name}" not found`;
      return o.force ? warning(true, notFound) : error(notFound);
    }
    return o.ignoreAllDaemonSets ? warning(false, DAEMONSET_WARNING) : error(DAEMONSET_FATAL);
  };
  const mirror: Filter = (pod) => (pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined ? skip : okay);
  const localStorage: Filter = (pod) => {
    if (!(pod.spec?.volumes ?? []).some((v) => v.emptyDir) || finished(pod)) return okay;
    return o.deleteEmptyDirData ? warning(true, LOCAL_STORAGE_WARNING) : error(LOCAL_STORAGE_FATAL);
  };
  const unreplicated: Filter = (pod) => {
    if (finished(pod) || controllerOf(pod)) return okay;
    return o.force ? warning(true, UNMANAGED_WARNING) : error(UNMANAGED_FATAL);
  };
  return [skipDeleted, daemonSet, mirror, localStorage, unreplicated];
}

export interface PodDeleteList {
  /** The pods to evict or delete. */
  pods: PodT[];
  /** "ignoring DaemonSet-managed Pods: kube-system/x; …", empty when none. */
  warnings: string;
  /** "cannot delete …: ns/a, ns/b", one per reason. */
  errors: string[];
}

const podRef = (p: PodT) => `${p.metadata.namespace}/${p.metadata.name}`;

/** Group pod names by message, in the order the messages first appear. */
function group(items: { pod: PodT; status: Status }[], reason: Status['reason']): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const { pod, status } of items) {
    if (status.reason !== reason) continue;
    const key = status.message || 'unexpected error';
    m.set(key, [...(m.get(key) ?? []), podRef(pod)]);
  }
  return m;
}

/** GetPodsForDeletion: every pod on the node through the filters; the last filter's verdict counts. */
export function podsForDeletion(ctx: KubectlContext, pods: PodT[], o: DrainOptions): PodDeleteList {
  const filters = makeFilters(ctx, o);
  const items = pods.map((pod) => {
    let status = okay;
    for (const f of filters) {
      status = f(pod);
      if (!status.delete) break;
    }
    return { pod, status };
  });
  const warnings = [...group(items, 'Warning')].map(([msg, refs]) => `${msg}: ${refs.join(', ')}`).join('; ');
  const errors = [...group(items, 'Error')].map(([msg, refs]) => `${/^cannot delete/i.test(msg) ? msg : `cannot delete ${msg}`}: ${refs.join(', ')}`);
  return { pods: items.filter((i) => i.status.delete).map((i) => i.pod), warnings, errors };
}
