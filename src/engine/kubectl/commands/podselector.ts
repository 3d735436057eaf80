// The pods a workload or Service stands for when a command that needs one pod is given the object (kubectl logs,
// exec, attach, cp and port-forward take deploy/web or svc/web): kubectl's polymorphichelpers.SelectorsForObject.
import type { ReplicationControllerSpec, Service } from 'kubernetes-types/core/v1';
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { selectorFromLabelSelector, selectorFromSet, type Selector } from '../../api/labels.ts';

const WITH_LABEL_SELECTOR = new Set(['ReplicaSet', 'StatefulSet', 'DaemonSet', 'Deployment', 'Job']);

/** %T of the typed object kubectl decoded (*v1.Service, *v1.ConfigMap; custom resources are unstructured). */
export function goType(info: KindInfo): string {
  return info.custom ? '*unstructured.Unstructured' : `*${info.version}.${info.kind}`;
}

/** polymorphichelpers.SelectorsForObject: which pods an object stands for (its selector, a Service's plain map too). */
export function selectorsForObject(info: KindInfo, obj: KubeObject): Selector {
  if (info.kind === 'Service') {
    const sel = (obj as Service).spec?.selector;
    if (!sel || !Object.keys(sel).length) throw new Error(`invalid service '${obj.metadata.name}': Service is defined without a selector`);
    return selectorFromSet(sel);
  }
  if (info.kind === 'ReplicationController') return selectorFromSet((obj.spec as ReplicationControllerSpec | undefined)?.selector);
  if (!info.custom && WITH_LABEL_SELECTOR.has(info.kind)) {
    return selectorFromLabelSelector((obj.spec as { selector?: Parameters<typeof selectorFromLabelSelector>[0] } | undefined)?.selector);
  }
  throw new Error(`selector for ${goType(info)} not implemented`);
}
