// The cluster's CA certificate (kubeadm's /etc/kubernetes/pki/ca.crt): the root-ca-cert-publisher puts it in every
// namespace's kube-root-ca.crt ConfigMap, and pods find it as ca.crt beside their service account token.
// SIMULATION: a PEM block of derived bytes, not a certificate.
import { base64EncodeBytes } from '../api/base64.ts';
import { derivedBytes } from './serviceaccount/jwt.ts';

export function clusterCACert(): string {
  const body = base64EncodeBytes(derivedBytes('kubesim-cluster-ca', 765));
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}
