// PodSpec defaults shared by Pods and pod templates (pkg/apis/core/v1 SetDefaults_PodSpec, SetDefaults_Container,
// SetDefaults_Probe, SetDefaults_Volume … as zz_generated.defaults.go applies them), and the Pod-only ones.
import { imageTag } from './image.ts';
import { isObj, objects, type Obj } from './objects.ts';

// The field names walked for every pod: module constants, not array literals built per pod.
const PROBES = ['livenessProbe', 'readinessProbe', 'startupProbe'] as const;
const HOOKS = ['postStart', 'preStop'] as const;
const CONTAINER_LISTS = ['containers', 'initContainers'] as const;
const ALL_CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;
const unset = (v: unknown): boolean => v === undefined || v === null || v === '';

/** DefaultTerminationGracePeriodSeconds. */
export const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS = 30;
/** The file mode of secret, configMap, downwardAPI and projected volumes (0644). */
const DEFAULT_VOLUME_MODE = 420;

function setProbeDefaults(p: Obj): void {
  if (unset(p.timeoutSeconds) || p.timeoutSeconds === 0) p.timeoutSeconds = 1;
  if (unset(p.periodSeconds) || p.periodSeconds === 0) p.periodSeconds = 10;
  if (unset(p.successThreshold) || p.successThreshold === 0) p.successThreshold = 1;
  if (unset(p.failureThreshold) || p.failureThreshold === 0) p.failureThreshold = 3;
  if (isObj(p.httpGet)) setHTTPGetDefaults(p.httpGet);
  if (isObj(p.grpc) && (p.grpc.service === undefined || p.grpc.service === null)) p.grpc.service = '';
}

function setHTTPGetDefaults(h: Obj): void {
  if (unset(h.path)) h.path = '/';
  if (unset(h.scheme)) h.scheme = 'HTTP';
}

/** SetDefaults_Container plus what the generated defaulter applies inside a container. */
function setContainerDefaults(c: Obj): void {
  if (unset(c.imagePullPolicy)) c.imagePullPolicy = imageTag(typeof c.image === 'string' ? c.image : '') === 'latest' ? 'Always' : 'IfNotPresent';
  if (unset(c.terminationMessagePath)) c.terminationMessagePath = '/dev/termination-log';
  if (unset(c.terminationMessagePolicy)) c.terminationMessagePolicy = 'File';
  for (const port of objects(c.ports)) {
    if (unset(port.protocol)) port.protocol = 'TCP';
  }
  for (const env of objects(c.env)) {
    const ref = isObj(env.valueFrom) ? env.valueFrom.fieldRef : undefined;
    if (isObj(ref) && unset(ref.apiVersion)) ref.apiVersion = 'v1';
  }
  if (!isObj(c.resources)) c.resources = {};
  for (const probe of PROBES) if (isObj(c[probe])) setProbeDefaults(c[probe] as Obj);
  if (isObj(c.lifecycle)) {
    for (const hook of HOOKS) {
      const h = c.lifecycle[hook];
      if (isObj(h) && isObj(h.httpGet)) setHTTPGetDefaults(h.httpGet);
    }
  }
}

function setVolumeDefaults(v: Obj): void {
  const sources = Object.keys(v).filter((k) => k !== 'name' && v[k] !== undefined && v[k] !== null);
  if (sources.length === 0) v.emptyDir = {};
  for (const src of ['secret', 'configMap', 'downwardAPI', 'projected']) {
    const s = v[src];
    if (isObj(s) && (s.defaultMode === undefined || s.defaultMode === null)) s.defaultMode = DEFAULT_VOLUME_MODE;
  }
  if (isObj(v.hostPath) && (v.hostPath.type === undefined || v.hostPath.type === null)) v.hostPath.type = '';
  const items = (src: unknown) => objects(isObj(src) ? src.items : undefined);
  for (const item of items(v.downwardAPI)) if (isObj(item.fieldRef) && unset(item.fieldRef.apiVersion)) item.fieldRef.apiVersion = 'v1';
  if (isObj(v.projected)) {
    for (const source of objects(v.projected.sources)) {
      for (const item of items(source.downwardAPI)) if (isObj(item.fieldRef) && unset(item.fieldRef.apiVersion)) item.fieldRef.apiVersion = 'v1';
      const sat = source.serviceAccountToken;
      if (isObj(sat) && (sat.expirationSeconds === undefined || sat.expirationSeconds === null)) sat.expirationSeconds = 3600;
    }
  }
}

