// kubectl get replicasets: NAME DESIRED CURRENT READY AGE, wide CONTAINERS IMAGES SELECTOR.
import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import { formatSelector } from '../selector.ts';
import { translateTimestampSince } from '../time.ts';
import { containerCells, typed, type TableDef } from './column.ts';

export const replicaSetTable: TableDef = {
  columns: [
    { name: 'Name' }, { name: 'Desired' }, { name: 'Current' }, { name: 'Ready' }, { name: 'Age' },
    { name: 'Containers', wide: true }, { name: 'Images', wide: true }, { name: 'Selector', wide: true },
  ],
  row(obj, { now }) {
    const rs = typed<ReplicaSet>(obj);
    const [names, images] = containerCells(rs.spec?.template?.spec?.containers);
    return [
      rs.metadata?.name ?? '', String(rs.spec?.replicas ?? 1), String(rs.status?.replicas ?? 0),
      String(rs.status?.readyReplicas ?? 0), translateTimestampSince(rs.metadata?.creationTimestamp, now),
      names, images, formatSelector(rs.spec?.selector),
    ];
  },
};
