// kubectl describe namespace: status and conditions, then the namespace's resource quotas and limit ranges.
import type { LimitRange, Namespace, ResourceQuota } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import { sortedKeys } from '../labelmap.ts';
import { formatRFC1123Z } from '../time.ts';
import { listOrEmpty, type DescribeContext } from './context.ts';
import { describeLimitRangeSpec } from './limitrange.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { canonical } from './podresources.ts';
import { QUOTA_SCOPE_HELP } from './resourcequota.ts';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './writer.ts';

function describeResourceQuotas(quotas: ResourceQuota[], w: PrefixWriter): void {
  if (quotas.length === 0) {
    w.write(LEVEL_0, 'No resource quota.\n');
    return;
  }
  const sorted = [...quotas].sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1));
  w.write(LEVEL_0, 'Resource Quotas\n');
  for (const q of sorted) {
    w.write(LEVEL_1, `Name:\t${q.metadata?.name ?? ''}\n`);
    const scopes = [...(q.spec?.scopes ?? [])].sort();
    if (scopes.length > 0) {
      w.write(LEVEL_1, `Scopes:\t${scopes.join(', ')}\n`);
      for (const s of scopes) if (QUOTA_SCOPE_HELP[s]) w.write(LEVEL_1, `* ${QUOTA_SCOPE_HELP[s]}\n`);
    }
    w.write(LEVEL_1, 'Resource\tUsed\tHard\n');
    w.write(LEVEL_1, '--------\t---\t---\n');
    for (const r of sortedKeys(q.status?.hard)) {
      w.write(LEVEL_1, `${r}\t${canonical(q.status?.used?.[r] ?? '0')}\t${canonical(q.status?.hard?.[r] ?? '0')}\n`);
    }
  }
}

function describeLimitRanges(ranges: LimitRange[], w: PrefixWriter): void {
  if (ranges.length === 0) {
    w.write(LEVEL_0, 'No LimitRange resource.\n');
    return;
  }
  w.write(LEVEL_0, 'Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
  w.write(LEVEL_0, ' ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
  for (const lr of ranges) describeLimitRangeSpec(lr.spec, ' ', w);
}

export function describeNamespace(obj: KubeObject, ctx: DescribeContext): string {
  const ns = typed<Namespace>(obj);
  const name = ns.metadata?.name ?? '';
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${name}\n`);
  printLabelsMultiline(w, 'Labels', ns.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', ns.metadata?.annotations);
  w.write(LEVEL_0, `Status:\t${ns.status?.phase ?? ''}\n`);
  const conditions = ns.status?.conditions ?? [];
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n');
    w.write(LEVEL_1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t------------------\t------\t-------\n');
    for (const c of conditions) {
      w.write(LEVEL_1, `${c.type}\t${c.status}\t${formatRFC1123Z(c.lastTransitionTime)}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
    }
  }
  w.write(LEVEL_0, '\n');
  describeResourceQuotas(listOrEmpty(ctx, 'ResourceQuota', name).map((o) => typed<ResourceQuota>(o)), w);
  w.write(LEVEL_0, '\n');
  describeLimitRanges(listOrEmpty(ctx, 'LimitRange', name).map((o) => typed<LimitRange>(o)), w);
  return w.toString();
}
