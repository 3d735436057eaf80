// kubectl get --raw PATH: a GET of that URI on the API server, its body printed as it comes. The server's answers:
// discovery (/api, /apis, /apis/GROUP, /api/v1, /apis/GROUP/VERSION), /version, the health checks (/healthz,
// /livez, /readyz, ?verbose, /livez/CHECK) and resource paths (/api/v1/namespaces/NS/pods[/NAME],
// /apis/GROUP/VERSION/RESOURCE …), read as the request's user. Any other path gets the server's 404 ("404 page
// not found"), which kubectl reports as `Error from server (NotFound): the server could not find the requested resource`.
// SIMULATION: /openapi/v2, /openapi/v3, /metrics and subresources are among those 404s; objects are encoded with
// sorted keys (a real server writes typed objects in Go field order); discovery's verbs are the usual eight and its
// resource lists carry no subresources and no storageVersionHash.
import { apiVersionOf, categoriesOf, discoveryOrder, type KindInfo } from '../../api/kinds.ts';
import { goJson, htmlEscapeJson } from '../../api/gojson.ts';
import type { KubeObject } from '../../api/object.ts';
import { parseSelector } from '../../api/labels.ts';
import { KUBERNETES_VERSION } from '../../api/version.ts';
import { notFound } from '../../apiserver/errors.ts';
import { serverOf } from '../clientconfig.ts';
import { CommandError, printVerbatim, type KubectlContext } from '../context.ts';
import { VIEW_KINDS, viewOf } from '../eventsview.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';

/** client-go's error for a 404 whose body is no Status (the server's plain "404 page not found"). */
const NOT_FOUND = 'Error from server (NotFound): the server could not find the requested resource';

/** kube-apiserver v1.32's version.Info for the release the simulator models. */
const VERSION_INFO = {
  major: '1', minor: '32', gitVersion: KUBERNETES_VERSION, gitCommit: '70d3cc986aa8221cd1dfb1121852688902d3bf53', gitTreeState: 'clean',
  buildDate: '2024-12-11T17:59:15Z', goVersion: 'go1.23.3', compiler: 'gc', platform: 'linux/amd64',
};

/** The checks of a kubeadm cluster's API server, in the order it registers them. */
const LIVEZ_CHECKS = ['ping', 'log', 'etcd', 'poststarthook/start-apiserver-admission-initializer', 'poststarthook/generic-apiserver-start-informers',
  'poststarthook/priority-and-fairness-config-consumer', 'poststarthook/priority-and-fairness-filter', 'poststarthook/storage-object-count-tracker-hook',
  'poststarthook/start-apiextensions-informers', 'poststarthook/start-apiextensions-controllers', 'poststarthook/crd-informer-synced',
  'poststarthook/start-system-namespaces-controller', 'poststarthook/start-cluster-authentication-info-controller',
  'poststarthook/start-kube-apiserver-identity-lease-controller', 'poststarthook/start-kube-apiserver-identity-lease-garbage-collector',
  'poststarthook/start-legacy-token-tracking-controller', 'poststarthook/start-service-ip-repair-controllers', 'poststarthook/rbac/bootstrap-roles',
  'poststarthook/scheduling/bootstrap-system-priority-classes', 'poststarthook/priority-and-fairness-config-producer', 'poststarthook/bootstrap-controller',
  'poststarthook/aggregator-reload-proxy-client-cert', 'poststarthook/start-kube-aggregator-informers', 'poststarthook/apiservice-status-local-available-controller',
  'poststarthook/apiservice-status-remote-available-controller', 'poststarthook/apiservice-registration-controller', 'poststarthook/apiservice-discovery-controller',
  'poststarthook/kube-apiserver-autoregistration', 'autoregister-completion', 'poststarthook/apiservice-openapi-controller', 'poststarthook/apiservice-openapiv3-controller'];
const HEALTH_CHECKS: Record<string, string[]> = {
  healthz: LIVEZ_CHECKS,
  livez: LIVEZ_CHECKS,
  readyz: [...LIVEZ_CHECKS.slice(0, 3), 'etcd-readiness', 'informer-sync', ...LIVEZ_CHECKS.slice(3), 'shutdown'],
};

const VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/** The server's answer to GET path (a body), or a thrown error kubectl prints. */
type Body = string;

export function getRawCommand(ctx: KubectlContext, args: ParsedArgs, raw: string): number {
  if (boolFlag(args, 'watch') || boolFlag(args, 'watch-only') || flag(args, 'selector') !== undefined) {
    throw new CommandError('--raw may not be specified with other flags that filter the server request or alter the output');
  }
  if (flag(args, 'output')) throw new CommandError("--raw and --output are mutually exclusive\nSee 'kubectl get -h' for help and examples");
  if (!raw.startsWith('/')) throw new CommandError(`--raw must be a valid URL path: parse "${raw}": invalid URI for request\nSee 'kubectl get -h' for help and examples`);
  const q = raw.indexOf('?');
  const path = (q < 0 ? raw : raw.slice(0, q)).replace(/\/+$/, '') || '/';
  const query = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
  const body = answer(ctx, args, path, query);
  if (body === undefined) {
    ctx.err.push(NOT_FOUND);
    return 1;
  }
  printVerbatim(ctx, body);
  return 0;
}

