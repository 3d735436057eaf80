// kubectl describe node (describeNode), with the node's lease from kube-node-lease, its non-terminated pods
// and their requests and limits against allocatable.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { Lease } from 'kubernetes-types/coordination/v1';
import type { KubeObject } from '../../../api/object.ts';
import { Quantity } from '../../../api/quantity.ts';
import { typed } from '../columns/column.ts';
import { findNodeRoles } from '../columns/node.ts';
import { sortedKeys } from '../labelmap.ts';
import { formatRFC1123Z, translateTimestampSince } from '../time.ts';
import { byNamespaceAndName, listOrEmpty, type DescribeContext } from './context.ts';
import { describeEvents, searchEvents } from './events.ts';
import { printAnnotationsMultiline, printLabelsMultiline, printTaintsMultiline } from './multiline.ts';
import { canonical, podLimits, podRequests, quantityOf, type QuantityList } from './podresources.ts';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './writer.ts';

const NODE_LEASE_NAMESPACE = 'kube-node-lease';

function describeNodeLease(name: string, ctx: DescribeContext, w: PrefixWriter): void {
  const lease = listOrEmpty(ctx, 'Lease', NODE_LEASE_NAMESPACE).find((l) => l.metadata?.name === name);
  if (!lease) {
    w.write(LEVEL_0, `Lease:\tFailed to get lease: leases.coordination.k8s.io "${name}" not found\n`);
    return;
  }
  const spec = typed<Lease>(lease).spec;
  w.write(LEVEL_0, 'Lease:\n');
  w.write(LEVEL_1, `HolderIdentity:\t${spec?.holderIdentity ?? '<unset>'}\n`);
  w.write(LEVEL_1, `AcquireTime:\t${spec?.acquireTime ? formatRFC1123Z(spec.acquireTime) : '<unset>'}\n`);
  w.write(LEVEL_1, `RenewTime:\t${spec?.renewTime ? formatRFC1123Z(spec.renewTime) : '<unset>'}\n`);
}

/** Integer percentage of a part, truncated like Go's int64(float64); 0 of a zero whole. */
function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.trunc((part / whole) * 100);
}

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);
const isHugePages = (r: string): boolean => r.startsWith('hugepages-');

function sumLists(lists: QuantityList[]): QuantityList {
  const total: QuantityList = new Map();
  for (const list of lists) {
    for (const [k, q] of list) {
      const cur = total.get(k);
      total.set(k, cur ? cur.add(q) : q);
    }
  }
  return total;
}

