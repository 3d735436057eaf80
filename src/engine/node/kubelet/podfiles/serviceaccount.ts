// The service account files a pod's containers find in /var/run/secrets/kubernetes.io/serviceaccount: the
// kube-api-access projected volume's token, ca.crt and namespace.
// SIMULATION: no key signs anything: the token is JWT-shaped (header.claims.signature, base64url) with the claims a
// bound token carries, its signature bytes derived from the claims; ca.crt is a PEM block of derived bytes, not a
// certificate. The ServiceAccount admission plugin does not add the volume to the spec (see its Simplification),
// so the kubelet's file view adds these files itself when the token is automounted.
import type { Pod, ServiceAccount } from 'kubernetes-types/core/v1';
import { hashString } from '../../../sim/rng.ts';
import { CLUSTER_DOMAIN } from '../../../api/dns.ts';
import { base64EncodeBytes } from '../../../api/base64.ts';

export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';
/** The admission plugin's kube-api-access token lifetime: 1 h plus 7 s (so that kubelets rotate it, not expire it). */
export const DEFAULT_TOKEN_EXPIRATION_SECONDS = 3607;
const ISSUER = `https://kubernetes.default.svc.${CLUSTER_DOMAIN}`;

/** Deterministic bytes standing for key material. */
function derivedBytes(seed: string, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 4) {
    const h = hashString(`${seed}/${i}`);
    for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (h >>> (8 * j)) & 0xff;
  }
  return out;
}

const base64url = (bytes: Uint8Array) => base64EncodeBytes(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jsonPart = (v: unknown) => base64url(new TextEncoder().encode(JSON.stringify(v)));

/** The token a TokenRequest returns for the pod's service account, issued at `issuedMs`. */
export function serviceAccountToken(pod: Pod, sa: ServiceAccount | undefined, nodeUID: string, issuedMs: number, expirationSeconds = DEFAULT_TOKEN_EXPIRATION_SECONDS, audience?: string): string {
  const ns = pod.metadata?.namespace ?? 'default';
  const saName = pod.spec?.serviceAccountName ?? 'default';
  const iat = Math.floor(issuedMs / 1000);
  const header = { alg: 'RS256', kid: base64url(derivedBytes('kubesim-sa-key', 32)) };
  const claims = {
    aud: [audience ?? ISSUER],
    exp: iat + expirationSeconds,
    iat,
    iss: ISSUER,
    jti: [8, 4, 4, 4, 12].map((len, i) => hashString(`${pod.metadata?.uid}/${iat}/${i}`).toString(16).padStart(12, '0').slice(0, len)).join('-'),
    'kubernetes.io': {
      namespace: ns,
      node: { name: pod.spec?.nodeName ?? '', uid: nodeUID },
      pod: { name: pod.metadata?.name ?? '', uid: pod.metadata?.uid ?? '' },
      serviceaccount: { name: saName, uid: sa?.metadata?.uid ?? '' },
      warnafter: iat + 3600,
    },
    nbf: iat,
    sub: `system:serviceaccount:${ns}:${saName}`,
  };
  const signed = `${jsonPart(header)}.${jsonPart(claims)}`;
  return `${signed}.${base64url(derivedBytes(signed, 256))}`;
}

/** The cluster CA bundle (the kube-root-ca.crt ConfigMap's ca.crt in a real cluster). */
export function clusterCACert(): string {
  const body = base64EncodeBytes(derivedBytes('kubesim-cluster-ca', 765));
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** Whether the token is automounted: the pod's setting, else the service account's, else yes. */
export function automountsToken(pod: Pod, sa: ServiceAccount | undefined): boolean {
  return pod.spec?.automountServiceAccountToken ?? sa?.automountServiceAccountToken ?? true;
}
