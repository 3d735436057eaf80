// istiod's sidecar injector (pkg/kube/inject), as the webhook at istiod.istio-system.svc/inject answers: the default
// "sidecar" template of Istio 1.24 with native sidecars off (ENABLE_NATIVE_SIDECARS defaults to false in 1.24): the
// istio-init init container (istio-iptables redirecting the pod's TCP to ports 15001/15006), the istio-proxy
// container last, its volumes, the labels and annotations the injector adds (sidecar.istio.io/status among them),
// and the app's HTTP and TCP probes rewritten to the agent's port 15020 (ISTIO_KUBE_APP_PROBERS says where they went).
// Simplifications: one revision ("default"); no proxy image or resource annotations read, no holdApplicationUntilProxyStarts;
// the istio-proxy env lists the variables that describe the workload, not the agent's tuning knobs.
import type { Container, EnvVar, Pod, Probe, Volume } from 'kubernetes-types/core/v1';
import type { WebhookRequest, WebhookResponse } from '../../apiserver/admission/plugins/webhook/servers.ts';
import { INJECT_LABEL, ISTIO_NAMESPACE, PROXY_CONTAINER, PROXY_IMAGE, STATUS_ANNOTATION } from './types.ts';

const INIT_CONTAINER = 'istio-init';
/** The agent's status port: health, merged metrics and the rewritten app probes. */
const STATUS_PORT = 15020;
const PROXY_RESOURCES = { limits: { cpu: '2', memory: '1Gi' }, requests: { cpu: '100m', memory: '128Mi' } };
const VOLUMES: Volume[] = [
  { name: 'workload-socket', emptyDir: {} },
  { name: 'credential-socket', emptyDir: {} },
  { name: 'workload-certs', emptyDir: {} },
  { name: 'istio-envoy', emptyDir: { medium: 'Memory' } },
  { name: 'istio-data', emptyDir: {} },
  { name: 'istio-podinfo', downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }, { path: 'annotations', fieldRef: { fieldPath: 'metadata.annotations' } }] } },
  { name: 'istio-token', projected: { sources: [{ serviceAccountToken: { audience: 'istio-ca', expirationSeconds: 43200, path: 'istio-token' } }] } },
  { name: 'istiod-ca-cert', configMap: { name: 'istio-ca-root-cert' } },
];

/** Whether a pod carries an injected sidecar (the injector's status annotation and its container). */
export function hasSidecar(pod: Pod | undefined): boolean {
  return !!pod?.metadata?.annotations?.[STATUS_ANNOTATION] && !!pod.spec?.containers?.some((c) => c.name === PROXY_CONTAINER);
}

/** The workload a pod belongs to: a ReplicaSet's Deployment (its name without the pod-template-hash), or the owner. */
function workloadOf(pod: Pod): { kind: string; name: string; group: string } {
  const owner = pod.metadata?.ownerReferences?.find((r) => r.controller);
  const hash = pod.metadata?.labels?.['pod-template-hash'];
  if (owner?.kind === 'ReplicaSet' && hash && owner.name.endsWith(`-${hash}`)) return { kind: 'deployments', name: owner.name.slice(0, -hash.length - 1), group: 'apps/v1' };
  if (owner) return { kind: `${owner.kind.toLowerCase()}s`, name: owner.name, group: owner.apiVersion.includes('/') ? owner.apiVersion : `core/${owner.apiVersion}` };
  return { kind: 'pods', name: pod.metadata?.name || pod.metadata?.generateName?.replace(/-$/, '') || '', group: 'core/v1' };
}

