// CertificateSigningRequest storage (pkg/registry/certificates/certificates/strategy.go): the requester's identity
// goes into the spec, nothing is pre-approved, a spec never changes after create, and the status and approval
// subresources each change only their part. The CertificateApproval admission plugin's check runs on approvals.
import type { CertificateSigningRequest } from 'kubernetes-types/certificates/v1';
import type { KubeObject } from '../../api/object.ts';
import { authorize, type RbacReader, type UserInfo } from '../rbac/authorizer.ts';
import type { Strategy } from './strategy.ts';
import { validateCertificateSigningRequestUpdate, type CSRWrite } from '../admission/validation/certificates.ts';
import type { FieldError } from '../errors.ts';

/** plugin/pkg/admission/certificates: may `user` `verb` (approve, sign) requests for this signer (or its domain's wildcard)? */
export function allowedForSigner(store: RbacReader, user: UserInfo, verb: string, signerName: string): boolean {
  const attrs = (name: string) => ({ verb, apiGroup: 'certificates.k8s.io', resource: 'signers', name });
  const [domain] = signerName.split('/');
  return authorize(store, user, attrs(signerName)) || authorize(store, user, attrs(`${domain}/*`));
}

export const csrStrategy: Strategy = {
  generation: false,
  prepareForCreate(obj, user) {
    const spec = (obj as CertificateSigningRequest & KubeObject).spec;
    // Whatever the client wrote is replaced by who sent the request.
    delete spec.username;
    delete spec.uid;
    delete spec.groups;
    delete spec.extra;
    if (user) {
      spec.username = user.name;
      if (user.uid) spec.uid = user.uid;
      spec.groups = [...user.groups];
      if (user.extra) spec.extra = structuredClone(user.extra);
    }
    obj.status = {};
  },
  prepareForUpdate(obj, old) {
    obj.spec = old.spec;
    obj.status = old.status;
  },
};

/** A write to /status or /approval: the update's validation for that subresource. */
export function validateCSRSubresource(obj: KubeObject, old: KubeObject, via: Exclude<CSRWrite, 'resource'>): FieldError[] {
  return validateCertificateSigningRequestUpdate(obj as CertificateSigningRequest, old as CertificateSigningRequest, via);
}

/** populateConditionTimestamps: a condition's missing times are now, or its transition time the old one's of that type and status. */
export function populateConditionTimestamps(obj: KubeObject, old: KubeObject, now: string): void {
  const oldConditions = (old as CertificateSigningRequest).status?.conditions ?? [];
  for (const c of (obj as CertificateSigningRequest).status?.conditions ?? []) {
    c.lastUpdateTime ||= now;
    if (!c.lastTransitionTime) {
      const before = oldConditions.find((o) => o.type === c.type && o.status === c.status);
      c.lastTransitionTime = before?.lastTransitionTime || now;
    }
  }
}
