// certificates.k8s.io: the well-known signers, the key usages a request may ask for, and a request's conditions.
import type { CertificateSigningRequest, CertificateSigningRequestCondition } from 'kubernetes-types/certificates/v1';

export const KUBE_APISERVER_CLIENT_SIGNER = 'kubernetes.io/kube-apiserver-client';
export const KUBELET_CLIENT_SIGNER = 'kubernetes.io/kube-apiserver-client-kubelet';
export const KUBELET_SERVING_SIGNER = 'kubernetes.io/kubelet-serving';
export const LEGACY_UNKNOWN_SIGNER = 'kubernetes.io/legacy-unknown';

/** Every usage the API accepts, sorted as sets.String.List() prints them. */
export const KEY_USAGES = [
  'any', 'cert sign', 'client auth', 'code signing', 'content commitment', 'crl sign', 'data encipherment', 'decipher only',
  'digital signature', 'email protection', 'encipher only', 'ipsec end system', 'ipsec tunnel', 'ipsec user', 'key agreement',
  'key encipherment', 'microsoft sgc', 'netscape sgc', 'ocsp signing', 's/mime', 'server auth', 'signing', 'timestamping',
] as const;

export type ConditionType = 'Approved' | 'Denied' | 'Failed';

export function conditionOf(csr: CertificateSigningRequest, type: ConditionType): CertificateSigningRequestCondition | undefined {
  return csr.status?.conditions?.find((c) => c.type === type);
}

/** Approved and not denied: what the signers wait for. */
export const isApproved = (csr: CertificateSigningRequest) => !!conditionOf(csr, 'Approved') && !conditionOf(csr, 'Denied');

/** A []byte field's bytes (spec.request, status.certificate are base64 in JSON); undefined when not base64. */
export function bytesOf(b64: string | undefined): Uint8Array | undefined {
  if (!b64) return new Uint8Array();
  try {
    return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}
