// Tables of ValidatingAdmissionPolicy (NAME VALIDATIONS PARAMKIND AGE) and ValidatingAdmissionPolicyBinding
// (NAME POLICYNAME PARAMREF AGE), as printers.go prints them.
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from 'kubernetes-types/admissionregistration/v1';
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

export const validatingAdmissionPolicyTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Validations' }, { name: 'ParamKind' }, { name: 'Age' }],
  row(obj, { now }) {
    const p = typed<ValidatingAdmissionPolicy>(obj);
    const pk = p.spec?.paramKind;
    return [p.metadata?.name ?? '', String(p.spec?.validations?.length ?? 0), pk ? `${pk.apiVersion ?? ''}/${pk.kind ?? ''}` : '<unset>', translateTimestampSince(p.metadata?.creationTimestamp, now)];
  },
};

/** The generated String() of a metav1.LabelSelector, which the binding's PARAMREF column prints for a selector. */
function labelSelectorString(s: LabelSelector): string {
  const labels = Object.keys(s.matchLabels ?? {}).sort().map((k) => `${k}: ${s.matchLabels![k]},`).join('');
  const exprs = (s.matchExpressions ?? []).map((e) => `LabelSelectorRequirement{Key:${e.key},Operator:${e.operator},Values:[${(e.values ?? []).join(' ')}],},`).join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{${exprs}},}`;
}

export const validatingAdmissionPolicyBindingTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'PolicyName' }, { name: 'ParamRef' }, { name: 'Age' }],
  row(obj, { now }) {
    const b = typed<ValidatingAdmissionPolicyBinding>(obj);
    const ref = b.spec?.paramRef;
    // A name without a namespace may be cluster-scoped or in the request's namespace: "*/" says so.
    const param = !ref ? '<unset>' : ref.name ? `${ref.namespace || '*'}/${ref.name}` : ref.selector ? labelSelectorString(ref.selector) : '<unset>';
    return [b.metadata?.name ?? '', b.spec?.policyName ?? '', param, translateTimestampSince(b.metadata?.creationTimestamp, now)];
  },
};
