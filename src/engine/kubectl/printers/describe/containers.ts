// Containers as describe shows them (describeContainers), for pods (with their statuses) and pod templates
// (without), and the Pod Template section of controllers (DescribePodTemplate).
import type { Container, ContainerPort, ContainerState, ContainerStatus, PodTemplateSpec, ResourceRequirements } from 'kubernetes-types/core/v1';
import { sortedKeys } from '../labelmap.ts';
import { formatRFC1123Z } from '../time.ts';
import { describeContainerEnvFrom, describeContainerEnvVars, type EnvResolver } from './env.ts';
import { printLabelsMultiline, printAnnotationsMultiline, printTolerationsMultiline } from './multiline.ts';
import { canonical } from './podresources.ts';
import { describeProbe } from './probe.ts';
import { describeTopologySpreadConstraints } from './topology.ts';
import { describeVolumes } from './volumes.ts';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, printBool, stringOrNone, type PrefixWriter } from './writer.ts';

function portList(ports: ContainerPort[] | undefined, pick: (p: ContainerPort) => number | undefined): string {
  return (ports ?? []).map((p) => {
    const s = `${pick(p) ?? 0}/${p.protocol ?? 'TCP'}`;
    return p.name ? `${s} (${p.name})` : s;
  }).join(', ');
}

