// The API server's service account token authenticator (pkg/serviceaccount/jwt.go's JWTTokenAuthenticator with
// claims.go's validator): a token this issuer signed, whose claims still hold, is its service account's user.
import type { Node, Pod, Secret, ServiceAccount } from 'kubernetes-types/core/v1';
import type { Store } from '../store.ts';
import { ALL_AUTHENTICATED, type UserInfo } from '../rbac/authorizer.ts';
import { validateClaims, type ServiceAccountInfo, type TokenClaims } from './claims.ts';
import { verifyJWT } from './jwt.ts';

/** serviceaccount's user.Info extra keys. */
const EXTRA = 'authentication.kubernetes.io/';

/** ServiceAccountInfo.UserInfo, with the system:authenticated group every authenticated request gets. */
export function serviceAccountUser(info: ServiceAccountInfo): UserInfo {
  const extra: Record<string, string[]> = {};
  if (info.podName && info.podUID) {
    extra[`${EXTRA}pod-name`] = [info.podName];
    extra[`${EXTRA}pod-uid`] = [info.podUID];
  }
  if (info.nodeName) {
    extra[`${EXTRA}node-name`] = [info.nodeName];
    if (info.nodeUID) extra[`${EXTRA}node-uid`] = [info.nodeUID];
  }
  if (info.credentialID) extra[`${EXTRA}credential-id`] = [info.credentialID];
  return {
    name: `system:serviceaccount:${info.namespace}:${info.name}`, uid: info.uid,
    groups: ['system:serviceaccounts', `system:serviceaccounts:${info.namespace}`, ALL_AUTHENTICATED],
    ...(Object.keys(extra).length ? { extra } : {}),
  };
}

/** The user a bearer token authenticates, or the reason it does not (the API server answers 401 Unauthorized). */
export function authenticateToken(store: Store, nowMs: number, token: string): UserInfo | { error: string } {
  const claims = verifyJWT(token);
  if (!claims) return { error: 'invalid bearer token' };
  const info = validateClaims(claims as unknown as TokenClaims, {
    serviceAccount: (ns, name) => store.tryGet<ServiceAccount>('ServiceAccount', ns, name),
    secret: (ns, name) => store.tryGet<Secret>('Secret', ns, name),
    pod: (ns, name) => store.tryGet<Pod>('Pod', ns, name),
    node: (name) => store.tryGet<Node>('Node', undefined, name),
  }, nowMs);
  return 'error' in info ? info : serviceAccountUser(info);
}
