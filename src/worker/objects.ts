// What the page's detail drawer and resource browser show, computed in the worker with the engine's own
// kubectl: drawer tabs are kubectl command lines, tables are kubectl get's columns and cells.
import type { KindInfo } from '../engine/api/kinds.ts';
import { KindRegistry } from '../engine/api/kinds.ts';
import type { KubeObject } from '../engine/api/object.ts';
import { tableFor, tableHeaders } from '../engine/kubectl/printers/table.ts';
import type { DetailTab, ObjectRef, ResourceKindView, ResourceRowView, ResourceTableView } from './protocol.ts';

const kinds = new KindRegistry();

/** kubectl's resource name for a kind: "pods", "deployments.apps". */
function resourceOf(info: KindInfo): string {
  return info.group ? `${info.plural}.${info.group}` : info.plural;
}

function kindInfo(kind: string): KindInfo {
  const info = kinds.byKindName(kind);
  if (!info) throw new Error(`the server doesn't have a resource type "${kind}"`);
  return info;
}

/** Quote a word for kubectl's shell-like parser when it holds anything but name characters. */
function word(s: string): string {
  return /^[A-Za-z0-9._\-/:=]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The kubectl command line whose output a drawer tab shows. */
export function detailCommand(ref: ObjectRef, tab: DetailTab): string {
  const info = kindInfo(ref.kind);
  const ns = info.namespaced ? ` -n ${word(ref.namespace || 'default')}` : '';
  const target = `${resourceOf(info)}/${word(ref.name)}`;
  switch (tab) {
    case 'yaml': return `kubectl get ${target}${ns} -o yaml`;
    case 'describe': return `kubectl describe ${target}${ns}`;
    case 'events': return `kubectl events --for ${info.singular}/${word(ref.name)}${ns}`;
    case 'logs':
      if (info.kind !== 'Pod') throw new Error(`logs are only available for pods, not ${info.kind}`);
      return `kubectl logs ${word(ref.name)}${ns} --all-containers --tail 500`;
  }
}

/** The kinds the resource browser offers, most used first (Pods, Deployments …), then the rest by name. */
export function browsableKinds(): ResourceKindView[] {
  const first = ['Pod', 'Deployment', 'ReplicaSet', 'Node', 'Event'];
  const rank = (k: string) => (first.includes(k) ? first.indexOf(k) : first.length);
  return kinds
    .all()
    .sort((a, b) => rank(a.kind) - rank(b.kind) || a.kind.localeCompare(b.kind))
    .map((info) => ({ kind: info.kind, resource: resourceOf(info), namespaced: info.namespaced }));
}

function createdMs(obj: KubeObject): number {
  const t = Date.parse(obj.metadata?.creationTimestamp ?? '');
  return Number.isFinite(t) ? t : 0;
}

/** `kubectl get KIND -A` as rows of cells (the NAMESPACE column first for namespaced kinds). */
export function resourceTable(kind: string, objects: KubeObject[], now: number): ResourceTableView {
  const info = kindInfo(kind);
  const def = tableFor(info);
  const visible = def.columns.map((c) => !c.wide);
  const withNamespace = info.namespaced;
  const rows: ResourceRowView[] = objects.map((obj) => {
    const namespace = info.namespaced ? (obj.metadata?.namespace ?? 'default') : '';
    const name = obj.metadata?.name ?? '';
    const cells = def.row(obj, { now }).filter((_, i) => visible[i]);
    if (withNamespace) cells.unshift(namespace);
    return { key: namespace ? `${namespace}/${name}` : name, namespace, name, createdMs: createdMs(obj), cells };
  });
  return { kind: info.kind, headers: tableHeaders(info, { wide: false, withNamespace }), rows };
}
