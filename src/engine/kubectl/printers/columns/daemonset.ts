// kubectl get daemonsets: NAME DESIRED CURRENT READY UP-TO-DATE AVAILABLE NODE SELECTOR AGE, wide CONTAINERS
// IMAGES SELECTOR.
import type { DaemonSet } from 'kubernetes-types/apps/v1';
import { formatLabels } from '../labelmap.ts';
import { formatSelector } from '../selector.ts';
import { translateTimestampSince } from '../time.ts';
import { containerCells, typed, type TableDef } from './column.ts';

export const daemonSetTable: TableDef = {
  columns: [
    { name: 'Name' }, { name: 'Desired' }, { name: 'Current' }, { name: 'Ready' }, { name: 'Up-to-date' }, { name: 'Available' },
    { name: 'Node Selector' }, { name: 'Age' }, { name: 'Containers', wide: true }, { name: 'Images', wide: true }, { name: 'Selector', wide: true },
  ],
  row(obj, { now }) {
    const d = typed<DaemonSet>(obj);
    const st = d.status;
    const [names, images] = containerCells(d.spec?.template?.spec?.containers);
    return [
      d.metadata?.name ?? '', String(st?.desiredNumberScheduled ?? 0), String(st?.currentNumberScheduled ?? 0), String(st?.numberReady ?? 0),
      String(st?.updatedNumberScheduled ?? 0), String(st?.numberAvailable ?? 0), formatLabels(d.spec?.template?.spec?.nodeSelector),
      translateTimestampSince(d.metadata?.creationTimestamp, now), names, images, formatSelector(d.spec?.selector),
    ];
  },
};
