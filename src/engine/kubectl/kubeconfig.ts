// kubectl's kubeconfig (client-go's clientcmd api.Config): clusters, users and contexts by name and the current
// context. It belongs to the simulated environment, not to the API server: it is kept in ClusterSnapshot.config,
// and changing it writes nothing to the store. A new cluster gets kubeadm's admin.conf.
//
// Simplification: no credential is kept but JWT-shaped bearer tokens (the simulator's service account tokens, signed
// by nothing) and the simulated PEM certificates and keys of api/pki (what openssl makes here: no real secret).
// Other certificate and key data are the placeholder DATA+OMITTED and any other token or password REDACTED
// (what `kubectl config view` prints for them), as snapshots and share links carry the kubeconfig; so `view --raw`
// prints the placeholders too (and what is kept). Every context reaches the one simulated API server, whatever its
// cluster's server says (identity.ts authenticates the kept certificates and service account tokens).

import { looksLikeJWT } from '../apiserver/serviceaccount/jwt.ts';
import { base64Decode } from '../api/base64.ts';
import { pemDecode } from '../api/pki/pem.ts';

/** The API server's address in kubeadm's admin.conf, as `kubectl cluster-info` prints it. */
export const API_SERVER_URL = 'https://127.0.0.1:6443';
/** Where kubectl keeps it ($HOME/.kube/config of the control plane's root user), named in messages. */
export const KUBECONFIG_PATH = '/root/.kube/config';
/** kubectl's working directory, against which relative certificate paths are made absolute. */
export const WORKING_DIRECTORY = '/root';
export const DATA_OMITTED = 'DATA+OMITTED';
export const REDACTED = 'REDACTED';

/** v1.Cluster's fields the simulator keeps (their kubeconfig names). */
export interface KubeconfigCluster {
  server: string;
  'tls-server-name'?: string;
  'insecure-skip-tls-verify'?: boolean;
  'certificate-authority'?: string;
  'certificate-authority-data'?: string;
  'proxy-url'?: string;
  'disable-compression'?: boolean;
}

/** v1.AuthInfo's fields the simulator keeps. */
export interface KubeconfigUser {
  'client-certificate'?: string;
  'client-certificate-data'?: string;
  'client-key'?: string;
  'client-key-data'?: string;
  token?: string;
  tokenFile?: string;
  username?: string;
  password?: string;
}

export interface KubeconfigContext {
  cluster: string;
  user: string;
  namespace?: string;
}

/** clientcmd's internal Config: entries by name (Maps, so any name is a key). */
export interface Kubeconfig {
  currentContext: string;
  clusters: Map<string, KubeconfigCluster>;
  users: Map<string, KubeconfigUser>;
  contexts: Map<string, KubeconfigContext>;
}

/** The file as kubectl writes and prints it (clientcmd v1.Config): named lists sorted by name, null when empty. */
export interface KubeconfigFile {
  kind: 'Config';
  apiVersion: 'v1';
  preferences: Record<string, never>;
  clusters: { name: string; cluster: KubeconfigCluster }[] | null;
  users: { name: string; user: KubeconfigUser }[] | null;
  contexts: { name: string; context: KubeconfigContext }[] | null;
  'current-context': string;
}

/** kubeadm's admin.conf for a cluster named "kubernetes". */
export function defaultKubeconfig(): Kubeconfig {
  return {
    currentContext: 'kubernetes-admin@kubernetes',
    clusters: new Map([['kubernetes', { server: API_SERVER_URL, 'certificate-authority-data': DATA_OMITTED }]]),
    users: new Map([['kubernetes-admin', { 'client-certificate-data': DATA_OMITTED, 'client-key-data': DATA_OMITTED }]]),
    contexts: new Map([['kubernetes-admin@kubernetes', { cluster: 'kubernetes', user: 'kubernetes-admin' }]]),
  };
}

