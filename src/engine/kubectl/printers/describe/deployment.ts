// kubectl describe deployment (describeDeployment), with the old and new ReplicaSets it owns.
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import { selectorString } from '../selector.ts';
import { formatRFC1123Z, parseTime } from '../time.ts';
import { describePodTemplate } from './containers.ts';
import { listOrEmpty, type DescribeContext } from './context.ts';
import { describeEvents, searchEvents } from './events.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './writer.ts';

const POD_TEMPLATE_HASH = 'pod-template-hash';

/** Semantic deep equality: a missing field equals an empty map or list. */
function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (Array.isArray(v) && v.length === 0) ||
    (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
}

function semanticEqual(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => semanticEqual(x, b[i]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
    for (const k of keys) if (!semanticEqual(ra[k], rb[k])) return false;
    return true;
  }
  return a === b;
}

function withoutHash(template: unknown): unknown {
  const t = (template ?? {}) as { metadata?: { labels?: Record<string, string> } };
  const labels = { ...(t.metadata?.labels ?? {}) };
  delete labels[POD_TEMPLATE_HASH];
  return { ...t, metadata: { ...(t.metadata ?? {}), labels } };
}

/** deploymentutil: the ReplicaSets the deployment controls, oldest first; the new one matches its template. */
export function deploymentReplicaSets(d: Deployment, ctx: DescribeContext): { oldRSs: ReplicaSet[]; newRS?: ReplicaSet } {
  const uid = d.metadata?.uid;
  const owned = listOrEmpty(ctx, 'ReplicaSet', d.metadata?.namespace)
    .map((o) => typed<ReplicaSet>(o))
    .filter((rs) => (rs.metadata?.ownerReferences ?? []).some((r) => r.controller && r.uid === uid))
    .sort((a, b) => {
      const ta = parseTime(a.metadata?.creationTimestamp) ?? 0;
      const tb = parseTime(b.metadata?.creationTimestamp) ?? 0;
      if (ta !== tb) return ta - tb;
      const na = a.metadata?.name ?? '';
      const nb = b.metadata?.name ?? '';
      return na < nb ? -1 : na > nb ? 1 : 0;
    });
  const target = withoutHash(d.spec?.template);
  const newRS = owned.find((rs) => semanticEqual(withoutHash(rs.spec?.template), target));
  return { oldRSs: owned.filter((rs) => rs !== newRS), newRS };
}

function printReplicaSets(list: ReplicaSet[]): string {
  const s = list.map((rs) => `${rs.metadata?.name ?? ''} (${rs.status?.replicas ?? 0}/${rs.spec?.replicas ?? 1} replicas created)`).join(', ');
  return s || '<none>';
}

export function describeDeployment(obj: KubeObject, ctx: DescribeContext): string {
  const d = typed<Deployment>(obj);
  const meta = d.metadata ?? {};
  const st = d.status;
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(meta.creationTimestamp)}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, `Selector:\t${selectorString(d.spec?.selector)}\n`);
  w.write(LEVEL_0, `Replicas:\t${d.spec?.replicas ?? 1} desired | ${st?.updatedReplicas ?? 0} updated | ${st?.replicas ?? 0} total | ` +
    `${st?.availableReplicas ?? 0} available | ${st?.unavailableReplicas ?? 0} unavailable\n`);
  w.write(LEVEL_0, `StrategyType:\t${d.spec?.strategy?.type ?? ''}\n`);
  w.write(LEVEL_0, `MinReadySeconds:\t${d.spec?.minReadySeconds ?? 0}\n`);
  const ru = d.spec?.strategy?.rollingUpdate;
  if (ru) {
    w.write(LEVEL_0, `RollingUpdateStrategy:\t${String(ru.maxUnavailable ?? '')} max unavailable, ${String(ru.maxSurge ?? '')} max surge\n`);
  }
  describePodTemplate(d.spec?.template, w);
  const conditions = st?.conditions ?? [];
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(LEVEL_1, '----\t------\t------\n');
    for (const c of conditions) w.write(LEVEL_1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
  }
  const { oldRSs, newRS } = deploymentReplicaSets(d, ctx);
  if (oldRSs.length > 0 || newRS) {
    w.write(LEVEL_0, `OldReplicaSets:\t${printReplicaSets(oldRSs)}\n`);
    w.write(LEVEL_0, `NewReplicaSet:\t${printReplicaSets(newRS ? [newRS] : [])}\n`);
  }
  describeEvents(searchEvents(obj, ctx, { kind: 'Deployment', uids: meta.uid ? [meta.uid] : [] }), w, ctx.now);
  return w.toString();
}
