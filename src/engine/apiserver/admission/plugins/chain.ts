// The admission chain of the API server: the enabled plugins in upstream's order (AllOrderedPlugins), every mutating
// Admit first, then, once the object is final and validated, every Validate.
import { limitRanger } from './limitranger.ts';
import { defaultIngressClassAdmission } from './defaultingressclass.ts';
import { namespaceLifecycle } from './namespacelifecycle.ts';
import type { AdmissionHost, AdmissionPlugin, Attributes } from './plugin.ts';
import { podSecurityAdmission } from './podsecurity/admission.ts';
import { priorityAdmission } from './priority.ts';
import { resourceQuotaAdmission } from './resourcequota.ts';
import { runtimeClassAdmission } from './runtimeclass.ts';
import { serviceAccountAdmission } from './serviceaccount.ts';
import { mutatingAdmissionWebhook, validatingAdmissionWebhook } from './webhook/dispatcher.ts';
import { WebhookServers } from './webhook/servers.ts';
import { defaultStorageClassAdmission, persistentVolumeClaimResizeAdmission, storageObjectInUseProtectionAdmission } from './storage.ts';
import { validatingAdmissionPolicy } from './validatingadmissionpolicy/admission.ts';

export class AdmissionChain {
  /** Operators' admission webhooks (MutatingAdmissionWebhook, ValidatingAdmissionWebhook): they run before ResourceQuota. */
  private readonly webhooks: AdmissionPlugin[] = [];

  /** `webhookServers`: what the webhook configurations' Services serve (webhook/servers.ts). */
  constructor(readonly plugins: readonly AdmissionPlugin[], readonly webhookServers = new WebhookServers()) {}

  /** Register a webhook; the returned function removes it (the webhook configuration is deleted). */
  addWebhook(p: AdmissionPlugin): () => void {
    this.webhooks.push(p);
    return () => { const i = this.webhooks.indexOf(p); if (i >= 0) this.webhooks.splice(i, 1); };
  }

  admit(a: Attributes): void {
    for (const p of this.ordered()) p.admit?.(a);
  }

  validate(a: Attributes): void {
    for (const p of this.ordered()) p.validate?.(a);
  }

  private ordered(): readonly AdmissionPlugin[] {
    if (!this.webhooks.length) return this.plugins;
    const last = this.plugins.at(-1)!;
    return last.name === 'ResourceQuota' ? [...this.plugins.slice(0, -1), ...this.webhooks, last] : [...this.plugins, ...this.webhooks];
  }
}

/**
 * The default-enabled plugins this simulator models, in order. (DefaultTolerationSeconds is applied with the
 * defaults; ResourceQuota stays last, as upstream requires.)
 */
export function defaultAdmissionChain(host: AdmissionHost): AdmissionChain {
  const servers = new WebhookServers();
  return new AdmissionChain([
    namespaceLifecycle(host),
    limitRanger(host),
    serviceAccountAdmission(host),
    podSecurityAdmission(host),
    priorityAdmission(host),
    storageObjectInUseProtectionAdmission(),
    persistentVolumeClaimResizeAdmission(host),
    defaultStorageClassAdmission(host),
    runtimeClassAdmission(host),
    defaultIngressClassAdmission(host),
    mutatingAdmissionWebhook(host, servers),
    // After the mutating webhooks, before the validating webhooks, as upstream orders them.
    validatingAdmissionPolicy(host),
    validatingAdmissionWebhook(host, servers),
    resourceQuotaAdmission(host),
  ], servers);
}
