// rbac.authorization.k8s.io/v1 defaulting (pkg/apis/rbac/v1/defaults.go): a binding's roleRef.apiGroup and its
// subjects' apiGroup.
import { RBAC_GROUP } from '../../rbac/rules.ts';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** SetDefaults_RoleBinding / SetDefaults_ClusterRoleBinding and SetDefaults_Subject. */
export function setBindingDefaults(obj: Obj): void {
  if (isObj(obj.roleRef) && !obj.roleRef.apiGroup) obj.roleRef.apiGroup = RBAC_GROUP;
  if (!Array.isArray(obj.subjects)) return;
  for (const s of obj.subjects) {
    if (!isObj(s) || s.apiGroup) continue;
    if (s.kind === 'ServiceAccount') s.apiGroup = '';
    else if (s.kind === 'User' || s.kind === 'Group') s.apiGroup = RBAC_GROUP;
  }
}
