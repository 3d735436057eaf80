// The cluster's CA certificate (kubeadm's /etc/kubernetes/pki/ca.crt): the root-ca-cert-publisher puts it in every
// namespace's kube-root-ca.crt ConfigMap, and pods find it as ca.crt beside their service account token.
// SIMULATION: a PEM block of derived bytes, not a certificate.
import { base64EncodeBytes } from '../api/base64.ts';
import { derivedBytes } from './serviceaccount/jwt.ts';
import { sha256 } from '../api/sha256.ts';
import { generateKey } from '../api/pki/rsa.ts';
import type { Name } from '../api/pki/x509.ts';

export function clusterCACert(): string {
  const body = base64EncodeBytes(derivedBytes('kubesim-cluster-ca', 765));
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/**
 * The CA's key as the CSR signer and the x509 authenticator use it: SIMULATION, a key derived from a fixed seed
 * (one for every simulated cluster) and named CN=kubernetes as kubeadm's CA is; the certificate above does not
 * carry it (it stays the placeholder it was, so that the kube-root-ca.crt ConfigMaps do not change).
 */
export const CLUSTER_CA_KEY = generateKey(sha256(new TextEncoder().encode('kubesim-cluster-ca')));
export const CLUSTER_CA_NAME: Name = [{ type: 'CN', value: 'kubernetes' }];
/** kubeadm's CA is valid for ten years (from the simulation's epoch). */
export const CLUSTER_CA_NOT_AFTER = Date.UTC(2036, 0, 1);
