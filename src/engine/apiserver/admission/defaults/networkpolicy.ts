// SetDefaults_NetworkPolicy and SetDefaults_NetworkPolicyPort (networking/v1): policyTypes are Ingress, plus Egress
// when egress rules exist; a port's protocol is TCP. podSelector is a struct in Go, so it is always present.
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function setNetworkPolicyDefaults(spec: Obj): void {
  if (!isObj(spec.podSelector)) spec.podSelector = {};
  const egress = Array.isArray(spec.egress) ? spec.egress : [];
  if (!Array.isArray(spec.policyTypes) || spec.policyTypes.length === 0) spec.policyTypes = egress.length ? ['Ingress', 'Egress'] : ['Ingress'];
  const rules = [...(Array.isArray(spec.ingress) ? spec.ingress : []), ...egress];
  for (const rule of rules) {
    if (!isObj(rule) || !Array.isArray(rule.ports)) continue;
    for (const port of rule.ports) if (isObj(port) && port.protocol === undefined) port.protocol = 'TCP';
  }
}
