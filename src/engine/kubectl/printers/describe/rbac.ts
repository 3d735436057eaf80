// kubectl describe role|clusterrole (RoleDescriber: the PolicyRule table) and rolebinding|clusterrolebinding
// (RoleBindingDescriber: the role and the subjects).
import type { ClusterRole, RoleBinding } from 'kubernetes-types/rbac/v1';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import { policyRuleRows } from '../policyrules.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './writer.ts';

function header(w: PrefixWriter, obj: KubeObject): void {
  w.write(LEVEL_0, `Name:\t${obj.metadata.name ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', obj.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', obj.metadata.annotations);
}

export function describeRole(obj: KubeObject): string {
  const w = new PrefixWriter();
  header(w, obj);
  w.write(LEVEL_0, 'PolicyRule:\n');
  w.write(LEVEL_1, 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n');
  w.write(LEVEL_1, '---------\t-----------------\t--------------\t-----\n');
  for (const row of policyRuleRows(typed<ClusterRole>(obj).rules ?? [])) w.write(LEVEL_1, `${row.join('\t')}\n`);
  return w.toString();
}

export function describeRoleBinding(obj: KubeObject): string {
  const b = typed<RoleBinding>(obj);
  const w = new PrefixWriter();
  header(w, obj);
  w.write(LEVEL_0, 'Role:\n');
  w.write(LEVEL_1, `Kind:\t${b.roleRef?.kind ?? ''}\n`);
  w.write(LEVEL_1, `Name:\t${b.roleRef?.name ?? ''}\n`);
  w.write(LEVEL_0, 'Subjects:\n');
  w.write(LEVEL_1, 'Kind\tName\tNamespace\n');
  w.write(LEVEL_1, '----\t----\t---------\n');
  for (const s of b.subjects ?? []) w.write(LEVEL_1, `${s.kind}\t${s.name}\t${s.namespace ?? ''}\n`);
  return w.toString();
}
