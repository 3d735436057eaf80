// kubectl get's human-readable tables: per-kind columns (columns/*.ts), decorated like kubectl's
// HumanReadablePrinter (NAMESPACE first with --all-namespaces, LABELS last with --show-labels, wide columns only
// with -o wide, no header with --no-headers, nothing at all for no rows) and laid out by its tabwriter.
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import type { TableDef } from './columns/column.ts';
import { networkPolicyTable } from './columns/networkpolicy.ts';
import { deploymentTable } from './columns/deployment.ts';
import { horizontalPodAutoscalerTable } from './columns/autoscaling.ts';
import { cronJobTable } from './columns/cronjob.ts';
import { eventTable } from './columns/event.ts';
import { jobTable } from './columns/job.ts';
import { nodeTable, runtimeClassTable } from './columns/node.ts';
import { certificateSigningRequestTable } from './columns/certificates.ts';
import { podTable } from './columns/pod.ts';
import { podGroupTable } from './columns/podgroup.ts';
import { replicaSetTable } from './columns/replicaset.ts';
import { controllerRevisionTable } from './columns/controllerrevision.ts';
import { daemonSetTable } from './columns/daemonset.ts';
import { statefulSetTable } from './columns/statefulset.ts';
import { configMapTable, genericTable, leaseTable, namespaceTable } from './columns/simple.ts';
import { limitRangeTable, podDisruptionBudgetTable, priorityClassTable, resourceQuotaTable, secretTable, serviceAccountTable } from './columns/policy.ts';
import { endpointsTable, endpointSliceTable, ingressClassTable, ingressTable, serviceTable } from './columns/service.ts';
import { csiDriverTable, csiNodeTable, persistentVolumeClaimTable, persistentVolumeTable, storageClassTable, volumeAttachmentTable } from './columns/storage.ts';
import { roleBindingTable, roleTable } from './columns/rbac.ts';
import { resourceClaimTable, resourceSliceTable } from './columns/resource.ts';
import { customResourceDefinitionTable, customResourceTable } from './columns/customresource.ts';
import { validatingAdmissionPolicyBindingTable, validatingAdmissionPolicyTable } from './columns/admissionpolicy.ts';
import { webhookConfigurationTable } from './columns/webhookconfiguration.ts';
import { formatLabels } from './labelmap.ts';
import { TABLE_TABWRITER, tabwrite } from './tabwriter.ts';

export interface TableOptions {
  wide: boolean;
  withNamespace: boolean;
  showLabels?: boolean;
  /** -L KEY: a column per label key (headed by the key's last path segment), before LABELS. */
  labelColumns?: string[];
  noHeaders?: boolean;
  /** Several kinds in one get: names print as "deployment.apps/web", as kubectl does then. */
  withKind?: boolean;
  /** Virtual milliseconds since the epoch. */
  now: number;
}

