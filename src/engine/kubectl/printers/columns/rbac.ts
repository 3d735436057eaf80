// Tables of the RBAC kinds (printers.go printRole, printClusterRole, printRoleBinding, printClusterRoleBinding).
import type { RoleBinding, Subject } from 'kubernetes-types/rbac/v1';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

/** Roles and ClusterRoles: their creation time in RFC 3339, not an age. */
export const roleTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Created At' }],
  row: (obj) => [obj.metadata.name ?? '', obj.metadata.creationTimestamp ?? ''],
};

/** rbac.SubjectsStrings: users, groups and service accounts ("namespace/name") of a binding. */
export function subjectsStrings(subjects: Subject[] | undefined): { users: string[]; groups: string[]; serviceAccounts: string[] } {
  const out = { users: [] as string[], groups: [] as string[], serviceAccounts: [] as string[] };
  for (const s of subjects ?? []) {
    if (s.kind === 'ServiceAccount') out.serviceAccounts.push(`${s.namespace ?? ''}/${s.name}`);
    else if (s.kind === 'User') out.users.push(s.name);
    else if (s.kind === 'Group') out.groups.push(s.name);
  }
  return out;
}

/** RoleBindings and ClusterRoleBindings: ROLE is "Kind/name"; -o wide adds the subjects by kind. */
export const roleBindingTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Role' }, { name: 'Age' }, { name: 'Users', wide: true }, { name: 'Groups', wide: true }, { name: 'ServiceAccounts', wide: true }],
  row(obj, { now }) {
    const b = typed<RoleBinding>(obj);
    const { users, groups, serviceAccounts } = subjectsStrings(b.subjects);
    return [b.metadata?.name ?? '', `${b.roleRef?.kind ?? ''}/${b.roleRef?.name ?? ''}`, translateTimestampSince(b.metadata?.creationTimestamp, now), users.join(', '), groups.join(', '), serviceAccounts.join(', ')];
  },
};
