// MutatingAdmissionWebhook and ValidatingAdmissionWebhook (k8s.io/apiserver/pkg/admission/plugin/webhook): for a
// request, every webhook of every configuration (in name order) whose rules, namespaceSelector and objectSelector
// match is called through its Service. A call that cannot be made (no Service, no ready endpoint, nothing serving the
// path) fails the request with failurePolicy Fail and is skipped with Ignore; a refusal always fails it.
// Simplifications: a webhook given by URL is never reachable (no network outside the cluster); matchPolicy
// Equivalent matches the rule's own group and version only; matchConditions, timeouts and reinvocation are not
// modelled; webhooks see the request as the API server's admission attributes, not a serialized AdmissionReview.
import type { MutatingWebhook, MutatingWebhookConfiguration, RuleWithOperations, ValidatingWebhook } from 'kubernetes-types/admissionregistration/v1';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { Namespace, Service } from 'kubernetes-types/core/v1';
import { selectorFromLabelSelector } from '../../../../api/labels.ts';
import { StatusError } from '../../../errors.ts';
import { applyDefaults } from '../../defaults.ts';
import { canonicalizeQuantities } from '../../quantities.ts';
import type { AdmissionHost, AdmissionPlugin, Attributes } from '../plugin.ts';
import type { WebhookServers } from './servers.ts';

type Webhook = MutatingWebhook | ValidatingWebhook;
/** kubernetes-types' RuleWithOperations lacks the Rule fields it inlines. */
type Rule = RuleWithOperations & { resources?: string[]; scope?: string };

const matchesList = (list: string[] | undefined, value: string) => !!list?.some((x) => x === '*' || x === value);

/** A rule matches the operation, group, version, resource and scope of the request. */
function ruleMatches(r: Rule, a: Attributes): boolean {
  if (!matchesList(r.operations, a.operation)) return false;
  if (!matchesList(r.apiGroups, a.kind.group) || !matchesList(r.apiVersions, a.kind.version)) return false;
  if (!r.resources?.some((x) => x === '*' || x === '*/*' || x === a.kind.plural)) return false;
  const scope = r.scope ?? '*';
  return scope === '*' || (scope === 'Namespaced') === a.kind.namespaced;
}

/** The webhook's namespaceSelector (against a Namespace's own labels, or the request's namespace's) and objectSelector (new or old object). */
function selectorsMatch(host: AdmissionHost, w: Webhook, a: Attributes): boolean {
  const nsSel = selectorFromLabelSelector(w.namespaceSelector ?? {});
  if (a.kind.kind === 'Namespace') {
    if (!nsSel.matches(a.object.metadata.labels)) return false;
  } else if (a.kind.namespaced && a.namespace) {
    const ns = host.store.tryGet<Namespace>('Namespace', undefined, a.namespace);
    if (!nsSel.matches(ns?.metadata.labels)) return false;
  }
  const objSel = selectorFromLabelSelector(w.objectSelector ?? {});
  return objSel.matches(a.object.metadata.labels) || (!!a.oldObject && objSel.matches(a.oldObject.metadata.labels));
}

function internalError(message: string): StatusError {
  return new StatusError({ reason: 'InternalError', code: 500, message: `Internal error occurred: ${message}`, details: { causes: [{ reason: '', message, field: '' }] } });
}

/** Call one webhook: undefined when it answered allowed, else the error the request fails with (undefined under Ignore). */
function call(host: AdmissionHost, servers: WebhookServers, w: Webhook, a: Attributes): StatusError | undefined {
  const failed = (why: string) => (w.failurePolicy === 'Ignore' ? undefined : internalError(`failed calling webhook "${w.name}": failed to call webhook: ${why}`));
  const ref = w.clientConfig.service;
  if (!ref) return failed(`Post "${w.clientConfig.url}": dial tcp: lookup: no such host`);
  const url = `https://${ref.name}.${ref.namespace}.svc:${ref.port ?? 443}${ref.path ?? ''}?timeout=${w.timeoutSeconds ?? 10}s`;
  const svc = host.store.tryGet<Service>('Service', ref.namespace, ref.name);
  if (!svc) return failed(`Post "${url}": service "${ref.name}" not found`);
  const slices = host.store.list<EndpointSlice>('EndpointSlice', { namespace: ref.namespace }).filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === ref.name);
  if (!slices.some((s) => s.endpoints?.some((e) => e.conditions?.ready !== false))) return failed(`Post "${url}": no endpoints available for service "${ref.name}"`);
  const server = servers.get(ref.namespace, ref.name, ref.path);
  if (!server) return failed(`Post "${url}": dial tcp ${svc.spec?.clusterIP ?? ''}:${ref.port ?? 443}: connect: connection refused`);
  const r = server({ operation: a.operation, kind: a.kind, object: a.object, oldObject: a.oldObject, namespace: a.namespace, dryRun: a.dryRun });
  if (r.allowed) return undefined;
  const code = r.code !== undefined && r.code >= 400 ? r.code : 400;
  return new StatusError({ reason: code === 403 ? 'Forbidden' : 'BadRequest', code, message: `admission webhook "${w.name}" denied the request: ${r.message}` });
}

function webhooks(host: AdmissionHost, kind: 'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration'): Webhook[] {
  const configs = host.store.list<MutatingWebhookConfiguration>(kind);
  if (!configs.length) return [];
  // Configurations in name order, their webhooks in the order written (the webhook source's sort).
  return [...configs].sort((x, y) => (x.metadata.name! < y.metadata.name! ? -1 : 1)).flatMap((c) => c.webhooks ?? []);
}

function dispatch(host: AdmissionHost, servers: WebhookServers, kind: 'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration', a: Attributes): void {
  // The configurations themselves are never sent to webhooks (so a broken webhook can always be removed).
  if (a.kind.group === 'admissionregistration.k8s.io') return;
  for (const w of webhooks(host, kind)) {
    if (!w.rules?.some((r) => ruleMatches(r, a)) || !selectorsMatch(host, w, a)) continue;
    const err = call(host, servers, w, a);
    if (err) throw err;
    // A patched object is decoded again, so what a mutating webhook added gets its defaults too.
    if (kind === 'MutatingWebhookConfiguration') { applyDefaults(a.object, a.oldObject); canonicalizeQuantities(a.object); }
  }
}

export function mutatingAdmissionWebhook(host: AdmissionHost, servers: WebhookServers): AdmissionPlugin {
  return { name: 'MutatingAdmissionWebhook', admit: (a) => dispatch(host, servers, 'MutatingWebhookConfiguration', a) };
}

export function validatingAdmissionWebhook(host: AdmissionHost, servers: WebhookServers): AdmissionPlugin {
  return { name: 'ValidatingAdmissionWebhook', validate: (a) => dispatch(host, servers, 'ValidatingWebhookConfiguration', a) };
}
