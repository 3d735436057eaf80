// Who kubectl is: the kubeconfig user (by default kubeadm's admin) and, with --as / --as-group / --as-uid, the
// user it impersonates. The API server's impersonation filter checks the `impersonate` verb on each asked-for
// attribute before the request runs as the impersonated user.
import type { UserInfo } from '../apiserver/rbac/authorizer.ts';
import { ALL_AUTHENTICATED, checkAccess, serviceAccountOf, SYSTEM_MASTERS } from '../apiserver/rbac/authorizer.ts';
import { KUBEADM_CLUSTER_ADMINS } from '../apiserver/rbac/bootstrap.ts';
import type { Store } from '../apiserver/store.ts';
import { CommandError, type KubectlContext } from './context.ts';
import { flag, type ParsedArgs } from './flags.ts';
import { hasCredentials } from './clientconfig.ts';
import { DATA_OMITTED, localFile, REDACTED, type Kubeconfig } from './kubeconfig.ts';
import { base64Decode } from '../api/base64.ts';
import { pemDecode } from '../api/pki/pem.ts';
import { readPrivateKey, type RsaKey } from '../api/pki/rsa.ts';
import { parseCertificatePEM } from '../api/pki/x509.ts';
import { authenticateCertificate } from '../apiserver/x509authenticator.ts';
import { authenticateToken } from '../apiserver/serviceaccount/authenticator.ts';

/** kubeadm's admin.conf user: since kubeadm 1.29 in kubeadm:cluster-admins (bound to cluster-admin), not system:masters. */
export const KUBERNETES_ADMIN: UserInfo = { name: 'kubernetes-admin', groups: [KUBEADM_CLUSTER_ADMINS, ALL_AUTHENTICATED] };

/**
 * kubeadm's super-admin.conf user, in system:masters (no RBAC check can refuse it): the simulator's own commands
 * (addons, scenario timelines and checks) run as it, so that RBAC objects a user breaks cannot lock them out.
 */
export const KUBERNETES_SUPER_ADMIN: UserInfo = { name: 'kubernetes-super-admin', groups: [SYSTEM_MASTERS, ALL_AUTHENTICATED] };

/** Who a request without credentials is: kubeadm's API server allows anonymous requests. */
export const ANONYMOUS: UserInfo = { name: 'system:anonymous', groups: ['system:unauthenticated'] };

/** What kubectl prints when the API server answers 401 (the token authenticator refused every credential sent). */
export const UNAUTHORIZED = 'You must be logged in to the server (Unauthorized)';

/**
 * Who a kubeconfig user is, with --token's override: the API server's authenticators in their order. A client
 * certificate wins (x509 runs before the token authenticators, so `--token` does not change a certificate user, as
 * kubernetes/kubectl#1657 reports): a simulated one (api/pki) must be the cluster CA's and match its key
 * (x509authenticator.ts), and makes its common name the user and its organizations the groups. Then a bearer token,
 * which must be a valid service account token of this cluster (anything else is 401 Unauthorized).
 * Simplification: a credential the kubeconfig keeps only as a placeholder (kubeadm's admin's DATA+OMITTED, a
 * password, a token kept as REDACTED) authenticates as its entry's name; kubeadm's admin keeps its
 * kubeadm:cluster-admins group, any other such user is only system:authenticated. A user with no entry or no
 * credentials sends anonymous requests.
 */
export function kubeconfigIdentity(kc: Kubeconfig, userName: string, store: Store, nowMs: number, tokenFlag?: string, files: ReadonlyMap<string, string> = new Map()): UserInfo {
  const entry = kc.users.get(userName);
  const named = (): UserInfo => (userName === KUBERNETES_ADMIN.name ? KUBERNETES_ADMIN : { name: userName, groups: [ALL_AUTHENTICATED] });
  if (entry?.['client-certificate'] || entry?.['client-certificate-data']) {
    const certificate = credential(entry['client-certificate-data'], entry['client-certificate'], files);
    if (certificate === undefined) return named();
    const key = credential(entry['client-key-data'], entry['client-key'], files);
    const user = clientCertificateUser(certificate, key ?? '', nowMs);
    if ('error' in user) throw new CommandError(user.error);
    return user;
  }
  const token = tokenFlag || entry?.token;
  if (token && token !== REDACTED) {
    const user = authenticateToken(store, nowMs, token);
    if ('error' in user) throw new CommandError(UNAUTHORIZED);
    return user;
  }
  return hasCredentials(entry) ? named() : ANONYMOUS;
}

