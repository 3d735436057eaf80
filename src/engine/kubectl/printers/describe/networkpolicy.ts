// kubectl describe networkpolicy (describe.go describeNetworkPolicy): the pod selector, then per direction the
// rules (ports, then one "From:"/"To:" block per peer, rules separated by "----------"), or that the policy does
// not affect that direction.
import type { NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort, NetworkPolicySpec } from 'kubernetes-types/networking/v1';
import { formatLabelSelector } from '../../../api/labels.ts';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import type { DescribeContext } from './context.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { LEVEL_0, LEVEL_1, LEVEL_2, PrefixWriter } from './writer.ts';

const INDENT = '    ';

/** metav1.Time's String(): "2006-01-02 15:04:05 +0000 UTC". */
function goTime(ts: string | undefined): string {
  if (!ts) return '0001-01-01 00:00:00 +0000 UTC';
  return `${ts.slice(0, 10)} ${ts.slice(11, 19)} +0000 UTC`;
}

function printPorts(w: PrefixWriter, ports: NetworkPolicyPort[] | undefined): void {
  if (!ports?.length) { w.write(LEVEL_0, `${INDENT}To Port: <any> (traffic allowed to all ports)\n`); return; }
  for (const p of ports) {
    const proto = p.protocol ?? 'TCP';
    const port = p.port === undefined ? '<nil>' : String(p.port);
    if (p.endPort === undefined) w.write(LEVEL_0, `${INDENT}To Port: ${port}/${proto}\n`);
    else w.write(LEVEL_0, `${INDENT}To Port Range: ${port}-${p.endPort}/${proto}\n`);
  }
}

function printPeers(w: PrefixWriter, title: 'From' | 'To', peers: NetworkPolicyPeer[] | undefined): void {
  if (!peers?.length) {
    w.write(LEVEL_0, `${INDENT}${title}: <any> (traffic not restricted by ${title === 'From' ? 'source' : 'destination'})\n`);
    return;
  }
  for (const peer of peers) {
    w.write(LEVEL_0, `${INDENT}${title}:\n`);
    if (peer.podSelector && peer.namespaceSelector) {
      w.write(LEVEL_1, `${INDENT}NamespaceSelector: ${formatLabelSelector(peer.namespaceSelector)}\n`);
      w.write(LEVEL_1, `${INDENT}PodSelector: ${formatLabelSelector(peer.podSelector)}\n`);
    } else if (peer.podSelector) {
      w.write(LEVEL_1, `${INDENT}PodSelector: ${formatLabelSelector(peer.podSelector)}\n`);
    } else if (peer.namespaceSelector) {
      w.write(LEVEL_1, `${INDENT}NamespaceSelector: ${formatLabelSelector(peer.namespaceSelector)}\n`);
    } else if (peer.ipBlock) {
      w.write(LEVEL_1, `${INDENT}IPBlock:\n`);
      w.write(LEVEL_2, `${INDENT}CIDR: ${peer.ipBlock.cidr}\n`);
      w.write(LEVEL_2, `${INDENT}Except: ${(peer.ipBlock.except ?? []).join(', ')}\n`);
    }
  }
}

function printRules(w: PrefixWriter, title: 'From' | 'To', rules: { ports?: NetworkPolicyPort[]; peers?: NetworkPolicyPeer[] }[], direction: string): void {
  if (!rules.length) { w.write(LEVEL_0, `${INDENT}<none> (Selected pods are isolated for ${direction} connectivity)\n`); return; }
  rules.forEach((r, i) => {
    printPorts(w, r.ports);
    printPeers(w, title, r.peers);
    if (i !== rules.length - 1) w.write(LEVEL_0, `${INDENT}----------\n`);
  });
}

export function describeNetworkPolicy(obj: KubeObject, _ctx: DescribeContext): string {
  const np = typed<NetworkPolicy>(obj);
  const meta = np.metadata ?? {};
  const spec = np.spec ?? ({} as NetworkPolicySpec);
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  w.write(LEVEL_0, `Created on:\t${goTime(meta.creationTimestamp)}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, 'Spec:\n');
  w.write(LEVEL_1, 'PodSelector: ');
  const sel = spec.podSelector ?? {};
  if (!Object.keys(sel.matchLabels ?? {}).length && !(sel.matchExpressions ?? []).length) w.write(LEVEL_2, '<none> (Allowing the specific traffic to all pods in this namespace)\n');
  else w.write(LEVEL_2, `${formatLabelSelector(sel)}\n`);
  // getPolicyType: the listed (defaulted) policy types.
  const types = spec.policyTypes ?? [];
  if (types.includes('Ingress')) {
    w.write(LEVEL_1, 'Allowing ingress traffic:\n');
    printRules(w, 'From', (spec.ingress ?? []).map((r) => ({ ports: r.ports, peers: r.from })), 'ingress');
  } else w.write(LEVEL_1, 'Not affecting ingress traffic\n');
  if (types.includes('Egress')) {
    w.write(LEVEL_1, 'Allowing egress traffic:\n');
    printRules(w, 'To', (spec.egress ?? []).map((r) => ({ ports: r.ports, peers: r.to })), 'egress');
  } else w.write(LEVEL_1, 'Not affecting egress traffic\n');
  w.write(LEVEL_1, `Policy Types: ${(spec.policyTypes ?? []).join(', ')}\n`);
  return w.toString();
}
