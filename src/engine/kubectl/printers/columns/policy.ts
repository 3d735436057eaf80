// Tables of the policy and identity kinds (printers.go): ServiceAccount, Secret, PriorityClass,
// PodDisruptionBudget, ResourceQuota and LimitRange.
import type { LimitRange, ResourceQuota, Secret, ServiceAccount } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import type { PriorityClass } from 'kubernetes-types/scheduling/v1';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

export const serviceAccountTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Secrets' }, { name: 'Age' }],
  row(obj, { now }) {
    const sa = typed<ServiceAccount>(obj);
    return [sa.metadata?.name ?? '', String(sa.secrets?.length ?? 0), translateTimestampSince(sa.metadata?.creationTimestamp, now)];
  },
};

export const secretTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Type' }, { name: 'Data' }, { name: 'Age' }],
  row(obj, { now }) {
    const s = typed<Secret>(obj);
    return [s.metadata?.name ?? '', s.type ?? '', String(Object.keys(s.data ?? {}).length), translateTimestampSince(s.metadata?.creationTimestamp, now)];
  },
};

export const priorityClassTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Value' }, { name: 'Global-Default' }, { name: 'Age' }, { name: 'PreemptionPolicy' }],
  row(obj, { now }) {
    const pc = typed<PriorityClass>(obj);
    return [pc.metadata?.name ?? '', String(pc.value ?? 0), String(pc.globalDefault ?? false), translateTimestampSince(pc.metadata?.creationTimestamp, now), pc.preemptionPolicy ?? ''];
  },
};

export const podDisruptionBudgetTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Min Available' }, { name: 'Max Unavailable' }, { name: 'Allowed Disruptions' }, { name: 'Age' }],
  row(obj, { now }) {
    const pdb = typed<PodDisruptionBudget>(obj);
    const intOrString = (v: number | string | undefined) => (v === undefined ? 'N/A' : String(v));
    return [
      pdb.metadata?.name ?? '', intOrString(pdb.spec?.minAvailable), intOrString(pdb.spec?.maxUnavailable),
      String(pdb.status?.disruptionsAllowed ?? 0), translateTimestampSince(pdb.metadata?.creationTimestamp, now),
    ];
  },
};

/** printResourceQuota: "used/hard" of each spec.hard resource, limits.* in LIMIT and everything else in REQUEST. */
export const resourceQuotaTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Age' }, { name: 'Request' }, { name: 'Limit' }],
  row(obj, { now }) {
    const q = typed<ResourceQuota>(obj);
    const request: string[] = [];
    const limit: string[] = [];
    for (const r of Object.keys(q.spec?.hard ?? {}).sort()) {
      const cell = `${r}: ${q.status?.used?.[r] ?? '0'}/${q.status?.hard?.[r] ?? '0'}`;
      const pieces = r.split('.');
      (pieces.length > 1 && pieces[0] === 'limits' ? limit : request).push(cell);
    }
    return [q.metadata?.name ?? '', translateTimestampSince(q.metadata?.creationTimestamp, now), request.join(', '), limit.join(', ')];
  },
};

export const limitRangeTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Created At' }],
  row(obj) {
    const lr = typed<LimitRange>(obj);
    return [lr.metadata?.name ?? '', lr.metadata?.creationTimestamp ?? ''];
  },
};