function answer(ctx: KubectlContext, args: ParsedArgs, path: string, query: URLSearchParams): Body | undefined {
  const parts = path.split('/').filter(Boolean);
  if (path === '/version') return JSON.stringify(VERSION_INFO, null, 2);
  const health = HEALTH_CHECKS[parts[0]];
  if (health) return healthCheck(parts[0], health, parts.slice(1).join('/'), query.has('verbose'));
  const kinds = [...ctx.store.kinds.all(), ...VIEW_KINDS];
  if (path === '/api') {
    const address = serverOf(ctx.kubeconfig, args).replace(/^https?:\/\//, '');
    return encode({ kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: address }] });
  }
  if (path === '/apis') return encode({ kind: 'APIGroupList', apiVersion: 'v1', groups: groups(kinds) });
  const core = parts[0] === 'api';
  if (!core && parts[0] !== 'apis') return undefined;
  const [group, version, ...rest] = core ? ['', ...parts.slice(1)] : parts.slice(1);
  if (!core && version === undefined) {
    const g = groups(kinds).find((x) => x.name === group);
    return g && encode({ kind: 'APIGroup', apiVersion: 'v1', ...g });
  }
  const served = kinds.filter((k) => k.group === group && servedVersions(k).includes(version));
  if (!served.length) return undefined;
  if (!rest.length) return encode({ kind: 'APIResourceList', ...(core ? {} : { apiVersion: 'v1' }), groupVersion: group ? `${group}/${version}` : version, resources: served.map(resource) });
  return objects(ctx, served, version, rest, query);
}

/** /livez, /livez?verbose, /livez/etcd: "ok", or each check and the verdict. */
function healthCheck(name: string, checks: string[], only: string, verbose: boolean): Body | undefined {
  if (only) return checks.includes(only) ? 'ok' : undefined;
  if (!verbose) return 'ok';
  return `${checks.map((c) => `[+]${c} ok\n`).join('')}${name} check passed\n`;
}

/** The named groups in discovery's order, each with its versions (the preferred one first). */
function groups(kinds: KindInfo[]): { name: string; versions: { groupVersion: string; version: string }[]; preferredVersion: { groupVersion: string; version: string } }[] {
  const out = new Map<string, Set<string>>();
  for (const k of discoveryOrder(kinds)) {
    if (!k.group) continue;
    const versions = out.get(k.group) ?? new Set<string>();
    for (const v of servedVersions(k)) versions.add(v);
    out.set(k.group, versions);
  }
  return [...out].map(([name, versions]) => {
    const list = [...versions].map((version) => ({ groupVersion: `${name}/${version}`, version }));
    return { name, versions: list, preferredVersion: list[0] };
  });
}

function servedVersions(k: KindInfo): string[] {
  return k.custom ? [k.version, ...k.custom.servedVersions.filter((v) => v !== k.version)] : [k.version];
}

/** An APIResource of discovery. */
function resource(k: KindInfo): Record<string, unknown> {
  const categories = categoriesOf(k);
  return {
    name: k.plural, singularName: k.singular, namespaced: k.namespaced, kind: k.kind, verbs: VERBS,
    ...(k.shortNames.length ? { shortNames: k.shortNames } : {}), ...(categories.length ? { categories } : {}),
  };
}

/** RESOURCE[/NAME], or namespaces/NS/RESOURCE[/NAME]: a list or an object, as the request's user may read it. */
function objects(ctx: KubectlContext, served: KindInfo[], version: string, rest: string[], query: URLSearchParams): Body | undefined {
  let namespace: string | undefined;
  let path = rest;
  // namespaces/NS alone is the Namespace itself; namespaces/NS/RESOURCE is a namespaced resource.
  if (path[0] === 'namespaces' && path.length >= 3) {
    namespace = path[1];
    path = path.slice(2);
  }
  if (path.length > 2) return undefined;
  const [plural, name] = path;
  const info = served.find((k) => k.plural === plural && (namespace === undefined || k.namespaced));
  if (!info) return undefined;
  const typed = (obj: KubeObject) => ({ ...obj, apiVersion: apiVersionOf(info).replace(/[^/]+$/, version) });
  if (name !== undefined) {
    const obj = ctx.store.tryGet(info.kind, info.namespaced ? namespace : undefined, name);
    if (!obj) throw notFound(info, name);
    return `${goJson(typed(viewOf(info, [obj])[0]))}\n`;
  }
  const selector = query.get('labelSelector');
  const items = ctx.store.list(info.kind, { namespace: info.namespaced ? namespace : undefined, ...(selector ? { labelSelector: parseSelector(selector) } : {}) });
  // A built-in list's items carry no kind or apiVersion (the list's type says them); a custom resource's do.
  const listed = viewOf(info, items).map((o) => {
    if (info.custom) return typed(o);
    const { kind: _k, apiVersion: _a, ...rest } = o;
    return rest;
  });
  const head = encode({ kind: `${info.kind}List`, apiVersion: apiVersionOf(info).replace(/[^/]+$/, version), metadata: { resourceVersion: String(ctx.apiserver?.resourceVersion ?? '') } });
  return `${head.slice(0, -2)},"items":[${listed.map(goJson).join(',')}]}\n`;
}

/** The API server's JSON of a typed value: compact, keys in the order given (its Go fields'), a final newline (json.Encoder). */
function encode(v: unknown): Body {
  return `${htmlEscapeJson(JSON.stringify(v))}\n`;
}
