// kubectl get cronjobs: NAME SCHEDULE TIMEZONE SUSPEND ACTIVE LAST SCHEDULE AGE, wide CONTAINERS IMAGES SELECTOR
// (printers.go printCronJob).
import type { CronJob } from 'kubernetes-types/batch/v1';
import { formatSelector } from '../selector.ts';
import { translateTimestampSince } from '../time.ts';
import { containerCells, typed, type TableDef } from './column.ts';

/** printBoolPtr. */
const boolPtr = (v: boolean | undefined): string => (v === undefined ? '<unset>' : v ? 'True' : 'False');

export const cronJobTable: TableDef = {
  columns: [
    { name: 'Name' }, { name: 'Schedule' }, { name: 'Timezone' }, { name: 'Suspend' }, { name: 'Active' }, { name: 'Last Schedule' }, { name: 'Age' },
    { name: 'Containers', wide: true }, { name: 'Images', wide: true }, { name: 'Selector', wide: true },
  ],
  row(obj, { now }) {
    const cj = typed<CronJob>(obj);
    const jobSpec = cj.spec?.jobTemplate?.spec;
    const [names, images] = containerCells(jobSpec?.template?.spec?.containers);
    const last = cj.status?.lastScheduleTime;
    return [
      cj.metadata?.name ?? '', cj.spec?.schedule ?? '', cj.spec?.timeZone ?? '<none>', boolPtr(cj.spec?.suspend),
      String(cj.status?.active?.length ?? 0), last ? translateTimestampSince(last, now) : '<none>',
      translateTimestampSince(cj.metadata?.creationTimestamp, now),
      names, images, formatSelector(jobSpec?.selector),
    ];
  },
};