function describeNodeResource(pods: Pod[], node: Node, ctx: DescribeContext, w: PrefixWriter): void {
  w.write(LEVEL_0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(LEVEL_1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(LEVEL_1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const raw = (Object.keys(node.status?.allocatable ?? {}).length > 0 ? node.status?.allocatable : node.status?.capacity) ?? {};
  const allocatable: QuantityList = new Map(Object.entries(raw).map(([k, v]) => [k, parseOrZero(v)]));
  const allocCpu = quantityOf(allocatable, 'cpu').milliValue();
  const allocMem = quantityOf(allocatable, 'memory').value();
  const fmt = (q: Quantity, whole: number, milli: boolean): string =>
    `${q.toString()} (${percent(milli ? q.milliValue() : q.value(), whole)}%)`;

  const allReqs: QuantityList[] = [];
  const allLimits: QuantityList[] = [];
  for (const pod of pods) {
    const req = podRequests(pod);
    const limit = podLimits(pod);
    allReqs.push(req);
    allLimits.push(limit);
    w.write(LEVEL_1, `${pod.metadata?.namespace ?? ''}\t${pod.metadata?.name ?? ''}\t\t` +
      `${fmt(quantityOf(req, 'cpu'), allocCpu, true)}\t${fmt(quantityOf(limit, 'cpu'), allocCpu, true)}\t` +
      `${fmt(quantityOf(req, 'memory'), allocMem, false)}\t${fmt(quantityOf(limit, 'memory'), allocMem, false)}\t` +
      `${translateTimestampSince(pod.metadata?.creationTimestamp, ctx.now)}\n`);
  }

  w.write(LEVEL_0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(LEVEL_1, 'Resource\tRequests\tLimits\n');
  w.write(LEVEL_1, '--------\t--------\t------\n');
  const reqs = sumLists(allReqs);
  const limits = sumLists(allLimits);
  const row = (name: string, milli: boolean): void => {
    const whole = milli ? quantityOf(allocatable, name).milliValue() : quantityOf(allocatable, name).value();
    const r = quantityOf(reqs, name);
    const l = quantityOf(limits, name);
    const pr = percent(milli ? r.milliValue() : r.value(), whole);
    const pl = percent(milli ? l.milliValue() : l.value(), whole);
    w.write(LEVEL_1, `${name}\t${r.toString()} (${pr}%)\t${l.toString()} (${pl}%)\n`);
  };
  row('cpu', true);
  row('memory', false);
  row('ephemeral-storage', false);
  const names = [...allocatable.keys()];
  for (const name of names.filter(isHugePages).sort()) row(name, false);
  for (const name of names.filter((n) => !isStandardContainerResource(n) && n !== 'pods').sort()) {
    w.write(LEVEL_1, `${name}\t${quantityOf(reqs, name).toString()}\t${quantityOf(limits, name).toString()}\n`);
  }
}

/** IsStandardContainerResourceName: cpu, memory, ephemeral-storage and hugepages-*. */
function isStandardContainerResource(name: string): boolean {
  return STANDARD_CONTAINER_RESOURCES.has(name) || isHugePages(name);
}

function parseOrZero(v: string): Quantity {
  try {
    return Quantity.parse(v);
  } catch {
    return Quantity.fromValue(0);
  }
}

function printResourceList(w: PrefixWriter, list: Record<string, string> | undefined): void {
  for (const name of sortedKeys(list)) w.write(LEVEL_0, `  ${name}:\t${canonical(list?.[name] ?? '')}\n`);
}

export function describeNode(obj: KubeObject, ctx: DescribeContext): string {
  const node = typed<Node>(obj);
  const meta = node.metadata ?? {};
  const name = meta.name ?? '';
  const status = node.status ?? {};
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${name}\n`);
  const roles = findNodeRoles(node);
  w.write(LEVEL_0, `Roles:\t${roles.length > 0 ? roles.join(',') : '<none>'}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(meta.creationTimestamp)}\n`);
  printTaintsMultiline(w, 'Taints', node.spec?.taints);
  w.write(LEVEL_0, `Unschedulable:\t${node.spec?.unschedulable === true}\n`);
  describeNodeLease(name, ctx, w);
  if (status.conditions && status.conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of status.conditions) {
      w.write(LEVEL_1, `${c.type} \t${c.status} \t${formatRFC1123Z(c.lastHeartbeatTime)} \t${formatRFC1123Z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`);
    }
  }
  w.write(LEVEL_0, 'Addresses:\n');
  for (const a of status.addresses ?? []) w.write(LEVEL_1, `${a.type}:\t${a.address}\n`);
  if (Object.keys(status.capacity ?? {}).length > 0) {
    w.write(LEVEL_0, 'Capacity:\n');
    printResourceList(w, status.capacity);
  }
  if (Object.keys(status.allocatable ?? {}).length > 0) {
    w.write(LEVEL_0, 'Allocatable:\n');
    printResourceList(w, status.allocatable);
  }
  const info = status.nodeInfo;
  w.write(LEVEL_0, 'System Info:\n');
  w.write(LEVEL_0, `  Machine ID:\t${info?.machineID ?? ''}\n`);
  w.write(LEVEL_0, `  System UUID:\t${info?.systemUUID ?? ''}\n`);
  w.write(LEVEL_0, `  Boot ID:\t${info?.bootID ?? ''}\n`);
  w.write(LEVEL_0, `  Kernel Version:\t${info?.kernelVersion ?? ''}\n`);
  w.write(LEVEL_0, `  OS Image:\t${info?.osImage ?? ''}\n`);
  w.write(LEVEL_0, `  Operating System:\t${info?.operatingSystem ?? ''}\n`);
  w.write(LEVEL_0, `  Architecture:\t${info?.architecture ?? ''}\n`);
  w.write(LEVEL_0, `  Container Runtime Version:\t${info?.containerRuntimeVersion ?? ''}\n`);
  w.write(LEVEL_0, `  Kubelet Version:\t${info?.kubeletVersion ?? ''}\n`);
  // Every released kubectl up to 1.35 still prints the deprecated field (empty on current kubelets).
  w.write(LEVEL_0, `  Kube-Proxy Version:\t${info?.kubeProxyVersion ?? ''}\n`);
  if (node.spec?.podCIDR) w.write(LEVEL_0, `PodCIDR:\t${node.spec.podCIDR}\n`);
  if (node.spec?.podCIDRs && node.spec.podCIDRs.length > 0) w.write(LEVEL_0, `PodCIDRs:\t${node.spec.podCIDRs.join(',')}\n`);
  if (node.spec?.providerID) w.write(LEVEL_0, `ProviderID:\t${node.spec.providerID}\n`);
  const pods = listOrEmpty(ctx, 'Pod')
    .filter((p) => {
      const pod = typed<Pod>(p);
      return pod.spec?.nodeName === name && pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed';
    })
    .sort(byNamespaceAndName)
    .map((p) => typed<Pod>(p));
  describeNodeResource(pods, node, ctx, w);
  // The node lifecycle controller names the node by uid, the kubelet by name.
  const uids = [meta.uid, name].filter((u): u is string => !!u);
  describeEvents(searchEvents(obj, ctx, { kind: 'Node', uids }), w, ctx.now);
  return w.toString();
}
