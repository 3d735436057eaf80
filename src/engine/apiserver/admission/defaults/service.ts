// Defaults of the networking kinds (pkg/apis/core/v1/defaults.go SetDefaults_Service, discovery/v1
// SetDefaults_EndpointPort).
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** CLIENT_IP_DEFAULT_TIMEOUT_SECONDS: three hours. */
export const DEFAULT_CLIENT_IP_TIMEOUT_SECONDS = 10800;

export function setServiceDefaults(spec: Obj): void {
  if (!spec.sessionAffinity) spec.sessionAffinity = 'None';
  if (!spec.type) spec.type = 'ClusterIP';
  for (const p of Array.isArray(spec.ports) ? spec.ports : []) {
    if (!isObj(p)) continue;
    if (!p.protocol) p.protocol = 'TCP';
    // targetPort defaults to port.
    if (p.targetPort === undefined || p.targetPort === 0 || p.targetPort === '') p.targetPort = p.port;
  }
  if (spec.sessionAffinity === 'ClientIP') {
    const cfg = isObj(spec.sessionAffinityConfig) ? spec.sessionAffinityConfig : (spec.sessionAffinityConfig = {});
    const ip = isObj(cfg.clientIP) ? cfg.clientIP : (cfg.clientIP = {});
    if (typeof ip.timeoutSeconds !== 'number') ip.timeoutSeconds = DEFAULT_CLIENT_IP_TIMEOUT_SECONDS;
  }
  if ((spec.type === 'NodePort' || spec.type === 'LoadBalancer') && !spec.externalTrafficPolicy) spec.externalTrafficPolicy = 'Cluster';
  if (spec.type !== 'ExternalName' && !spec.internalTrafficPolicy) spec.internalTrafficPolicy = 'Cluster';
  if (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts === undefined) spec.allocateLoadBalancerNodePorts = true;
}

export function setEndpointSliceDefaults(slice: Obj): void {
  for (const p of Array.isArray(slice.ports) ? slice.ports : []) {
    if (!isObj(p)) continue;
    if (p.name === undefined) p.name = '';
    if (!p.protocol) p.protocol = 'TCP';
  }
}

/** SetDefaults_Endpoints: every subset's ports default to TCP. */
export function setEndpointsDefaults(ep: Obj): void {
  for (const ss of Array.isArray(ep.subsets) ? ep.subsets : []) {
    if (!isObj(ss)) continue;
    for (const p of Array.isArray(ss.ports) ? ss.ports : []) if (isObj(p) && !p.protocol) p.protocol = 'TCP';
  }
}
