// admissionregistration.k8s.io/v1 webhook defaults (SetDefaults_ValidatingWebhook, SetDefaults_MutatingWebhook,
// SetDefaults_Rule, SetDefaults_ServiceReference): fail closed, Equivalent matching, match-everything selectors,
// a 10 s timeout, rules of any scope, the service's port 443; a mutating webhook is not reinvoked.
import { isObj, objects, type Obj } from './objects.ts';

function setWebhookDefaults(w: Obj, mutating: boolean): void {
  w.failurePolicy ??= 'Fail';
  w.matchPolicy ??= 'Equivalent';
  w.namespaceSelector ??= {};
  w.objectSelector ??= {};
  w.timeoutSeconds ??= 10;
  if (mutating) w.reinvocationPolicy ??= 'Never';
  for (const r of objects(w.rules)) r.scope ??= '*';
  if (isObj(w.clientConfig) && isObj(w.clientConfig.service)) w.clientConfig.service.port ??= 443;
}

export function setMutatingWebhookConfigurationDefaults(obj: Obj): void {
  for (const w of objects(obj.webhooks)) setWebhookDefaults(w, true);
}

export function setValidatingWebhookConfigurationDefaults(obj: Obj): void {
  for (const w of objects(obj.webhooks)) setWebhookDefaults(w, false);
}