function describeContainerBasicInfo(c: Container, status: ContainerStatus | undefined, space: string, w: PrefixWriter): void {
  w.write(LEVEL_1, `${space ? ' ' : ''}${c.name}:\n`);
  if (status) w.write(LEVEL_2, `Container ID:\t${status.containerID ?? ''}\n`);
  w.write(LEVEL_2, `Image:\t${c.image ?? ''}\n`);
  if (status) w.write(LEVEL_2, `Image ID:\t${status.imageID ?? ''}\n`);
  const ports = portList(c.ports, (p) => p.containerPort);
  if (ports.includes(',')) w.write(LEVEL_2, `Ports:\t${ports}\n`);
  else w.write(LEVEL_2, `Port:\t${stringOrNone(ports)}\n`);
  const hostPorts = portList(c.ports, (p) => p.hostPort);
  if (hostPorts.includes(',')) w.write(LEVEL_2, `Host Ports:\t${hostPorts}\n`);
  else w.write(LEVEL_2, `Host Port:\t${stringOrNone(hostPorts)}\n`);
  const seccomp = c.securityContext?.seccompProfile;
  if (seccomp) {
    w.write(LEVEL_2, `SeccompProfile:\t${seccomp.type}\n`);
    if (seccomp.type === 'Localhost') w.write(LEVEL_3, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
  }
}

function describeContainerCommand(c: Container, w: PrefixWriter): void {
  if (c.command && c.command.length > 0) {
    w.write(LEVEL_2, 'Command:\n');
    for (const part of c.command) for (const s of part.split('\n')) w.write(LEVEL_3, `${s}\n`);
  }
  if (c.args && c.args.length > 0) {
    w.write(LEVEL_2, 'Args:\n');
    for (const arg of c.args) for (const s of arg.split('\n')) w.write(LEVEL_3, `${s}\n`);
  }
}

/** Limits then Requests, each resource in name order with its canonical quantity. */
export function describeResources(resources: ResourceRequirements | undefined, w: PrefixWriter, level: number): void {
  if (!resources) return;
  for (const [title, list] of [['Limits', resources.limits], ['Requests', resources.requests]] as const) {
    const keys = sortedKeys(list);
    if (keys.length > 0) w.write(level, `${title}:\n`);
    for (const name of keys) w.write(level + 1, `${name}:\t${canonical((list as Record<string, string>)[name])}\n`);
  }
}

export function describeStatus(stateName: string, state: ContainerState | undefined, w: PrefixWriter): void {
  if (state?.running) {
    w.write(LEVEL_2, `${stateName}:\tRunning\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(state.running.startedAt)}\n`);
  } else if (state?.waiting) {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
    if (state.waiting.reason) w.write(LEVEL_3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state?.terminated) {
    const t = state.terminated;
    w.write(LEVEL_2, `${stateName}:\tTerminated\n`);
    if (t.reason) w.write(LEVEL_3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(LEVEL_3, `Message:\t${t.message}\n`);
    w.write(LEVEL_3, `Exit Code:\t${t.exitCode}\n`);
    if ((t.signal ?? 0) > 0) w.write(LEVEL_3, `Signal:\t${t.signal}\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(t.startedAt)}\n`);
    w.write(LEVEL_3, `Finished:\t${formatRFC1123Z(t.finishedAt)}\n`);
  } else {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
  }
}

function describeContainerState(status: ContainerStatus, w: PrefixWriter): void {
  describeStatus('State', status.state, w);
  if (status.lastState?.terminated) describeStatus('Last State', status.lastState, w);
  w.write(LEVEL_2, `Ready:\t${printBool(status.ready)}\n`);
  w.write(LEVEL_2, `Restart Count:\t${status.restartCount ?? 0}\n`);
}

function describeContainerProbes(c: Container, w: PrefixWriter): void {
  if (c.livenessProbe) w.write(LEVEL_2, `Liveness:\t${describeProbe(c.livenessProbe)}\n`);
  if (c.readinessProbe) w.write(LEVEL_2, `Readiness:\t${describeProbe(c.readinessProbe)}\n`);
  if (c.startupProbe) w.write(LEVEL_2, `Startup:\t${describeProbe(c.startupProbe)}\n`);
}

function describeContainerVolumes(c: Container, w: PrefixWriter): void {
  const mounts = [...(c.volumeMounts ?? [])].sort((a, b) => (a.mountPath < b.mountPath ? -1 : a.mountPath > b.mountPath ? 1 : 0));
  const none = mounts.length === 0 ? '\t<none>' : '';
  w.write(LEVEL_2, `Mounts:${none}\n`);
  for (const m of mounts) {
    const flags = [m.readOnly ? 'ro' : 'rw'];
    if (m.subPath) flags.push(`path=${JSON.stringify(m.subPath)}`);
    w.write(LEVEL_3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
  }
  const devices = [...(c.volumeDevices ?? [])].sort((a, b) => (a.devicePath < b.devicePath ? -1 : a.devicePath > b.devicePath ? 1 : 0));
  if (devices.length > 0) {
    w.write(LEVEL_2, `Devices:${none}\n`);
    for (const d of devices) w.write(LEVEL_3, `${d.devicePath} from ${d.name}\n`);
  }
}

export function describeContainers(label: string, containers: Container[], statuses: ContainerStatus[] | undefined,
  resolver: EnvResolver | undefined, w: PrefixWriter, space: string): void {
  const byName = new Map((statuses ?? []).map((s) => [s.name, s]));
  w.write(LEVEL_0, `${space}${label}:${containers.length === 0 ? ' <none>' : ''}\n`);
  for (const c of containers) {
    const status = byName.get(c.name);
    describeContainerBasicInfo(c, status, space, w);
    describeContainerCommand(c, w);
    if (status) describeContainerState(status, w);
    describeResources(c.resources, w, LEVEL_2);
    describeContainerProbes(c, w);
    if (c.envFrom && c.envFrom.length > 0) describeContainerEnvFrom(c, w);
    describeContainerEnvVars(c, resolver, w);
    describeContainerVolumes(c, w);
  }
}

export function describePodTemplate(template: PodTemplateSpec | undefined, w: PrefixWriter): void {
  w.write(LEVEL_0, 'Pod Template:\n');
  if (!template) {
    w.write(LEVEL_1, '<unset>');
    return;
  }
  const spec = template.spec;
  printLabelsMultiline(w, '  Labels', template.metadata?.labels);
  if (Object.keys(template.metadata?.annotations ?? {}).length > 0) {
    printAnnotationsMultiline(w, '  Annotations', template.metadata?.annotations);
  }
  if (spec?.serviceAccountName) w.write(LEVEL_1, `Service Account:\t${spec.serviceAccountName}\n`);
  if (spec?.initContainers && spec.initContainers.length > 0) {
    describeContainers('Init Containers', spec.initContainers, undefined, undefined, w, '  ');
  }
  describeContainers('Containers', spec?.containers ?? [], undefined, undefined, w, '  ');
  describeVolumes(spec?.volumes, w, '  ');
  describeTopologySpreadConstraints(spec?.topologySpreadConstraints, w, '  ');
  if (spec?.priorityClassName) w.write(LEVEL_1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec?.nodeSelector);
  printTolerationsMultiline(w, '  Tolerations', spec?.tolerations);
}
