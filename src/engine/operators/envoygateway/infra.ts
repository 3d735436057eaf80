// The Envoy proxy fleet Envoy Gateway runs for each Gateway (internal/infrastructure/kubernetes/proxy, v1.2 defaults):
// in envoy-gateway-system, a Deployment and a LoadBalancer Service named envoy-NAMESPACE-NAME-HASH (HASH: the first
// 8 hex digits of sha256("NAMESPACE/NAME")), labelled with the owning Gateway. A listener port below 1024 is served
// on the container's port + 10000 (Envoy runs unprivileged).
// Simplification: no shutdown-manager container, ServiceAccount, ConfigMap or HPA; the xDS bootstrap is not
// written (the data plane reads the Gateway API objects directly, dataplane.ts).
import type { KubeObject } from '../../api/object.ts';
import { sha256Hex } from '../../api/sha256.ts';
import { EG_NAMESPACE, ENVOY_IMAGE, type Gateway, type Listener } from './types.ts';

export const OWNING_NAME = 'gateway.envoyproxy.io/owning-gateway-name';
export const OWNING_NAMESPACE = 'gateway.envoyproxy.io/owning-gateway-namespace';

export function infraName(gw: { metadata: { namespace?: string; name?: string } }): string {
  const nsName = `${gw.metadata.namespace}/${gw.metadata.name}`;
  const base = nsName.replace('/', '-');
  return `envoy-${base.length > 48 ? base.slice(0, 48).replace(/-+$/, '') : base}-${sha256Hex(nsName).slice(0, 8)}`;
}

export function proxyLabels(gw: Gateway): Record<string, string> {
  return { 'app.kubernetes.io/component': 'proxy', 'app.kubernetes.io/managed-by': 'envoy-gateway', 'app.kubernetes.io/name': 'envoy', [OWNING_NAME]: gw.metadata.name!, [OWNING_NAMESPACE]: gw.metadata.namespace! };
}

/** The container port Envoy listens on for a listener port. */
export const envoyPort = (port: number) => (port < 1024 ? port + 10000 : port);

/** One Service/container port per distinct listener port (listeners on one port share Envoy's listener). */
function ports(gw: Gateway): Listener[] {
  const seen = new Set<number>();
  return (gw.spec.listeners ?? []).filter((l) => !seen.has(l.port) && seen.add(l.port));
}

const portName = (l: Listener) => `${l.protocol === 'HTTPS' || l.protocol === 'TLS' ? 'https' : l.protocol.toLowerCase()}-${l.port}`;

export function proxyDeployment(gw: Gateway): KubeObject {
  const labels = proxyLabels(gw);
  return {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: infraName(gw), namespace: EG_NAMESPACE, labels },
    spec: {
      replicas: 1,
      selector: { matchLabels: labels },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } },
      template: {
        metadata: { labels, annotations: { 'prometheus.io/path': '/stats/prometheus', 'prometheus.io/port': '19001', 'prometheus.io/scrape': 'true' } },
        spec: {
          terminationGracePeriodSeconds: 360,
          containers: [{
            name: 'envoy', image: ENVOY_IMAGE, command: ['envoy'],
            args: ['--service-cluster', `${gw.metadata.namespace}/${gw.metadata.name}`, '--service-node', '$(ENVOY_POD_NAME)', '--config-yaml', '...', '--log-level', 'warn', '--cpuset-threads', '--drain-strategy', 'immediate', '--drain-time-s', '60'],
            env: [{ name: 'ENVOY_GATEWAY_NAMESPACE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } }, { name: 'ENVOY_POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }],
            ports: [...ports(gw).map((l) => ({ name: portName(l), containerPort: envoyPort(l.port), protocol: 'TCP' })), { name: 'metrics', containerPort: 19001, protocol: 'TCP' }, { name: 'readiness', containerPort: 19003, protocol: 'TCP' }],
            readinessProbe: { httpGet: { path: '/ready', port: 19003, scheme: 'HTTP' }, periodSeconds: 5, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 1 },
            resources: { requests: { cpu: '100m', memory: '512Mi' } },
          }],
        },
      },
    },
  } as KubeObject;
}

export function proxyService(gw: Gateway): KubeObject {
  const labels = proxyLabels(gw);
  return {
    apiVersion: 'v1', kind: 'Service',
    metadata: { name: infraName(gw), namespace: EG_NAMESPACE, labels },
    spec: {
      type: 'LoadBalancer', externalTrafficPolicy: 'Local', sessionAffinity: 'None', selector: labels,
      ports: ports(gw).map((l) => ({ name: portName(l), port: l.port, targetPort: envoyPort(l.port), protocol: 'TCP' })),
    },
  } as KubeObject;
}
