// admissionregistration.k8s.io/v1 webhook configurations (pkg/apis/admissionregistration/validation): each
// webhook's fully qualified name (unique in its configuration), rules, policies, timeout, selectors, client config
// and AdmissionReview versions, with v1's requirements (a recognised review version, a side-effect class).
// Simplification: matchConditions (CEL) are kept as written, not compiled; a URL is checked for https and a host only.
import type { MutatingWebhook, MutatingWebhookConfiguration, RuleWithOperations, ValidatingWebhookConfiguration } from 'kubernetes-types/admissionregistration/v1';
import { isDNS1035Label, isDNS1123Subdomain } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { asArray, child, duplicate, index, invalid, isRecord, notSupported, required } from './field.ts';
import { validateLabelSelector } from './labels.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';

const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const SCOPES = ['*', 'Cluster', 'Namespaced'];
const FAILURE_POLICIES = ['Fail', 'Ignore'];
const MATCH_POLICIES = ['Equivalent', 'Exact'];
const SIDE_EFFECTS = ['None', 'NoneOnDryRun'];
const REINVOCATION_POLICIES = ['IfNeeded', 'Never'];
const REVIEW_VERSIONS = ['v1', 'v1beta1'];

/** kubernetes-types' RuleWithOperations lacks the Rule fields it inlines. */
type Rule = RuleWithOperations & { resources?: string[]; scope?: string };

/** IsFullyQualifiedName: a DNS subdomain of at least three segments. */
function fullyQualifiedName(name: unknown, path: string): FieldError[] {
  if (typeof name !== 'string' || name === '') return [required(path)];
  const errs = isDNS1123Subdomain(name);
  if (errs.length) return [invalid(path, name, errs.join(','))];
  return name.split('.').length < 3 ? [invalid(path, name, 'should be a domain with at least three segments separated by dots')] : [];
}

/** A list that holds '*' must hold nothing else. */
function wildcardAlone(list: string[], path: string, what: string): FieldError[] {
  return list.length > 1 && list.includes('*') ? [invalid(path, list, `if '*' is present, must not specify other ${what}`)] : [];
}

function validateRule(rule: Rule, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const ops = asArray<string>(rule?.operations);
  if (!ops.length) errs.push(required(child(path, 'operations')));
  errs.push(...wildcardAlone(ops, child(path, 'operations'), 'operations'));
  ops.forEach((op, i) => { if (!OPERATIONS.includes(op)) errs.push(notSupported(index(child(path, 'operations'), i), op, OPERATIONS)); });
  const groups = asArray<string>(rule?.apiGroups);
  if (!groups.length) errs.push(required(child(path, 'apiGroups')));
  errs.push(...wildcardAlone(groups, child(path, 'apiGroups'), 'API groups'));
  const versions = asArray<string>(rule?.apiVersions);
  if (!versions.length) errs.push(required(child(path, 'apiVersions')));
  errs.push(...wildcardAlone(versions, child(path, 'apiVersions'), 'API versions'));
  versions.forEach((v, i) => { if (!v) errs.push(required(index(child(path, 'apiVersions'), i))); });
  const resources = asArray<string>(rule?.resources);
  if (!resources.length) errs.push(required(child(path, 'resources')));
  resources.forEach((r, i) => { if (!r) errs.push(required(index(child(path, 'resources'), i))); });
  const scope = rule?.scope;
  if (scope !== undefined && !SCOPES.includes(scope)) errs.push(notSupported(child(path, 'scope'), scope, SCOPES));
  return errs;
}

/** ValidateWebhookService / ValidateWebhookURL. */
function validateClientConfig(cc: MutatingWebhook['clientConfig'] | undefined, path: string): FieldError[] {
  const url = cc?.url;
  const svc = cc?.service;
  if ((url === undefined) === (svc === undefined)) return [required(path, 'exactly one of url or service is required')];
  if (url !== undefined) {
    const p = child(path, 'url');
    const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)/.exec(url);
    if (!m || m[1] !== 'https') return [invalid(p, url, "'https' is the only allowed URL scheme")];
    return m[2] ? [] : [invalid(p, url, 'host must be specified')];
  }
  const p = child(path, 'service');
  const errs: FieldError[] = [];
  if (!svc?.name) errs.push(required(child(p, 'name'), 'service name is required'));
  if (!svc?.namespace) errs.push(required(child(p, 'namespace'), 'service namespace is required'));
  const port = svc?.port ?? 443;
  if (!(port >= 1 && port <= 65535)) errs.push(invalid(child(p, 'port'), port, 'port is not valid: must be between 1 and 65535, inclusive'));
  const urlPath = svc?.path;
  if (urlPath !== undefined && urlPath !== '' && urlPath !== '/' && !urlPath.startsWith('/')) errs.push(invalid(child(p, 'path'), urlPath, "must start with a '/'"));
  return errs;
}

