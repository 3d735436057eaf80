// A bound service account token's claims (pkg/serviceaccount/claims.go): what TokenRequest writes into a token, and
// how the token authenticator checks them against the objects the token names before it authenticates anyone.
import type { Node, Pod, Secret, ServiceAccount } from 'kubernetes-types/core/v1';
import { CLUSTER_DOMAIN } from '../../api/dns.ts';
import { SeededRng } from '../../sim/rng.ts';

/** kubeadm's --service-account-issuer, which is also the API server's default audience. */
export const ISSUER = `https://kubernetes.default.svc.${CLUSTER_DOMAIN}`;
/** The admission plugin's kube-api-access token lifetime: 1 h plus 7 s, the mark of a token whose expiry is extended. */
export const WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS = 60 * 60 + 7;
/** The extended expiry of such a token (--service-account-extend-token-expiration, on by default): one year. */
export const EXPIRATION_EXTENSION_SECONDS = 24 * 365 * 60 * 60;
/** jwt.DefaultLeeway: objects deleted within the last minute still back a token. */
const LEEWAY_SECONDS = 60;

export interface Ref { name: string; uid: string }

/** The private claims under "kubernetes.io". */
export interface KubernetesClaims {
  namespace: string;
  node?: Ref;
  pod?: Ref;
  secret?: Ref;
  serviceaccount: Ref;
  warnafter?: number;
}

export interface TokenClaims {
  aud: string[];
  exp: number;
  iat: number;
  iss: string;
  jti: string;
  'kubernetes.io': KubernetesClaims;
  nbf: number;
  sub: string;
}

export interface BoundObjects { pod?: Pod; secret?: Secret; node?: Node }

const ref = (o: { metadata?: { name?: string; uid?: string } }): Ref => ({ name: o.metadata?.name ?? '', uid: o.metadata?.uid ?? '' });

/**
 * A version 4 UUID as the JWT ID. SIMULATION: upstream draws it at random; here its bits come from a generator seeded
 * by what the token says (not the API server's RNG), so two requests alike in every claim at one virtual second get
 * the same ID.
 */
