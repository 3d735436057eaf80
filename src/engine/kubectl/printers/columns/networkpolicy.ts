// The NetworkPolicy table (printers.go printNetworkPolicy): NAME, POD-SELECTOR, AGE.
import type { NetworkPolicy } from 'kubernetes-types/networking/v1';
import { formatLabelSelector } from '../../../api/labels.ts';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

export const networkPolicyTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Pod-Selector' }, { name: 'Age' }],
  row(obj, { now }) {
    const np = typed<NetworkPolicy>(obj);
    return [np.metadata?.name ?? '', formatLabelSelector(np.spec?.podSelector ?? {}), translateTimestampSince(np.metadata?.creationTimestamp, now)];
  },
};
