// Kinds whose table is a few plain fields: Namespace, ConfigMap, Lease, and the NAME AGE fallback.
import type { ConfigMap, Namespace } from 'kubernetes-types/core/v1';
import type { Lease } from 'kubernetes-types/coordination/v1';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

export const namespaceTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Status' }, { name: 'Age' }],
  row(obj, { now }) {
    const ns = typed<Namespace>(obj);
    return [ns.metadata?.name ?? '', ns.status?.phase ?? '', translateTimestampSince(ns.metadata?.creationTimestamp, now)];
  },
};

export const configMapTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Data' }, { name: 'Age' }],
  row(obj, { now }) {
    const cm = typed<ConfigMap>(obj);
    const n = Object.keys(cm.data ?? {}).length + Object.keys(cm.binaryData ?? {}).length;
    return [cm.metadata?.name ?? '', String(n), translateTimestampSince(cm.metadata?.creationTimestamp, now)];
  },
};

export const leaseTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Holder' }, { name: 'Age' }],
  row(obj, { now }) {
    const lease = typed<Lease>(obj);
    return [lease.metadata?.name ?? '', lease.spec?.holderIdentity ?? '', translateTimestampSince(lease.metadata?.creationTimestamp, now)];
  },
};

/** printObjectMeta: what kubectl shows for kinds without a printer. */
export const genericTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Age' }],
  row(obj, { now }) {
    return [obj.metadata?.name ?? '', translateTimestampSince(obj.metadata?.creationTimestamp, now)];
  },
};
