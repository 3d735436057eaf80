// The application's resource tree as argocd-server's ResourceTree returns it: the live objects the application
// manages, and below each the objects that name it in their ownerReferences (a Deployment's ReplicaSets, their
// Pods), as the controller's cluster cache links them. `argocd app get -o tree` draws it; `argocd app resources`
// lists its top-level nodes.
import type { KubeObject } from '../api/object.ts';
import type { Store } from '../apiserver/store.ts';
import { humanDuration } from '../kubectl/printers/duration.ts';
import { tabwrite } from '../kubectl/printers/tabwriter.ts';
import { resourceHealth } from '../operators/argocd/health.ts';
import type { Application } from '../operators/argocd/types.ts';
import { CLI_TABWRITER, resourceStates } from './print.ts';

export interface TreeNode {
  group: string; kind: string; namespace: string; name: string; uid: string; parents: string[]; health: string;
  /** The node's health message (tree=detailed's REASON) and creation time (its AGE). */
  reason: string; createdAt?: string;
}

const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '');
const fullName = (n: TreeNode) => `${n.group}/${n.kind}/${n.namespace}/${n.name}`;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byFullName = (a: TreeNode, b: TreeNode) => cmp(fullName(a), fullName(b));

function node(o: KubeObject, parents: string[]): TreeNode {
  const group = groupOf(String(o.apiVersion));
  const health = resourceHealth(group, o);
  return { group, kind: o.kind, namespace: o.metadata.namespace ?? '', name: o.metadata.name ?? '', uid: o.metadata.uid ?? '', parents, health: health?.status ?? '', reason: health?.message ?? '', createdAt: o.metadata.creationTimestamp };
}

/** The tree's nodes (ApplicationTree.Normalize: by group, kind, namespace, name): managed roots first found, then their descendants. */
export function resourceTree(store: Store, app: Application): TreeNode[] {
  const roots: KubeObject[] = [];
  for (const r of app.status?.resources ?? []) {
    const info = store.kinds.forManifest(r.group ? `${r.group}/${r.version}` : r.version, r.kind);
    const live = info && store.tryGet(info.kind, r.namespace, r.name);
    if (live) roots.push(live);
  }
  // The cluster cache: every namespaced object of the roots' namespaces, by the owners it names.
  const byOwner = new Map<string, KubeObject[]>();
  const namespaces = new Set(roots.map((o) => o.metadata.namespace).filter((ns): ns is string => !!ns));
  for (const info of store.kinds.all()) {
    if (!info.namespaced) continue;
    for (const ns of namespaces) {
      for (const o of store.list(info.kind, { namespace: ns })) {
        for (const ref of o.metadata.ownerReferences ?? []) byOwner.set(ref.uid, [...(byOwner.get(ref.uid) ?? []), o]);
      }
    }
  }
  const out = new Map<string, TreeNode>();
  const walk = (o: KubeObject, parents: string[]) => {
    const uid = o.metadata.uid ?? '';
    if (out.has(uid)) return;
    out.set(uid, node(o, parents));
    for (const child of byOwner.get(uid) ?? []) walk(child, (child.metadata.ownerReferences ?? []).map((r) => r.uid));
  };
  for (const r of roots) walk(r, []);
  return [...out.values()].sort(byFullName);
}

const FIRST = '├─';
const LAST = '└─';

/** printPrefix: every branch above the row's own becomes a pipe (or blank under a last child). */
function printPrefix(p: string): string {
  const replaceFirst = (s: string, from: string, to: string, n: number) => { for (let i = 0; i < n; i++) s = s.replace(from, to); return s; };
  const count = (s: string, sub: string) => s.split(sub).length - 1;
  p = p.endsWith(FIRST) ? replaceFirst(p, FIRST, '│ ', count(p, FIRST) - 1) : p.replaceAll(FIRST, '│ ');
  p = p.endsWith(LAST) ? replaceFirst(p, LAST, '  ', count(p, LAST) - 1) : p.replaceAll(LAST, '  ');
  return p;
}

/**
 * app get -o tree: KIND/NAME with the managed resources' sync status and the nodes' health; children by name, group,
 * kind. -o tree=detailed (`nowMs` given) adds AGE (the node's, as HumanDuration) and REASON (its health message).
 */
export function treeView(app: Application, nodes: TreeNode[], nowMs?: number): string {
  const states = new Map(resourceStates(app).map((s) => [`${s.kind}/${s.name}`, s]));
  const children = new Map<string, TreeNode[]>();
  for (const n of nodes) for (const p of n.parents) children.set(p, [...(children.get(p) ?? []), n]);
  const detailed = nowMs !== undefined;
  const rows = [detailed ? 'KIND/NAME\tSTATUS\tHEALTH\tAGE\tMESSAGE\tREASON' : 'KIND/NAME\tSTATUS\tHEALTH\tMESSAGE'];
  const draw = (prefix: string, n: TreeNode) => {
    const s = states.get(`${n.kind}/${n.name}`);
    const [name, status, health, message] = s ? [s.name, s.status, s.health, s.message] : [n.name, '', n.health, ''];
    const age = n.createdAt ? humanDuration(nowMs! - Date.parse(n.createdAt)) : '<unknown>';
    rows.push(`${printPrefix(prefix)}${n.kind}/${name}\t${status}\t${health}${detailed ? `\t${age}` : ''}\t${message}${detailed ? `\t${n.reason}` : ''}`);
    const kids = [...(children.get(n.uid) ?? [])].sort((a, b) => cmp(a.name, b.name) || cmp(a.group, b.group) || cmp(a.kind, b.kind));
    kids.forEach((c, i) => draw(prefix + (i === kids.length - 1 ? LAST : FIRST), c));
  };
  for (const n of nodes) if (!n.parents.length) draw('', n);
  return tabwrite(rows.join('\n') + '\n', CLI_TABWRITER).replace(/\n$/, '');
}

/** app resources: the top-level nodes, none of them orphaned (orphaned resources are not monitored here). */
export function resourcesList(nodes: TreeNode[], orphanedOnly: boolean): string {
  const rows = ['GROUP\tKIND\tNAMESPACE\tNAME\tORPHANED', ...(orphanedOnly ? [] : nodes.filter((n) => !n.parents.length).map((n) => `${n.group}\t${n.kind}\t${n.namespace}\t${n.name}\tNo`))];
  return tabwrite(rows.join('\n') + '\n', CLI_TABWRITER).replace(/\n$/, '');
}