/** The namespace a command uses without --namespace: the context's (the current one by default), else "default". */
export function contextNamespace(kc: Kubeconfig, contextName?: string): string {
  return kc.contexts.get(contextName || kc.currentContext)?.namespace || 'default';
}

function named<T>(m: Map<string, T>, key: string): { name: string }[] | null {
  if (!m.size) return null;
  return [...m.keys()].sort().map((name) => ({ name, [key]: m.get(name) }));
}

// Field orders of the Go structs: -o json prints them in this order.
const CLUSTER_FIELDS = ['server', 'tls-server-name', 'insecure-skip-tls-verify', 'certificate-authority', 'certificate-authority-data', 'proxy-url', 'disable-compression'] as const;
const USER_FIELDS = ['client-certificate', 'client-certificate-data', 'client-key', 'client-key-data', 'token', 'tokenFile', 'username', 'password'] as const;
const CONTEXT_FIELDS = ['cluster', 'user', 'namespace'] as const;

function ordered<T extends object>(value: T, fields: readonly string[], always: readonly string[]): T {
  const src = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = src[f];
    // omitempty: "" and false are left out, except for the fields Go always writes.
    if (always.includes(f)) out[f] = v ?? '';
    else if (v !== undefined && v !== '' && v !== false) out[f] = v;
  }
  return out as T;
}

export function toFile(kc: Kubeconfig): KubeconfigFile {
  const clusters = new Map([...kc.clusters].map(([k, v]) => [k, ordered(v, CLUSTER_FIELDS, ['server'])]));
  const users = new Map([...kc.users].map(([k, v]) => [k, ordered(v, USER_FIELDS, [])]));
  const contexts = new Map([...kc.contexts].map(([k, v]) => [k, ordered(v, CONTEXT_FIELDS, ['cluster', 'user'])]));
  return {
    kind: 'Config', apiVersion: 'v1', preferences: {},
    clusters: named(clusters, 'cluster') as KubeconfigFile['clusters'],
    users: named(users, 'user') as KubeconfigFile['users'],
    contexts: named(contexts, 'context') as KubeconfigFile['contexts'],
    'current-context': kc.currentContext,
  };
}

export type FieldKind = 'string' | 'bool' | 'data' | 'secret' | 'token';
const CLUSTER_KINDS: Record<keyof KubeconfigCluster, FieldKind> = {
  server: 'string', 'tls-server-name': 'string', 'insecure-skip-tls-verify': 'bool', 'certificate-authority': 'string',
  'certificate-authority-data': 'data', 'proxy-url': 'string', 'disable-compression': 'bool',
};
const USER_KINDS: Record<keyof KubeconfigUser, FieldKind> = {
  'client-certificate': 'string', 'client-certificate-data': 'data', 'client-key': 'string', 'client-key-data': 'data',
  token: 'token', tokenFile: 'string', username: 'string', password: 'secret',
};
const CONTEXT_KINDS: Record<keyof KubeconfigContext, FieldKind> = { cluster: 'string', user: 'string', namespace: 'string' };

/** The kind of each settable field, by entry kind (`kubectl config set` navigates with them). */
export const FIELD_KINDS = { clusters: CLUSTER_KINDS, users: USER_KINDS, contexts: CONTEXT_KINDS } as const;

/**
 * What is kept of a credential: its placeholder (see the top of this file), except a JWT-shaped bearer token, which
 * is kept for the API server's service account token authenticator (the simulator's tokens are signed by nothing).
 */
export function placeholder(kind: FieldKind, value: string): string {
  if (!value) return value;
  if (kind === 'token') return looksLikeJWT(value) ? value : REDACTED;
  return kind === 'data' ? (isSimulatedPEM(value) ? value : DATA_OMITTED) : kind === 'secret' ? REDACTED : value;
}