/** SetDefaults_PodSpec and the nested defaults, for Pods and templates alike. */
export function setPodSpecDefaults(spec: Obj): void {
  if (unset(spec.dnsPolicy)) spec.dnsPolicy = 'ClusterFirst';
  if (unset(spec.restartPolicy)) spec.restartPolicy = 'Always';
  if (!isObj(spec.securityContext)) spec.securityContext = {};
  if (spec.terminationGracePeriodSeconds === undefined || spec.terminationGracePeriodSeconds === null) {
    spec.terminationGracePeriodSeconds = DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS;
  }
  if (unset(spec.schedulerName)) spec.schedulerName = 'default-scheduler';
  for (const v of objects(spec.volumes)) setVolumeDefaults(v);
  for (const list of ALL_CONTAINER_LISTS) for (const c of objects(spec[list])) setContainerDefaults(c);
}

/** SetDefaults_Pod: requests default to limits for every resource given only a limit. */
function defaultRequestsToLimits(c: Obj): void {
  const res = isObj(c.resources) ? c.resources : (c.resources = {});
  if (!isObj(res.limits)) return;
  const requests = isObj(res.requests) ? res.requests : (res.requests = {});
  for (const [name, value] of Object.entries(res.limits)) if (!(name in requests)) requests[name] = value;
}

/** DefaultTolerationSeconds admission: tolerate not-ready and unreachable nodes for 300 s unless told otherwise. */
export const DEFAULT_NOT_READY_TOLERATION_SECONDS = 300;
export const DEFAULT_UNREACHABLE_TOLERATION_SECONDS = 300;

/**
 * A toleration of the key's NoExecute taint. A module function, not a closure per pod: tsx (esbuild keepNames)
 * wraps each named closure's creation in Object.defineProperty.
 */
function toleratesNoExecute(tolerations: unknown[], key: string): boolean {
  for (const t of tolerations) if (isObj(t) && (t.key === key || unset(t.key)) && (t.effect === 'NoExecute' || unset(t.effect))) return true;
  return false;
}

function addDefaultTolerations(spec: Obj): void {
  const tolerations = Array.isArray(spec.tolerations) ? (spec.tolerations as unknown[]) : undefined;
  const notReady = !!tolerations && toleratesNoExecute(tolerations, 'node.kubernetes.io/not-ready');
  const unreachable = !!tolerations && toleratesNoExecute(tolerations, 'node.kubernetes.io/unreachable');
  if (notReady && unreachable) return;
  const notReadyToleration = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_NOT_READY_TOLERATION_SECONDS };
  const unreachableToleration = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_UNREACHABLE_TOLERATION_SECONDS };
  // A pod without tolerations (most) gets a list of exactly two: one grown by push would keep room for seventeen.
  if (!tolerations) {
    spec.tolerations = [notReadyToleration, unreachableToleration];
    return;
  }
  if (!notReady) tolerations.push(notReadyToleration);
  if (!unreachable) tolerations.push(unreachableToleration);
}

/**
 * Everything a Pod gets that a template does not: SetDefaults_Pod (requests from limits, enableServiceLinks), the
 * v1 conversion of the deprecated serviceAccount field, and the DefaultTolerationSeconds admission plugin's
 * tolerations. (The ServiceAccount and Priority admission plugins, admission/plugins/, set the service account and
 * the priority.)
 */
export function setPodDefaults(spec: Obj, oldSpec?: Obj): void {
  for (const list of CONTAINER_LISTS) for (const c of objects(spec[list])) defaultRequestsToLimits(c);
  if (spec.enableServiceLinks === undefined || spec.enableServiceLinks === null) spec.enableServiceLinks = true;
  if (spec.hostNetwork === true) {
    // defaultHostNetworkPorts: with host networking a container port is a host port.
    for (const list of CONTAINER_LISTS) {
      for (const c of objects(spec[list])) for (const port of objects(c.ports)) if (unset(port.hostPort) || port.hostPort === 0) port.hostPort = port.containerPort;
    }
  }
  setPodSpecDefaults(spec);
  if (oldSpec) {
    if (unset(spec.serviceAccountName) && !unset(oldSpec.serviceAccountName)) spec.serviceAccountName = oldSpec.serviceAccountName;
    if (unset(spec.serviceAccount) && !unset(oldSpec.serviceAccount)) spec.serviceAccount = oldSpec.serviceAccount;
  }
  // v1 conversion: the deprecated serviceAccount stands in for an empty serviceAccountName, and mirrors it.
  if (unset(spec.serviceAccountName) && !unset(spec.serviceAccount)) spec.serviceAccountName = spec.serviceAccount;
  if (!unset(spec.serviceAccountName)) spec.serviceAccount = spec.serviceAccountName;
  addDefaultTolerations(spec);
}