/** A probe the agent answers for the app: where it went, what it was. */
function rewriteProbe(c: Container, which: 'livenessProbe' | 'readinessProbe' | 'startupProbe', suffix: string, probers: Record<string, unknown>): void {
  const p = c[which];
  if (!p || (!p.httpGet && !p.tcpSocket)) return;
  const path = `/app-health/${c.name}/${suffix}`;
  const named = (port: number | string) => (typeof port === 'string' ? c.ports?.find((x) => x.name === port)?.containerPort ?? port : port);
  probers[path] = p.httpGet
    ? { httpGet: { path: p.httpGet.path ?? '/', port: named(p.httpGet.port), scheme: p.httpGet.scheme ?? 'HTTP' }, timeoutSeconds: p.timeoutSeconds ?? 1 }
    : { tcpSocket: { port: named(p.tcpSocket!.port) }, timeoutSeconds: p.timeoutSeconds ?? 1 };
  const { httpGet: _h, tcpSocket: _t, ...rest } = p;
  c[which] = { ...rest, httpGet: { path, port: STATUS_PORT, scheme: 'HTTP' } } as Probe;
}

function proxyEnv(pod: Pod, app: Container[], probers: Record<string, unknown>): EnvVar[] {
  const ns = pod.metadata?.namespace ?? 'default';
  const w = workloadOf(pod);
  const field = (fieldPath: string): EnvVar['valueFrom'] => ({ fieldRef: { apiVersion: 'v1', fieldPath } });
  const ports = app.flatMap((c) => c.ports ?? []).map((p) => ({ ...(p.name ? { name: p.name } : {}), containerPort: p.containerPort, protocol: p.protocol ?? 'TCP' }));
  return [
    { name: 'PILOT_CERT_PROVIDER', value: 'istiod' },
    { name: 'CA_ADDR', value: `istiod.${ISTIO_NAMESPACE}.svc:15012` },
    { name: 'POD_NAME', valueFrom: field('metadata.name') },
    { name: 'POD_NAMESPACE', valueFrom: field('metadata.namespace') },
    { name: 'INSTANCE_IP', valueFrom: field('status.podIP') },
    { name: 'SERVICE_ACCOUNT', valueFrom: field('spec.serviceAccountName') },
    { name: 'HOST_IP', valueFrom: field('status.hostIP') },
    { name: 'ISTIO_CPU_LIMIT', valueFrom: { resourceFieldRef: { divisor: '0', resource: 'limits.cpu' } } },
    { name: 'PROXY_CONFIG', value: '{}\n' },
    { name: 'ISTIO_META_POD_PORTS', value: JSON.stringify(ports) },
    { name: 'ISTIO_META_APP_CONTAINERS', value: app.map((c) => c.name).join(',') },
    { name: 'ISTIO_META_CLUSTER_ID', value: 'Kubernetes' },
    { name: 'ISTIO_META_NODE_NAME', valueFrom: field('spec.nodeName') },
    { name: 'ISTIO_META_INTERCEPTION_MODE', value: 'REDIRECT' },
    { name: 'ISTIO_META_WORKLOAD_NAME', value: w.name },
    { name: 'ISTIO_META_OWNER', value: `kubernetes://apis/${w.group}/namespaces/${ns}/${w.kind}/${w.name}` },
    { name: 'ISTIO_META_MESH_ID', value: 'cluster.local' },
    { name: 'TRUST_DOMAIN', value: 'cluster.local' },
    ...(Object.keys(probers).length ? [{ name: 'ISTIO_KUBE_APP_PROBERS', value: JSON.stringify(probers) }] : []),
  ];
}

function initContainer(): Container {
  return {
    name: INIT_CONTAINER, image: PROXY_IMAGE,
    args: ['istio-iptables', '-p', '15001', '-z', '15006', '-u', '1337', '-m', 'REDIRECT', '-i', '*', '-x', '', '-b', '*', '-d', '15090,15021,15020', '--log_output_level=default:info'],
    resources: structuredClone(PROXY_RESOURCES),
    securityContext: { allowPrivilegeEscalation: false, capabilities: { add: ['NET_ADMIN', 'NET_RAW'], drop: ['ALL'] }, privileged: false, readOnlyRootFilesystem: false, runAsGroup: 0, runAsNonRoot: false, runAsUser: 0 },
  };
}

