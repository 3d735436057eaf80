// kubectl get controllerrevisions: NAME CONTROLLER REVISION AGE; the controller as "statefulset.apps/web".
import type { ControllerRevision } from 'kubernetes-types/apps/v1';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

/** formatResourceName of the controller's GroupKind: "kind.group/name", lower-cased; "<none>" without one. */
function controllerName(r: ControllerRevision): string {
  const ref = r.metadata?.ownerReferences?.find((o) => o.controller);
  if (!ref) return '<none>';
  const slash = ref.apiVersion.indexOf('/');
  const group = slash < 0 ? '' : ref.apiVersion.slice(0, slash);
  return `${(group ? `${ref.kind}.${group}` : ref.kind).toLowerCase()}/${ref.name}`;
}

export const controllerRevisionTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Controller' }, { name: 'Revision' }, { name: 'Age' }],
  row(obj, { now }) {
    const r = typed<ControllerRevision>(obj);
    return [r.metadata?.name ?? '', controllerName(r), String(r.revision ?? 0), translateTimestampSince(r.metadata?.creationTimestamp, now)];
  },
};
