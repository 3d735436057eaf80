// The admission chain of the API server: the enabled plugins in upstream's order (AllOrderedPlugins), every mutating
// Admit first, then, once the object is final and validated, every Validate.
import { limitRanger } from './limitranger.ts';
import { defaultIngressClassAdmission } from './defaultingressclass.ts';
import { namespaceLifecycle } from './namespacelifecycle.ts';
import type { AdmissionHost, AdmissionPlugin, Attributes } from './plugin.ts';
import { priorityAdmission } from './priority.ts';
import { resourceQuotaAdmission } from './resourcequota.ts';
import { serviceAccountAdmission } from './serviceaccount.ts';
import { defaultStorageClassAdmission, persistentVolumeClaimResizeAdmission, storageObjectInUseProtectionAdmission } from './storage.ts';

export class AdmissionChain {
  constructor(readonly plugins: readonly AdmissionPlugin[]) {}

  admit(a: Attributes): void {
    for (const p of this.plugins) p.admit?.(a);
  }

  validate(a: Attributes): void {
    for (const p of this.plugins) p.validate?.(a);
  }
}

/**
 * The default-enabled plugins this simulator models, in order. (DefaultTolerationSeconds is applied with the
 * defaults; ResourceQuota stays last, as upstream requires.)
 */
export function defaultAdmissionChain(host: AdmissionHost): AdmissionChain {
  return new AdmissionChain([
    namespaceLifecycle(host),
    limitRanger(host),
    serviceAccountAdmission(host),
    priorityAdmission(host),
    storageObjectInUseProtectionAdmission(),
    persistentVolumeClaimResizeAdmission(host),
    defaultStorageClassAdmission(host),
    defaultIngressClassAdmission(host),
    resourceQuotaAdmission(host),
  ]);
}
