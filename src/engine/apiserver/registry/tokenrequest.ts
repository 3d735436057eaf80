// The serviceaccounts/token subresource (pkg/registry/core/serviceaccount/storage/token.go): a TokenRequest for a
// service account, optionally bound to a Pod, Secret or Node of its namespace, answered with a signed token. Nothing
// is stored. kubeadm's API server: audiences default to the issuer, no maximum expiration, expiry extension on.
import type { Node, Pod, Secret, ServiceAccount } from 'kubernetes-types/core/v1';
import type { TokenRequest } from 'kubernetes-types/authentication/v1';
import { toRFC3339 } from '../../sim/clock.ts';
import { badRequest, invalid, StatusError, type FieldError } from '../errors.ts';
import type { Store } from '../store.ts';
import { EXPIRATION_EXTENSION_SECONDS, ISSUER, tokenClaims, WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS, type BoundObjects } from '../serviceaccount/claims.ts';
import { signJWT } from '../serviceaccount/jwt.ts';

/** v1 defaulting of TokenRequestSpec.ExpirationSeconds. */
export const DEFAULT_EXPIRATION_SECONDS = 3600;
const TOKEN_REQUEST = { kind: 'TokenRequest', group: 'authentication.k8s.io' };
const MIN_EXPIRATION_SECONDS = 10 * 60;
const MAX_EXPIRATION_SECONDS = 2 ** 32;

/** ValidateTokenRequest. */
function validate(req: TokenRequest): FieldError[] {
  const errs: FieldError[] = [];
  const exp = req.spec.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS;
  if (exp < MIN_EXPIRATION_SECONDS) errs.push({ type: 'Invalid', field: 'spec.expirationSeconds', value: exp, detail: 'may not specify a duration less than 10 minutes' });
  if (exp > MAX_EXPIRATION_SECONDS) errs.push({ type: 'Invalid', field: 'spec.expirationSeconds', value: exp, detail: 'may not specify a duration larger than 2^32 seconds' });
  return errs;
}

/**
 * TokenREST.Create for serviceaccounts/NAME/token in `namespace`, at `nowMs` (the clock's now; the kubelet's token
 * manager passes when it would have asked, see kubeletview.ts).
 */
export function createToken(store: Store, nowMs: number, namespace: string, name: string, request: TokenRequest): TokenRequest {
  const req: TokenRequest = structuredClone(request);
  const meta = req.metadata ?? {};
  if (meta.name && meta.name !== name) throw invalid(TOKEN_REQUEST, name, [{ type: 'Invalid', field: 'metadata.name', value: meta.name, detail: 'must match the service account name if specified' }]);
  if (meta.namespace && meta.namespace !== namespace) throw invalid(TOKEN_REQUEST, name, [{ type: 'Invalid', field: 'metadata.namespace', value: meta.namespace, detail: 'must match the service account namespace if specified' }]);
  const sa = store.get<ServiceAccount>('ServiceAccount', namespace, name);
  const spec = { ...req.spec, audiences: req.spec.audiences?.length ? req.spec.audiences : [ISSUER], expirationSeconds: req.spec.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS };
  const errs = validate({ ...req, spec });
  if (errs.length) throw invalid(TOKEN_REQUEST, '', errs);
  const bound: BoundObjects = {};
  const ref = spec.boundObjectRef;
  if (ref) {
    const [group, version] = (ref.apiVersion ?? '').includes('/') ? (ref.apiVersion ?? '').split('/') : ['', ref.apiVersion ?? ''];
    let uid: string | undefined;
    if (group === '' && ref.kind === 'Pod') {
      const pod = store.get<Pod>('Pod', namespace, ref.name ?? '');
      if (name !== pod.spec?.serviceAccountName) throw badRequest(`cannot bind token for serviceaccount "${name}" to pod running with different serviceaccount name.`);
      bound.pod = pod;
      uid = pod.metadata?.uid;
      // The pod's node, as the watch cache has it; a missing Node still gives its name.
      const nodeName = pod.spec?.nodeName;
      if (nodeName) bound.node = store.tryGet<Node>('Node', undefined, nodeName) ?? { metadata: { name: nodeName } };
    } else if (group === '' && ref.kind === 'Node') {
      bound.node = store.get<Node>('Node', undefined, ref.name ?? '');
      uid = bound.node.metadata?.uid;
    } else if (group === '' && ref.kind === 'Secret') {
      bound.secret = store.get<Secret>('Secret', namespace, ref.name ?? '');
      uid = bound.secret.metadata?.uid;
    } else {
      // gvk.String(): "group/version, Kind=kind".
      throw badRequest(`cannot bind token to object of type ${group ? `${group}/` : '/'}${version}, Kind=${ref.kind ?? ''}`);
    }
    if (ref.uid && uid !== ref.uid) {
      throw new StatusError({
        reason: 'Conflict', code: 409,
        message: `Operation cannot be fulfilled on ${ref.kind} "${ref.name}": the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`,
        details: { name: ref.name, group: '', kind: ref.kind },
      });
    }
  }
  // Safe transition of projected tokens: a pod-bound kube-api-access token (1 h 7 s, the API server's audiences)
  // lasts a year and only warns after its requested lifetime.
  let exp = spec.expirationSeconds;
  let warnAfter = 0;
  if (bound.pod && exp === WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS && spec.audiences.every((a) => a === ISSUER)) {
    warnAfter = exp;
    exp = EXPIRATION_EXTENSION_SECONDS;
  }
  const now = Math.floor(nowMs / 1000);
  const token = signJWT(tokenClaims(sa, bound, now, exp, warnAfter, spec.audiences));
  return {
    kind: 'TokenRequest', apiVersion: 'authentication.k8s.io/v1',
    metadata: { name, namespace, creationTimestamp: toRFC3339(now * 1000) },
    spec,
    status: { token, expirationTimestamp: toRFC3339((now + spec.expirationSeconds) * 1000) },
  };
}
