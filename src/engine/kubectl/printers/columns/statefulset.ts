// kubectl get statefulsets: NAME READY AGE, wide CONTAINERS IMAGES.
import type { StatefulSet } from 'kubernetes-types/apps/v1';
import { translateTimestampSince } from '../time.ts';
import { containerCells, typed, type TableDef } from './column.ts';

export const statefulSetTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Ready' }, { name: 'Age' }, { name: 'Containers', wide: true }, { name: 'Images', wide: true }],
  row(obj, { now }) {
    const s = typed<StatefulSet>(obj);
    const [names, images] = containerCells(s.spec?.template?.spec?.containers);
    return [s.metadata?.name ?? '', `${s.status?.readyReplicas ?? 0}/${s.spec?.replicas ?? 1}`, translateTimestampSince(s.metadata?.creationTimestamp, now), names, images];
  },
};