/** Base64 of a PEM certificate or private key (as `--embed-certs` or a pasted kubeconfig holds the simulated ones). */
function isSimulatedPEM(b64: string): boolean {
  try {
    const label = pemDecode(base64Decode(b64))?.label;
    return label === 'CERTIFICATE' || label === 'PRIVATE KEY' || label === 'RSA PRIVATE KEY';
  } catch {
    return false;
  }
}

/**
 * The file as `kubectl config view` prints it without --raw: kept tokens are REDACTED and kept certificate and key
 * data DATA+OMITTED, as kubectl redacts them.
 */
export function redacted(kc: Kubeconfig): Kubeconfig {
  const hide = (v: string | undefined, by: string) => (v && v !== by ? by : v);
  const users = new Map([...kc.users].map(([name, u]) => {
    const out: KubeconfigUser = { ...u };
    for (const k of ['client-certificate-data', 'client-key-data'] as const) if (u[k]) out[k] = hide(u[k], DATA_OMITTED);
    if (u.token) out.token = hide(u.token, REDACTED);
    return [name, out];
  }));
  return { ...kc, users };
}

/**
 * A file kubectl reads by a kubeconfig path (a client certificate or key): the editor document of that name.
 * SIMULATION: kubectl's working directory (/root) is the documents' folder, so /root/jane.crt is the document jane.crt.
 */
export function localFile(files: ReadonlyMap<string, string>, path: string): string | undefined {
  const inHome = path.startsWith(`${WORKING_DIRECTORY}/`) ? path.slice(WORKING_DIRECTORY.length + 1) : undefined;
  return files.get(path) ?? (inHome !== undefined ? files.get(inHome) ?? files.get(`/${inHome}`) : undefined) ?? files.get(path.replace(/^\/+/, ''));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readEntry<T>(v: unknown, kinds: Record<string, FieldKind>, where: string): T {
  if (!isObject(v)) throw new Error(`${where}: expected an object`);
  const out: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(v)) {
    const kind = kinds[k];
    if (!kind || value === undefined || value === null) continue; // fields the simulator does not keep
    if (kind === 'bool') {
      if (typeof value !== 'boolean') throw new Error(`${where}.${k}: expected a boolean`);
      out[k] = value;
    } else {
      if (typeof value !== 'string') throw new Error(`${where}.${k}: expected a string`);
      out[k] = placeholder(kind, value);
    }
  }
  return out as T;
}

function readList<T>(v: unknown, key: string, kinds: Record<string, FieldKind>, required: string[]): Map<string, T> {
  const m = new Map<string, T>();
  if (v === undefined || v === null) return m;
  if (!Array.isArray(v)) throw new Error(`kubeconfig ${key}: expected a list`);
  v.forEach((item, i) => {
    const where = `kubeconfig ${key}[${i}]`;
    if (!isObject(item) || typeof item.name !== 'string' || !item.name) throw new Error(`${where}.name: expected a non-empty string`);
    if (m.has(item.name)) throw new Error(`${where}: duplicate name "${item.name}"`);
    const entryKey = key.slice(0, -1); // "clusters" → "cluster"
    const entry = readEntry<Record<string, unknown>>(item[entryKey] ?? {}, kinds, `${where}.${entryKey}`);
    for (const r of required) entry[r] ??= '';
    m.set(item.name, entry as T);
  });
  return m;
}

/** A kubeconfig from a snapshot (which a share link may carry): checked field by field; throws naming the field. */
export function fromFile(v: unknown): Kubeconfig {
  if (!isObject(v)) throw new Error('kubeconfig: expected an object');
  const current = v['current-context'] ?? '';
  if (typeof current !== 'string') throw new Error('kubeconfig current-context: expected a string');
  return {
    currentContext: current,
    clusters: readList<KubeconfigCluster>(v.clusters, 'clusters', CLUSTER_KINDS, ['server']),
    users: readList<KubeconfigUser>(v.users, 'users', USER_KINDS, []),
    contexts: readList<KubeconfigContext>(v.contexts, 'contexts', CONTEXT_KINDS, ['cluster', 'user']),
  };
}