function proxyContainer(env: EnvVar[]): Container {
  const ready = { httpGet: { path: '/healthz/ready', port: 15021 } };
  return {
    name: PROXY_CONTAINER, image: PROXY_IMAGE,
    args: ['proxy', 'sidecar', '--domain', '$(POD_NAMESPACE).svc.cluster.local', '--proxyLogLevel=warning', '--proxyComponentLogLevel=misc:error', '--log_output_level=default:info'],
    env,
    ports: [{ containerPort: 15090, name: 'http-envoy-prom', protocol: 'TCP' }],
    readinessProbe: { ...ready, failureThreshold: 4, periodSeconds: 15, timeoutSeconds: 3 },
    startupProbe: { ...ready, failureThreshold: 600, periodSeconds: 1, timeoutSeconds: 3 },
    resources: structuredClone(PROXY_RESOURCES),
    securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, privileged: false, readOnlyRootFilesystem: true, runAsGroup: 1337, runAsNonRoot: true, runAsUser: 1337 },
    volumeMounts: [
      { name: 'workload-socket', mountPath: '/var/run/secrets/workload-spiffe-uds' },
      { name: 'credential-socket', mountPath: '/var/run/secrets/credential-uds' },
      { name: 'workload-certs', mountPath: '/var/run/secrets/workload-spiffe-credentials' },
      { name: 'istiod-ca-cert', mountPath: '/var/run/secrets/istio' },
      { name: 'istio-data', mountPath: '/var/lib/istio/data' },
      { name: 'istio-envoy', mountPath: '/etc/istio/proxy' },
      { name: 'istio-token', mountPath: '/var/run/secrets/tokens' },
      { name: 'istio-podinfo', mountPath: '/etc/istio/pod' },
    ],
  };
}

/** Inject the sidecar into a pod being created (in place); a pod that opts out, runs on the host network or has one already is left alone. */
export function injectSidecar(pod: Pod): void {
  const meta = (pod.metadata ??= {});
  const spec = pod.spec;
  if (!spec || spec.hostNetwork || meta.annotations?.[STATUS_ANNOTATION]) return;
  // InjectionPolicy: the annotation (or label) false opts out even when the webhook's selectors matched.
  if (meta.annotations?.[INJECT_LABEL] === 'false' || meta.labels?.[INJECT_LABEL] === 'false') return;
  const app = spec.containers ?? [];
  const probers: Record<string, unknown> = {};
  for (const c of app) {
    rewriteProbe(c, 'livenessProbe', 'livez', probers);
    rewriteProbe(c, 'readinessProbe', 'readyz', probers);
    rewriteProbe(c, 'startupProbe', 'startupz', probers);
  }
  spec.initContainers = [initContainer(), ...(spec.initContainers ?? [])];
  spec.containers = [...app, proxyContainer(proxyEnv(pod, app, probers))];
  spec.volumes = [...(spec.volumes ?? []), ...structuredClone(VOLUMES)];
  const labels = meta.labels ?? {};
  meta.labels = {
    ...labels,
    'security.istio.io/tlsMode': 'istio',
    'service.istio.io/canonical-name': labels['service.istio.io/canonical-name'] ?? labels['app.kubernetes.io/name'] ?? labels.app ?? workloadOf(pod).name,
    'service.istio.io/canonical-revision': labels['service.istio.io/canonical-revision'] ?? labels['app.kubernetes.io/version'] ?? labels.version ?? 'latest',
  };
  const first = app[0]?.name;
  meta.annotations = {
    ...meta.annotations,
    'istio.io/rev': 'default',
    ...(first ? { 'kubectl.kubernetes.io/default-container': first, 'kubectl.kubernetes.io/default-logs-container': first } : {}),
    'prometheus.io/path': '/stats/prometheus',
    'prometheus.io/port': String(STATUS_PORT),
    'prometheus.io/scrape': 'true',
    [STATUS_ANNOTATION]: JSON.stringify({ initContainers: [INIT_CONTAINER], containers: [PROXY_CONTAINER], volumes: VOLUMES.map((v) => v.name), imagePullSecrets: null, revision: 'default' }),
  };
}

/** The /inject webhook: pods are mutated, anything else is let through unchanged. */
export function injectionWebhook(req: WebhookRequest): WebhookResponse {
  if (req.kind.kind === 'Pod' && req.operation === 'CREATE') injectSidecar(req.object as Pod);
  return { allowed: true };
}
