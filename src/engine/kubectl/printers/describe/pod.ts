// kubectl describe pod (describePod).
import type { Pod, ResourceRequirements } from 'kubernetes-types/core/v1';
import type { OwnerReference } from 'kubernetes-types/meta/v1';
import { podQOSClass } from '../../../api/pod.ts';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import { formatRFC1123Z, translateTimestampSince } from '../time.ts';
import { describeContainers, describeResources } from './containers.ts';
import type { DescribeContext } from './context.ts';
import { envValueRetriever } from './env.ts';
import { describeEvents, searchEvents } from './events.ts';
import { printAnnotationsMultiline, printLabelsMultiline, printTolerationsMultiline } from './multiline.ts';
import { describeTopologySpreadConstraints } from './topology.ts';
import { describeVolumes } from './volumes.ts';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './writer.ts';

const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

/** "ReplicaSet/web-5d7b9f7c4" for the controller owner reference, if any. */
export function printController(owners: OwnerReference[] | undefined): string {
  const ref = (owners ?? []).find((o) => o.controller);
  return ref ? `${ref.kind}/${ref.name}` : '';
}

function describePodIPs(pod: Pod, w: PrefixWriter, space: string): void {
  const ips = pod.status?.podIPs ?? [];
  if (ips.length === 0) {
    w.write(LEVEL_0, `${space}IPs:\t<none>\n`);
    return;
  }
  w.write(LEVEL_0, `${space}IPs:\n`);
  for (const ip of ips) w.write(LEVEL_1, `IP:\t${ip.ip}\n`);
}

export function describePod(obj: KubeObject, ctx: DescribeContext): string {
  const pod = typed<Pod>(obj);
  const meta = pod.metadata ?? {};
  const spec = pod.spec;
  const status = pod.status ?? {};
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  if (spec?.priority !== undefined && spec.priority !== null) w.write(LEVEL_0, `Priority:\t${spec.priority}\n`);
  if (spec?.priorityClassName) w.write(LEVEL_0, `Priority Class Name:\t${spec.priorityClassName}\n`);
  if (spec?.runtimeClassName) w.write(LEVEL_0, `Runtime Class Name:\t${spec.runtimeClassName}\n`);
  if (spec?.serviceAccountName) w.write(LEVEL_0, `Service Account:\t${spec.serviceAccountName}\n`);
  w.write(LEVEL_0, spec?.nodeName ? `Node:\t${spec.nodeName}/${status.hostIP ?? ''}\n` : 'Node:\t<none>\n');
  if (status.startTime) w.write(LEVEL_0, `Start Time:\t${formatRFC1123Z(status.startTime)}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  if (meta.deletionTimestamp && status.phase !== 'Failed' && status.phase !== 'Succeeded') {
    w.write(LEVEL_0, `Status:\tTerminating (lasts ${translateTimestampSince(meta.deletionTimestamp, ctx.now)})\n`);
    w.write(LEVEL_0, `Termination Grace Period:\t${meta.deletionGracePeriodSeconds ?? 0}s\n`);
  } else {
    w.write(LEVEL_0, `Status:\t${status.phase ?? ''}\n`);
  }
  if (status.reason) w.write(LEVEL_0, `Reason:\t${status.reason}\n`);
  if (status.message) w.write(LEVEL_0, `Message:\t${status.message}\n`);
  const seccomp = spec?.securityContext?.seccompProfile;
  if (seccomp) {
    w.write(LEVEL_0, `SeccompProfile:\t${seccomp.type}\n`);
    if (seccomp.type === 'Localhost') w.write(LEVEL_0, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
  }
  w.write(LEVEL_0, `IP:\t${status.podIP ?? ''}\n`);
  describePodIPs(pod, w, '');
  const controlledBy = printController(meta.ownerReferences);
  if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
  if (status.nominatedNodeName) w.write(LEVEL_0, `NominatedNodeName:\t${status.nominatedNodeName}\n`);
  // Pod-level resources (spec.resources) are newer than the kubernetes-types in use.
  const podResources = (spec as { resources?: ResourceRequirements } | undefined)?.resources;
  if (podResources) {
    w.write(LEVEL_0, 'Resources:\n');
    describeResources(podResources, w, LEVEL_1);
  }
  const resolver = envValueRetriever(pod);
  if (spec?.initContainers && spec.initContainers.length > 0) {
    describeContainers('Init Containers', spec.initContainers, status.initContainerStatuses, resolver, w, '');
  }
  describeContainers('Containers', spec?.containers ?? [], status.containerStatuses, resolver, w, '');
  if (spec?.ephemeralContainers && spec.ephemeralContainers.length > 0) {
    describeContainers('Ephemeral Containers', spec.ephemeralContainers, status.ephemeralContainerStatuses, resolver, w, '');
  }
  if (spec?.readinessGates && spec.readinessGates.length > 0) {
    w.write(LEVEL_0, 'Readiness Gates:\n  Type\tStatus\n');
    for (const g of spec.readinessGates) {
      const c = (status.conditions ?? []).find((x) => x.type === g.conditionType);
      w.write(LEVEL_1, `${g.conditionType} \t${c ? c.status : '<none>'} \n`);
    }
  }
  if (status.conditions && status.conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\n');
    for (const c of status.conditions) w.write(LEVEL_1, `${c.type} \t${c.status} \n`);
  }
  describeVolumes(spec?.volumes, w, '');
  w.write(LEVEL_0, `QoS Class:\t${status.qosClass || podQOSClass(pod)}\n`);
  printLabelsMultiline(w, 'Node-Selectors', spec?.nodeSelector);
  printTolerationsMultiline(w, 'Tolerations', spec?.tolerations);
  describeTopologySpreadConstraints(spec?.topologySpreadConstraints, w, '');
  // Events name the pod by name, namespace and uid (a mirror pod's events carry its static pod's uid).
  const uid = meta.annotations?.[MIRROR_POD_ANNOTATION] ?? meta.uid;
  describeEvents(searchEvents(obj, ctx, { uids: uid ? [uid] : [] }), w, ctx.now);
  return w.toString();
}