function jwtID(seed: string): string {
  const rng = new SeededRng(seed);
  const hex = Array.from({ length: 4 }, () => rng.nextUint32().toString(16).padStart(8, '0')).join('').split('');
  hex[12] = '4';
  hex[16] = '89ab'[parseInt(hex[16], 16) & 3];
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Claims(): issued at `nowSeconds`, expiring `expirationSeconds` later; warnafter only for an extended token. */
export function tokenClaims(sa: ServiceAccount, bound: BoundObjects, nowSeconds: number, expirationSeconds: number, warnafterSeconds: number, audiences: string[]): TokenClaims {
  const namespace = sa.metadata?.namespace ?? '';
  const k8s: KubernetesClaims = { namespace, serviceaccount: ref(sa) };
  if (bound.pod) {
    k8s.pod = ref(bound.pod);
    // ServiceAccountTokenPodNodeInfo (on in 1.32): a pod-bound token names its pod's node too.
    if (bound.node) k8s.node = ref(bound.node);
  } else if (bound.secret) k8s.secret = ref(bound.secret);
  else if (bound.node) k8s.node = ref(bound.node);
  if (warnafterSeconds) k8s.warnafter = nowSeconds + warnafterSeconds;
  const sub = `system:serviceaccount:${namespace}:${sa.metadata?.name ?? ''}`;
  const exp = nowSeconds + expirationSeconds;
  return {
    aud: audiences, exp, iat: nowSeconds, iss: ISSUER,
    jti: jwtID(JSON.stringify([sub, sa.metadata?.uid, k8s, audiences, nowSeconds, exp])),
    'kubernetes.io': ordered(k8s), nbf: nowSeconds, sub,
  };
}

/** encoding/json writes a struct's fields in declaration order: namespace, serviceaccount, pod, secret, node, warnafter. */
function ordered(k: KubernetesClaims): KubernetesClaims {
  const out: Record<string, unknown> = { namespace: k.namespace, serviceaccount: k.serviceaccount };
  for (const key of ['pod', 'secret', 'node', 'warnafter'] as const) if (k[key] !== undefined) out[key] = k[key];
  return out as unknown as KubernetesClaims;
}

/** apiserverserviceaccount.ServiceAccountInfo: who a valid token authenticates. */
export interface ServiceAccountInfo {
  namespace: string;
  name: string;
  uid: string;
  podName?: string;
  podUID?: string;
  nodeName?: string;
  nodeUID?: string;
  credentialID?: string;
}

/** What the validator reads: objects as the API server has them now. */
export interface ObjectGetter {
  serviceAccount(namespace: string, name: string): ServiceAccount | undefined;
  secret(namespace: string, name: string): Secret | undefined;
  pod(namespace: string, name: string): Pod | undefined;
  node(name: string): Node | undefined;
}

const deletedBefore = (o: { metadata?: { deletionTimestamp?: string } }, limitMs: number) =>
  !!o.metadata?.deletionTimestamp && Date.parse(o.metadata.deletionTimestamp) < limitMs;

/**
 * validator.Validate: the token's time window, then its service account and bound object, each still there with the
 * same uid (not long deleted). The error texts are upstream's; the API server logs them and answers 401 alike.
 */
export function validateClaims(claims: TokenClaims, get: ObjectGetter, nowMs: number): ServiceAccountInfo | { error: string } {
  const now = Math.floor(nowMs / 1000);
  // jwt.Claims.Validate with the default leeway.
  if (typeof claims.exp !== 'number' || now > claims.exp + LEEWAY_SECONDS) return { error: 'service account token has expired' };
  if (typeof claims.nbf === 'number' && now + LEEWAY_SECONDS < claims.nbf) return { error: 'service account token is not valid yet' };
  if (typeof claims.iat === 'number' && now + LEEWAY_SECONDS < claims.iat) return { error: 'service account token is issued in the future' };
  const k8s = claims['kubernetes.io'];
  if (claims.iss !== ISSUER || !k8s?.serviceaccount) return { error: 'token not issued by this API server' };
  const invalidIfDeletedBefore = nowMs - LEEWAY_SECONDS * 1000;
  const { namespace, serviceaccount: saRef, pod: podRef, secret: secretRef, node: nodeRef } = k8s;
  const sa = get.serviceAccount(namespace, saRef.name);
  if (!sa) return { error: `serviceaccounts "${saRef.name}" not found` };
  if (sa.metadata?.uid !== saRef.uid) return { error: `service account UID (${sa.metadata?.uid}) does not match claim (${saRef.uid})` };
  if (deletedBefore(sa, invalidIfDeletedBefore)) return { error: `service account ${namespace}/${saRef.name} has been deleted` };
  const info: ServiceAccountInfo = { namespace, name: saRef.name, uid: saRef.uid };
  const checkBound = (obj: Pod | Secret | Node | undefined, r: Ref, what: string, claim: string): { error: string } | undefined => {
    if (!obj || deletedBefore(obj, invalidIfDeletedBefore)) return { error: 'service account token has been invalidated' };
    if (obj.metadata?.uid !== r.uid) return { error: `${what} UID (${obj.metadata?.uid}) does not match service account ${claim} claim (${r.uid})` };
    return undefined;
  };
  if (secretRef) {
    const bad = checkBound(get.secret(namespace, secretRef.name), secretRef, 'secret', 'secret ref');
    if (bad) return bad;
  }
  if (podRef) {
    const bad = checkBound(get.pod(namespace, podRef.name), podRef, 'pod', 'pod ref');
    if (bad) return bad;
    info.podName = podRef.name;
    info.podUID = podRef.uid;
  }
  if (nodeRef) {
    if (!podRef) {
      const bad = checkBound(get.node(nodeRef.name), nodeRef, 'node', 'node ref');
      if (bad) return bad;
    }
    // A pod-bound token's node claims are only read (ServiceAccountTokenPodNodeInfo), not checked.
    info.nodeName = nodeRef.name;
    info.nodeUID = nodeRef.uid;
  }
  if (typeof claims.jti === 'string' && claims.jti) info.credentialID = `JTI=${claims.jti}`;
  return info;
}
