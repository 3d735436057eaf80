// kubectl describe limitrange: one row per limit type and resource (describeLimitRange, describeLimitRangeSpec).
import type { LimitRange, LimitRangeSpec } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import { canonical } from './podresources.ts';
import { LEVEL_0, PrefixWriter } from './writer.ts';

/**
 * A row per item and resource: Min, Max, Default Request, Default Limit and Max Limit/Request Ratio, "-" where unset.
 * Resources of an item appear in name order (upstream iterates a Go map: any order).
 */
export function describeLimitRangeSpec(spec: LimitRangeSpec | undefined, prefix: string, w: PrefixWriter): void {
  for (const item of spec?.limits ?? []) {
    const lists = [item.min, item.max, item.defaultRequest, item.default, item.maxLimitRequestRatio];
    const names = new Set<string>();
    for (const l of lists) for (const k of Object.keys(l ?? {})) names.add(k);
    for (const k of [...names].sort()) {
      const cells = lists.map((l) => (l?.[k] !== undefined ? canonical(l[k]) : '-'));
      w.write(LEVEL_0, `${prefix}${item.type}\t${k}\t${cells.join('\t')}\n`);
    }
  }
}

export function describeLimitRange(obj: KubeObject): string {
  const lr = typed<LimitRange>(obj);
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${lr.metadata?.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${lr.metadata?.namespace ?? ''}\n`);
  w.write(LEVEL_0, 'Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
  w.write(LEVEL_0, '----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
  describeLimitRangeSpec(lr.spec, '', w);
  return w.toString();
}
