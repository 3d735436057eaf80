// The service account files a pod's containers find in /var/run/secrets/kubernetes.io/serviceaccount: the
// kube-api-access projected volume's token, ca.crt and namespace. The kubelet's token manager gets each token from the
// API server's TokenRequest (serviceaccounts/token), bound to the pod, as upstream's kubelet does.
// SIMULATION: ca.crt is a PEM block of derived bytes, not a certificate (and the token is signed by nothing, see
// apiserver/serviceaccount/jwt.ts). The ServiceAccount admission plugin does not add the volume to the spec (see its
// Simplification), so the kubelet's file view adds these files itself when the token is automounted.
import type { Pod, ServiceAccount } from 'kubernetes-types/core/v1';
import type { Store } from '../../../apiserver/store.ts';
import { WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS } from '../../../apiserver/serviceaccount/claims.ts';

export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';
/** The admission plugin's kube-api-access token lifetime: 1 h plus 7 s (so that kubelets rotate it, not expire it). */
export const DEFAULT_TOKEN_EXPIRATION_SECONDS = WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS;

/**
 * The token the kubelet asked TokenRequest for at `issuedMs`, bound to the pod; undefined when the API server refused
 * (its service account is gone), as the kubelet then has no token to write.
 */
export function podToken(store: Store, pod: Pod, issuedMs: number, expirationSeconds = DEFAULT_TOKEN_EXPIRATION_SECONDS, audience?: string): string | undefined {
  const ns = pod.metadata?.namespace ?? 'default';
  try {
    return store.createToken(ns, pod.spec?.serviceAccountName ?? 'default', {
      spec: {
        audiences: audience ? [audience] : [], expirationSeconds,
        boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: pod.metadata?.name, uid: pod.metadata?.uid },
      },
    }, issuedMs).status?.token;
  } catch {
    return undefined;
  }
}

/** Whether the token is automounted: the pod's setting, else the service account's, else yes. */
export function automountsToken(pod: Pod, sa: ServiceAccount | undefined): boolean {
  return pod.spec?.automountServiceAccountToken ?? sa?.automountServiceAccountToken ?? true;
}
