// kubectl describe resourcequota (describeQuota): scopes with their help text, then used and hard per resource.
import type { ResourceQuota } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { Quantity } from '../../../api/quantity.ts';
import { typed } from '../columns/column.ts';
import { sortedKeys } from '../labelmap.ts';
import { LEVEL_0, PrefixWriter } from './writer.ts';

/** helpTextForResourceQuotaScope. */
export const QUOTA_SCOPE_HELP: Record<string, string> = {
  Terminating: 'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.',
  NotTerminating: 'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
  BestEffort: 'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
  NotBestEffort: 'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.',
};

/** Used in the hard value's format (a used memory of 512Mi against a hard 1G prints as 536870912). */
function usedInHardFormat(used: string | undefined, hard: string): string {
  const h = Quantity.parse(hard);
  if (used === undefined) return Quantity.fromValue(0, h.format).toString();
  const u = Quantity.parse(used);
  return u.format === h.format ? u.toString() : Quantity.fromValue(u.valueBig(), h.format).toString();
}

export function describeResourceQuota(obj: KubeObject): string {
  const q = typed<ResourceQuota>(obj);
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${q.metadata?.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${q.metadata?.namespace ?? ''}\n`);
  const scopes = [...(q.spec?.scopes ?? [])].sort();
  if (scopes.length > 0) {
    w.write(LEVEL_0, `Scopes:\t${scopes.join(', ')}\n`);
    for (const s of scopes) if (QUOTA_SCOPE_HELP[s]) w.write(LEVEL_0, ` * ${QUOTA_SCOPE_HELP[s]}\n`);
  }
  w.write(LEVEL_0, 'Resource\tUsed\tHard\n');
  w.write(LEVEL_0, '--------\t----\t----\n');
  for (const r of sortedKeys(q.status?.hard)) {
    const hard = q.status!.hard![r];
    w.write(LEVEL_0, `${r}\t${usedInHardFormat(q.status?.used?.[r], hard)}\t${Quantity.parse(hard).toString()}\n`);
  }
  return w.toString();
}
