// kubectl get deployments: NAME READY UP-TO-DATE AVAILABLE AGE, wide CONTAINERS IMAGES SELECTOR.
import type { Deployment } from 'kubernetes-types/apps/v1';
import { selectorString } from '../selector.ts';
import { translateTimestampSince } from '../time.ts';
import { containerCells, typed, type TableDef } from './column.ts';

export const deploymentTable: TableDef = {
  columns: [
    { name: 'Name' }, { name: 'Ready' }, { name: 'Up-to-date' }, { name: 'Available' }, { name: 'Age' },
    { name: 'Containers', wide: true }, { name: 'Images', wide: true }, { name: 'Selector', wide: true },
  ],
  row(obj, { now }) {
    const d = typed<Deployment>(obj);
    const st = d.status;
    const [names, images] = containerCells(d.spec?.template?.spec?.containers);
    return [
      d.metadata?.name ?? '', `${st?.readyReplicas ?? 0}/${d.spec?.replicas ?? 1}`, String(st?.updatedReplicas ?? 0),
      String(st?.availableReplicas ?? 0), translateTimestampSince(d.metadata?.creationTimestamp, now),
      names, images, selectorString(d.spec?.selector),
    ];
  },
};
