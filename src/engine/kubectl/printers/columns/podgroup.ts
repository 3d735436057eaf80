// kubectl get podgroups: the CRD's additionalPrinterColumns (scheduler-plugins apis/scheduling/v1alpha1):
// NAME PHASE MINMEMBER RUNNING SUCCEEDED FAILED AGE. A field the object leaves out prints as an empty cell.
import type { PodGroup } from '../../../api/podgroup.ts';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

const cell = (v: string | number | undefined) => (v === undefined ? '' : String(v));

export const podGroupTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Phase' }, { name: 'MinMember' }, { name: 'Running' }, { name: 'Succeeded' }, { name: 'Failed' }, { name: 'Age' }],
  row(obj, { now }) {
    const pg = typed<PodGroup>(obj);
    const s = pg.status ?? {};
    return [pg.metadata?.name ?? '', cell(s.phase), cell(pg.spec?.minMember), cell(s.running), cell(s.succeeded), cell(s.failed), translateTimestampSince(pg.metadata?.creationTimestamp, now)];
  },
};
