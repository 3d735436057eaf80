// kubectl describe service (describeService): addresses, ports with their endpoints from the Service's
// EndpointSlices (formatEndpointSlices), traffic policies and events.
import type { Service, ServicePort } from 'kubernetes-types/core/v1';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import { formatLabels } from '../labelmap.ts';
import { listOrEmpty, type DescribeContext } from './context.ts';
import { describeEvents, searchEvents } from './events.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { LEVEL_0, PrefixWriter } from './writer.ts';

/** Ready (or unknown-readiness) endpoints of the slices for one Service port: at most three, then "+ N more...". */
function formatEndpointSlices(slices: EndpointSlice[], sp: ServicePort): string {
  if (!slices.length) return '<none>';
  const list: string[] = [];
  let count = 0;
  const push = (s: string) => { if (list.length < 3) list.push(s); count++; };
  for (const s of slices) {
    const ready = (s.endpoints ?? []).filter((e) => e.conditions?.ready !== false);
    if (!(s.ports ?? []).length) { for (const e of ready) push(e.addresses[0]); continue; }
    for (const p of s.ports ?? []) {
      if ((p.name ?? '') !== (sp.name ?? '')) continue;
      for (const e of ready) push(`${e.addresses[0]}:${p.port}`);
    }
  }
  const ret = list.join(',');
  return count > 3 ? `${ret} + ${count - 3} more...` : ret;
}

export function describeService(obj: KubeObject, ctx: DescribeContext): string {
  const svc = typed<Service>(obj);
  const meta = svc.metadata ?? {};
  const spec = svc.spec ?? {};
  const slices = listOrEmpty(ctx, 'EndpointSlice', meta.namespace)
    .filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === meta.name) as unknown as EndpointSlice[];
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, `Selector:\t${formatLabels(spec.selector)}\n`);
  w.write(LEVEL_0, `Type:\t${spec.type ?? ''}\n`);
  if (spec.ipFamilyPolicy) w.write(LEVEL_0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
  w.write(LEVEL_0, `IP Families:\t${spec.ipFamilies?.length ? spec.ipFamilies.join(',') : '<none>'}\n`);
  w.write(LEVEL_0, `IP:\t${spec.clusterIP ?? ''}\n`);
  w.write(LEVEL_0, `IPs:\t${spec.clusterIPs?.length ? spec.clusterIPs.join(',') : '<none>'}\n`);
  if (spec.externalIPs?.length) w.write(LEVEL_0, `External IPs:\t${spec.externalIPs.join(',')}\n`);
  if (spec.loadBalancerIP) w.write(LEVEL_0, `Desired LoadBalancer IP:\t${spec.loadBalancerIP}\n`);
  if (spec.externalName) w.write(LEVEL_0, `External Name:\t${spec.externalName}\n`);
  const lb = (svc.status?.loadBalancer?.ingress ?? []).map((i) => i.ip || i.hostname || '').join(', ');
  if (lb) w.write(LEVEL_0, `LoadBalancer Ingress:\t${lb}\n`);
  for (const sp of spec.ports ?? []) {
    const name = sp.name || '<unset>';
    w.write(LEVEL_0, `Port:\t${name}\t${sp.port}/${sp.protocol}\n`);
    w.write(LEVEL_0, `TargetPort:\t${sp.targetPort}/${sp.protocol}\n`);
    if (sp.nodePort) w.write(LEVEL_0, `NodePort:\t${name}\t${sp.nodePort}/${sp.protocol}\n`);
    w.write(LEVEL_0, `Endpoints:\t${formatEndpointSlices(slices, sp)}\n`);
  }
  w.write(LEVEL_0, `Session Affinity:\t${spec.sessionAffinity ?? ''}\n`);
  if (spec.externalTrafficPolicy) w.write(LEVEL_0, `External Traffic Policy:\t${spec.externalTrafficPolicy}\n`);
  if (spec.internalTrafficPolicy) w.write(LEVEL_0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
  if (spec.healthCheckNodePort) w.write(LEVEL_0, `HealthCheck NodePort:\t${spec.healthCheckNodePort}\n`);
  if (spec.loadBalancerSourceRanges?.length) w.write(LEVEL_0, `LoadBalancer Source Ranges:\t${spec.loadBalancerSourceRanges.join(',')}\n`);
  describeEvents(searchEvents(obj, ctx, { kind: 'Service', uids: meta.uid ? [meta.uid] : [] }), w, ctx.now);
  return w.toString();
}
