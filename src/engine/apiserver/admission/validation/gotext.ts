// Go's %#v rendering of the few structured values that upstream puts into field errors, so that texts such as
// `spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web"}, …}: field is immutable`
// come out as a real API server writes them.
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { goQuote as quote } from '../../../api/validation.ts';
import { isRecord, sortedEntries } from './field.ts';

/** Go %q (strconv.Quote); a missing field prints as Go's zero value "". */
export const goQuote = (s: unknown): string => quote(typeof s === 'string' ? s : s === undefined || s === null ? '' : String(s));

/** The stand-in for a non-nil pointer inside a struct: Go prints an address, which a simulator cannot. */
const pointer = (type: string): string => `(*${type})(0xc000010000)`;

export function goStringMap(m: unknown): string {
  if (!isRecord(m)) return 'map[string]string(nil)';
  return `map[string]string{${sortedEntries(m).map(([k, v]) => `${goQuote(k)}:${goQuote(v)}`).join(', ')}}`;
}

export function goStringSlice(a: unknown): string {
  if (!Array.isArray(a)) return '[]string(nil)';
  return `[]string{${a.map(goQuote).join(', ')}}`;
}

export function goLabelSelector(sel: LabelSelector | undefined | null): string {
  if (!isRecord(sel)) return 'null';
  const exprs = sel.matchExpressions;
  const exprText = Array.isArray(exprs)
    ? `[]v1.LabelSelectorRequirement{${exprs.map((r) => `v1.LabelSelectorRequirement{Key:${goQuote(r?.key)}, Operator:${goQuote(r?.operator)}, Values:${goStringSlice(r?.values)}}`).join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${goStringMap(sel.matchLabels)}, MatchExpressions:${exprText}}`;
}

/** intstr.IntOrString by value (its String method has a pointer receiver, so %#v prints the struct). */
export function goIntOrString(v: unknown): string {
  if (typeof v === 'number') return `intstr.IntOrString{Type:0, IntVal:${v}, StrVal:""}`;
  if (typeof v === 'string') return `intstr.IntOrString{Type:1, IntVal:0, StrVal:${goQuote(v)}}`;
  return 'intstr.IntOrString{Type:0, IntVal:0, StrVal:""}';
}

export function goDeploymentStrategy(s: Record<string, unknown>): string {
  const ru = s.rollingUpdate === undefined || s.rollingUpdate === null ? '(*apps.RollingUpdateDeployment)(nil)' : pointer('apps.RollingUpdateDeployment');
  return `apps.DeploymentStrategy{Type:${goQuote(s.type)}, RollingUpdate:${ru}}`;
}

export function goTaint(t: Record<string, unknown>): string {
  const added = t.timeAdded ? pointer('v1.Time') : '(*v1.Time)(nil)';
  return `core.Taint{Key:${goQuote(t.key)}, Value:${goQuote(t.value)}, Effect:${goQuote(t.effect)}, TimeAdded:${added}}`;
}

export function goToleration(t: Record<string, unknown>): string {
  const secs = typeof t.tolerationSeconds === 'number' ? pointer('int64') : '(*int64)(nil)';
  return `core.Toleration{Key:${goQuote(t.key)}, Operator:${goQuote(t.operator)}, Value:${goQuote(t.value)}, Effect:${goQuote(t.effect)}, TolerationSeconds:${secs}}`;
}