function validateReviewVersions(versions: unknown, path: string): FieldError[] {
  const list = asArray<string>(versions);
  if (!list.length) return [required(path, `must specify one of ${REVIEW_VERSIONS.join(', ')}`)];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  list.forEach((v, i) => {
    if (seen.has(v)) { errs.push(invalid(index(path, i), v, 'duplicate version')); return; }
    seen.add(v);
    for (const msg of isDNS1035Label(v)) errs.push(invalid(index(path, i), v, msg));
  });
  if (!list.some((v) => REVIEW_VERSIONS.includes(v))) errs.push(invalid(path, list, `must include at least one of ${REVIEW_VERSIONS.join(', ')}`));
  return errs;
}

function validateWebhook(w: MutatingWebhook, path: string, mutating: boolean): FieldError[] {
  const errs = fullyQualifiedName(w?.name, child(path, 'name'));
  asArray<RuleWithOperations>(w?.rules).forEach((r, i) => errs.push(...validateRule(r, index(child(path, 'rules'), i))));
  if (w?.failurePolicy !== undefined && !FAILURE_POLICIES.includes(w.failurePolicy)) errs.push(notSupported(child(path, 'failurePolicy'), w.failurePolicy, FAILURE_POLICIES));
  if (w?.matchPolicy !== undefined && !MATCH_POLICIES.includes(w.matchPolicy)) errs.push(notSupported(child(path, 'matchPolicy'), w.matchPolicy, MATCH_POLICIES));
  if (w?.sideEffects === undefined || w.sideEffects === '') errs.push(required(child(path, 'sideEffects'), `must specify one of ${SIDE_EFFECTS.join(', ')}`));
  else if (!SIDE_EFFECTS.includes(w.sideEffects)) errs.push(notSupported(child(path, 'sideEffects'), w.sideEffects, SIDE_EFFECTS));
  if (w?.timeoutSeconds !== undefined && (w.timeoutSeconds > 30 || w.timeoutSeconds < 1)) errs.push(invalid(child(path, 'timeoutSeconds'), w.timeoutSeconds, 'the timeout value must be between 1 and 30 seconds'));
  if (isRecord(w?.namespaceSelector)) errs.push(...validateLabelSelector(w.namespaceSelector, child(path, 'namespaceSelector')));
  if (isRecord(w?.objectSelector)) errs.push(...validateLabelSelector(w.objectSelector, child(path, 'objectSelector')));
  if (mutating && w?.reinvocationPolicy !== undefined && !REINVOCATION_POLICIES.includes(w.reinvocationPolicy)) errs.push(notSupported(child(path, 'reinvocationPolicy'), w.reinvocationPolicy, REINVOCATION_POLICIES));
  errs.push(...validateClientConfig(w?.clientConfig, child(path, 'clientConfig')));
  return errs;
}

function validateWebhooks(webhooks: unknown, mutating: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  asArray<MutatingWebhook>(webhooks).forEach((w, i) => {
    const p = index('webhooks', i);
    errs.push(...validateWebhook(w, p, mutating), ...validateReviewVersions(w?.admissionReviewVersions, child(p, 'admissionReviewVersions')));
    if (typeof w?.name === 'string' && w.name) {
      if (names.has(w.name)) errs.push(duplicate(child(p, 'name'), w.name));
      names.add(w.name);
    }
  });
  return errs;
}

type WebhookConfiguration = MutatingWebhookConfiguration | ValidatingWebhookConfiguration;

export const validateMutatingWebhookConfiguration = (c: WebhookConfiguration) => [...validateObjectMeta(c.metadata, nameIsDNSSubdomain), ...validateWebhooks(c.webhooks, true)];
export const validateMutatingWebhookConfigurationUpdate = (c: WebhookConfiguration, old: WebhookConfiguration) => [...validateObjectMetaUpdate(c.metadata, old.metadata), ...validateWebhooks(c.webhooks, true)];
export const validateValidatingWebhookConfiguration = (c: WebhookConfiguration) => [...validateObjectMeta(c.metadata, nameIsDNSSubdomain), ...validateWebhooks(c.webhooks, false)];
export const validateValidatingWebhookConfigurationUpdate = (c: WebhookConfiguration, old: WebhookConfiguration) => [...validateObjectMetaUpdate(c.metadata, old.metadata), ...validateWebhooks(c.webhooks, false)];