/** A certificate's or key's PEM text: the data (base64), else the file's; undefined for the placeholder DATA+OMITTED. */
function credential(data: string | undefined, path: string | undefined, files: ReadonlyMap<string, string>): string | undefined {
  if (data) return data === DATA_OMITTED ? undefined : base64Decode(data);
  return path ? localFile(files, path) ?? '' : undefined;
}

/**
 * The client's TLS setup (tls.X509KeyPair: the certificate must parse and the key be its own), then the API server's
 * x509 authenticator: 401 for a certificate it does not trust; anonymous for one without a common name.
 */
export function clientCertificateUser(certificatePEM: string, keyPEM: string, nowMs: number): UserInfo | { error: string } {
  const certBlock = pemDecode(certificatePEM);
  if (!certBlock) return { error: 'tls: failed to find any PEM data in certificate input' };
  const cert = parseCertificatePEM(certificatePEM);
  if (!cert) return { error: 'tls: failed to parse certificate: x509: malformed certificate' };
  const keyBlock = pemDecode(keyPEM);
  if (!keyBlock) return { error: 'tls: failed to find any PEM data in key input' };
  let key: RsaKey;
  try {
    key = readPrivateKey(keyBlock.label, keyBlock.der);
  } catch {
    return { error: 'tls: failed to parse private key' };
  }
  if (!sameBytes(key.n, cert.publicKey.n)) return { error: 'tls: private key does not match public key' };
  const user = authenticateCertificate(certificatePEM, nowMs);
  if (user && 'error' in user) return { error: UNAUTHORIZED };
  return user ?? ANONYMOUS;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** --as-user-extra KEY=VALUE (repeatable) as the extra map kubectl sends (Impersonate-Extra-KEY: VALUE). */
function userExtra(values: readonly string[]): Record<string, string[]> {
  const extra: Record<string, string[]> = {};
  for (const v of values) {
    const eq = v.indexOf('=');
    // Simplification: the wording of this error is the simulator's.
    if (eq <= 0) throw new CommandError(`invalid --as-user-extra ${JSON.stringify(v)}: expected KEY=VALUE`);
    (extra[v.slice(0, eq)] ??= []).push(v.slice(eq + 1));
  }
  return extra;
}

/**
 * The identity one request runs as: the context's user (a kubeconfig's, or KUBERNETES_ADMIN) unless the request
 * impersonates someone, in which case the context's user must be allowed to (Forbidden otherwise).
 */
export function requestIdentity(store: Store, base: UserInfo, args: ParsedArgs): UserInfo {
  const as = flag(args, 'as');
  const asGroups = args.flags.get('as-group') ?? [];
  const asUid = flag(args, 'as-uid');
  const extra = userExtra(args.flags.get('as-user-extra') ?? []);
  const extraKeys = Object.keys(extra);
  if (as === undefined || as === '') {
    if (asGroups.length || asUid || extraKeys.length) throw new CommandError(`invalid configuration: requesting uid, groups or user-extra for ${base.name} without impersonating a user`);
    return base;
  }
  const sa = serviceAccountOf(as);
  const impersonate = (resource: string, name: string, scope: { apiGroup?: string; namespace?: string; subresource?: string } = {}) =>
    checkAccess(store, base, { verb: 'impersonate', apiGroup: scope.apiGroup ?? '', resource, subresource: scope.subresource, name, namespace: scope.namespace });
  if (sa) impersonate('serviceaccounts', sa.name, { namespace: sa.namespace });
  else impersonate('users', as);
  for (const g of asGroups) impersonate('groups', g);
  if (asUid) impersonate('uids', asUid, { apiGroup: 'authentication.k8s.io' });
  // Each extra value is its own check: resource userextras, the key as subresource, the value as name.
  for (const key of extraKeys) for (const value of extra[key]) impersonate('userextras', value, { apiGroup: 'authentication.k8s.io', subresource: key });
  // A service account impersonated without groups gets its own; every impersonated user is authenticated.
  const groups = asGroups.length === 0 && sa ? ['system:serviceaccounts', `system:serviceaccounts:${sa.namespace}`] : [...asGroups];
  if (as !== 'system:anonymous' && !groups.includes(ALL_AUTHENTICATED)) groups.push(ALL_AUTHENTICATED);
  return { name: as, groups, ...(asUid ? { uid: asUid } : {}), ...(extraKeys.length ? { extra } : {}) };
}

/** The user a command's requests run as (set by runKubectl). */
export function requestUserOf(ctx: KubectlContext): UserInfo {
  return ctx.requestUser ?? ctx.user ?? KUBERNETES_ADMIN;
}