const tables: Record<string, TableDef> = {
  '/Pod': podTable,
  '/Node': nodeTable,
  'node.k8s.io/RuntimeClass': runtimeClassTable,
  'certificates.k8s.io/CertificateSigningRequest': certificateSigningRequestTable,
  '/Namespace': namespaceTable,
  '/ConfigMap': configMapTable,
  '/Event': eventTable,
  'events.k8s.io/Event': eventTable, // the view prints as the core Event it is stored as
  'apps/Deployment': deploymentTable,
  'apps/ReplicaSet': replicaSetTable,
  'apps/StatefulSet': statefulSetTable,
  'apps/DaemonSet': daemonSetTable,
  'apps/ControllerRevision': controllerRevisionTable,
  'batch/Job': jobTable,
  'batch/CronJob': cronJobTable,
  'coordination.k8s.io/Lease': leaseTable,
  '/ServiceAccount': serviceAccountTable,
  '/Secret': secretTable,
  '/ResourceQuota': resourceQuotaTable,
  '/LimitRange': limitRangeTable,
  'policy/PodDisruptionBudget': podDisruptionBudgetTable,
  'autoscaling/HorizontalPodAutoscaler': horizontalPodAutoscalerTable,
  'scheduling.k8s.io/PriorityClass': priorityClassTable,
  'scheduling.x-k8s.io/PodGroup': podGroupTable,
  '/Service': serviceTable,
  '/Endpoints': endpointsTable,
  'discovery.k8s.io/EndpointSlice': endpointSliceTable,
  'networking.k8s.io/Ingress': ingressTable,
  'networking.k8s.io/IngressClass': ingressClassTable,
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': webhookConfigurationTable,
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': webhookConfigurationTable,
  'networking.k8s.io/NetworkPolicy': networkPolicyTable,
  '/PersistentVolume': persistentVolumeTable,
  '/PersistentVolumeClaim': persistentVolumeClaimTable,
  'storage.k8s.io/StorageClass': storageClassTable,
  'storage.k8s.io/VolumeAttachment': volumeAttachmentTable,
  'storage.k8s.io/CSIDriver': csiDriverTable,
  'storage.k8s.io/CSINode': csiNodeTable,
  'apiextensions.k8s.io/CustomResourceDefinition': customResourceDefinitionTable,
  'resource.k8s.io/ResourceClaim': resourceClaimTable,
  'resource.k8s.io/ResourceSlice': resourceSliceTable,
  'rbac.authorization.k8s.io/Role': roleTable,
  'rbac.authorization.k8s.io/ClusterRole': roleTable,
  'rbac.authorization.k8s.io/RoleBinding': roleBindingTable,
  'rbac.authorization.k8s.io/ClusterRoleBinding': roleBindingTable,
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy': validatingAdmissionPolicyTable,
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding': validatingAdmissionPolicyBindingTable,
};

export function tableFor(kind: KindInfo): TableDef {
  return tables[`${kind.group}/${kind.kind}`] ?? (kind.custom ? customResourceTable(kind.custom) : genericTable);
}

/** The column headers a table would print (upper-cased), after decoration. */
export function tableHeaders(kind: KindInfo, opts: Pick<TableOptions, 'wide' | 'withNamespace' | 'showLabels' | 'labelColumns'>): string[] {
  const headers = tableFor(kind).columns.filter((c) => opts.wide || !c.wide).map((c) => c.name.toUpperCase());
  if (opts.withNamespace) headers.unshift('NAMESPACE');
  for (const key of opts.labelColumns ?? []) headers.push((key.split('/').pop() ?? key).toUpperCase());
  if (opts.showLabels) headers.push('LABELS');
  return headers;
}

const CELL_BREAK = /[\f\n\r]/;

/** A cell stops at its first line break, marked with "..." (tableprinter's appendCellValue); tabs would split it. */
function sanitizeCell(cell: string): string {
  const m = CELL_BREAK.exec(cell);
  const s = m ? `${cell.slice(0, m.index)}...` : cell;
  return s.replace(/\t/g, ' ');
}

export function printTable(kind: KindInfo, objects: KubeObject[], opts: TableOptions): string {
  if (objects.length === 0) return '';
  const def = tableFor(kind);
  const visible = def.columns.map((c) => opts.wide || !c.wide);
  const lines: string[] = [];
  if (!opts.noHeaders) lines.push(tableHeaders(kind, opts).join('\t'));
  for (const obj of objects) {
    const cells = def.row(obj, { now: opts.now }).filter((_, i) => visible[i]);
    if (opts.withKind) cells[0] = `${kind.group ? `${kind.singular}.${kind.group}` : kind.singular}/${cells[0]}`;
    if (opts.withNamespace) cells.unshift(obj.metadata?.namespace ?? '');
    for (const key of opts.labelColumns ?? []) cells.push(obj.metadata?.labels?.[key] ?? '');
    if (opts.showLabels) cells.push(formatLabels(obj.metadata?.labels));
    lines.push(cells.map(sanitizeCell).join('\t'));
  }
  const text = tabwrite(lines.join('\n') + '\n', TABLE_TABWRITER);
  return text.split('\n').map((l) => l.trimEnd()).join('\n');
}

/** What kubectl get prints on stderr when nothing matched: "No resources found in default namespace." */
export function noResourcesMessage(namespace?: string): string {
  return namespace ? `No resources found in ${namespace} namespace.` : 'No resources found';
}
