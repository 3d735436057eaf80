// The ValidatingAdmissionPolicy admission plugin (validating.Plugin and its dispatcher), in the validating phase
// after the mutating plugins and before the validating webhooks and ResourceQuota. Every policy with a binding that
// matches the request is evaluated for each of the binding's params; a failed validation answers as the binding's
// validationActions say: Deny refuses the request (the first denial is the answer), Warn adds a warning the client
// prints, Audit would annotate the audit event.
// Simplification: there is no audit log, so Audit records nothing; status writes, deletions and connect requests do
// not pass through the simulated admission chain, so rules for them never match.
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from 'kubernetes-types/admissionregistration/v1';
import type { Namespace } from 'kubernetes-types/core/v1';
import { qualifiedResource } from '../../../../api/kinds.ts';
import { StatusError, type StatusReason } from '../../../errors.ts';
import type { AdmissionHost, AdmissionPlugin, Attributes } from '../plugin.ts';
import { matches } from './matching.ts';
import { collectParams, gvkString, paramKindInfo } from './params.ts';
import { admissionRequest, policyRequest } from './request.ts';
import { requestAuthorizer } from './authz.ts';
import type { MatchRules } from './types.ts';
import { validate, type Decision } from './validator.ts';

interface Denial extends Decision { policy: string; binding?: string }

const CODES: Record<string, number> = { Forbidden: 403, Invalid: 422, RequestEntityTooLarge: 413 };

/** admission.NewForbidden's message with the decision's reason and code, and the message as the one cause. */
function refusal(a: Attributes, d: Denial): StatusError {
  const message = d.binding
    ? `ValidatingAdmissionPolicy '${d.policy}' with binding '${d.binding}' denied request: ${d.message}`
    : `ValidatingAdmissionPolicy '${d.policy}' denied request: ${d.message}`;
  const name = a.object.metadata.name ?? '';
  const reason = (d.reason ?? 'Invalid') as StatusReason;
  return new StatusError({
    reason, code: CODES[reason] ?? 500,
    message: `${qualifiedResource(a.kind)} "${name}" is forbidden: ${message}`,
    details: { name, group: a.kind.group, kind: a.kind.plural, causes: [{ reason: '', message, field: '' }] },
  });
}

export function validatingAdmissionPolicy(host: AdmissionHost): AdmissionPlugin {
  const { store } = host;
  return {
    name: 'ValidatingAdmissionPolicy',
    validate(a) {
      // Nothing to do without bindings (most clusters, most writes); the policy kinds themselves are exempt.
      if (!store.count('ValidatingAdmissionPolicyBinding') || a.kind.group === 'admissionregistration.k8s.io') return;
      const bindings = store.list<ValidatingAdmissionPolicyBinding>('ValidatingAdmissionPolicyBinding');
      const r = policyRequest(a);
      const denials: Denial[] = [];
      for (const policy of store.list<ValidatingAdmissionPolicy>('ValidatingAdmissionPolicy').sort(byName)) {
        const own = bindings.filter((b) => b.spec?.policyName === policy.metadata?.name).sort(byName);
        if (!own.length) continue;
        const spec = policy.spec ?? {};
        const policyName = policy.metadata?.name ?? '';
        const matched = matches(store, spec.matchConstraints as MatchRules, r);
        if (!matched) continue;
        const failClosed = (spec.failurePolicy ?? 'Fail') === 'Fail';
        const configError = (message: string, binding?: string) => { if (failClosed) denials.push({ deny: true, message, policy: policyName, binding }); };
        const paramInfo = spec.paramKind ? paramKindInfo(store, spec.paramKind) : undefined;
        if (spec.paramKind && !paramInfo) {
          configError(`failed to configure policy: failed to find resource referenced by paramKind: '${gvkString(spec.paramKind)}'`);
          continue;
        }
        const namespaceObject = r.namespace && !(a.kind.kind === 'Namespace' && !a.kind.group) ? store.tryGet<Namespace>('Namespace', undefined, r.namespace) ?? null : null;
        const request = admissionRequest(r, matched.resource, matched.kind);
        const authorizer = requestAuthorizer(store, r);
        for (const binding of own) {
          const bindingName = binding.metadata?.name ?? '';
          if (binding.spec?.matchResources && !matches(store, binding.spec.matchResources as MatchRules, r, true)) continue;
          const collected = collectParams(store, paramInfo, binding.spec?.paramRef, a.namespace ?? '');
          if ('error' in collected) {
            configError(`failed to configure binding: ${collected.error}`, bindingName);
            continue;
          }
          const actions = binding.spec?.validationActions ?? [];
          for (const params of collected.params) {
            const activation = { object: r.object, oldObject: r.oldObject, request, namespaceObject, authorizer, ...(spec.paramKind ? { params } : {}) };
            for (const d of validate(spec, activation)) {
              if (!d.deny) continue;
              if (actions.includes('Deny')) denials.push({ ...d, policy: policyName, binding: bindingName });
              if (actions.includes('Warn')) a.warnings?.push(`Validation failed for ValidatingAdmissionPolicy '${policyName}' with binding '${bindingName}': ${d.message}`);
            }
          }
        }
      }
      if (denials.length) throw refusal(a, denials[0]);
    },
  };
}

const byName = (x: { metadata?: { name?: string } }, y: { metadata?: { name?: string } }) => ((x.metadata?.name ?? '') < (y.metadata?.name ?? '') ? -1 : 1);
