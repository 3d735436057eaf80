// Tables of the resource.k8s.io kinds (printers.go): ResourceClaim (its state: "pending", "allocated,reserved" …)
// and ResourceSlice; DeviceClass and ResourceClaimTemplate print NAME and AGE, as the generic table does.
import type { ResourceClaim, ResourceSlice } from '../../../api/resource.ts';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

const age = (obj: { metadata?: { creationTimestamp?: string } }, now: number) => translateTimestampSince(obj.metadata?.creationTimestamp, now);

/** resourceClaimState: deleted, then pending or allocated with reserved or deallocating. */
export function resourceClaimState(c: ResourceClaim): string {
  const states: string[] = [];
  const deleted = !!c.metadata.deletionTimestamp;
  if (deleted) states.push('deleted');
  if (!c.status?.allocation) {
    if (!deleted) states.push('pending');
  } else {
    states.push('allocated');
    if (c.status.reservedFor?.length) states.push('reserved');
    else if (deleted) states.push('deallocating');
  }
  return states.join(',');
}

export const resourceClaimTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'State' }, { name: 'Age' }],
  row(obj, { now }) {
    const c = typed<ResourceClaim>(obj);
    return [c.metadata.name ?? '', resourceClaimState(c), age(c, now)];
  },
};

export const resourceSliceTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Node' }, { name: 'Driver' }, { name: 'Pool' }, { name: 'Age' }],
  row(obj, { now }) {
    const s = typed<ResourceSlice>(obj);
    return [s.metadata.name ?? '', s.spec.nodeName ?? '', s.spec.driver, s.spec.pool?.name ?? '', age(s, now)];
  },
};
