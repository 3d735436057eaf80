// The admissionregistration/v1 defaulters for the policy kinds (SetDefaults_ValidatingAdmissionPolicySpec,
// SetDefaults_MatchResources, SetDefaults_Rule): failurePolicy Fail, matchPolicy Equivalent, empty (match-all)
// namespace and object selectors, and scope "*" on every rule.
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function setMatchResourcesDefaults(m: Obj): void {
  m.matchPolicy ??= 'Equivalent';
  m.namespaceSelector ??= {};
  m.objectSelector ??= {};
  for (const rules of [m.resourceRules, m.excludeResourceRules]) {
    if (!Array.isArray(rules)) continue;
    for (const r of rules) if (isObj(r)) r.scope ??= '*';
  }
}

export function setValidatingAdmissionPolicyDefaults(obj: Obj): void {
  if (!isObj(obj.spec)) return;
  obj.spec.failurePolicy ??= 'Fail';
  if (isObj(obj.spec.matchConstraints)) setMatchResourcesDefaults(obj.spec.matchConstraints);
}

export function setValidatingAdmissionPolicyBindingDefaults(obj: Obj): void {
  if (isObj(obj.spec) && isObj(obj.spec.matchResources)) setMatchResourcesDefaults(obj.spec.matchResources);
}
