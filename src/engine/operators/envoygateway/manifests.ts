// What installing Envoy Gateway v1.2 (the gateway-helm chart's defaults) creates beside its CRDs: the
// envoy-gateway-system namespace and the envoy-gateway controller's ServiceAccount, Deployment and Service (xDS
// on 18000, the rate-limit xDS on 18001, the wasm server on 18002, webhooks on 9443).
// Simplification: no RBAC objects, certgen Job, certificates Secret or envoy-gateway-config ConfigMap.
import type { KubeObject } from '../../api/object.ts';
import { EG_NAMESPACE, EG_VERSION } from './types.ts';

const NAME = 'envoy-gateway';
const LABELS = { 'control-plane': 'envoy-gateway', 'app.kubernetes.io/name': 'gateway-helm', 'app.kubernetes.io/instance': 'eg' };

export function envoyGatewayManifests(): KubeObject[] {
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: EG_NAMESPACE } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: NAME, namespace: EG_NAMESPACE, labels: LABELS } },
    {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: NAME, namespace: EG_NAMESPACE, labels: { ...LABELS, 'app.kubernetes.io/version': EG_VERSION, 'app.kubernetes.io/managed-by': 'Helm' } },
      spec: {
        replicas: 1,
        selector: { matchLabels: LABELS },
        template: {
          metadata: { labels: LABELS, annotations: { 'prometheus.io/port': '19001', 'prometheus.io/scrape': 'true' } },
          spec: {
            serviceAccountName: NAME,
            terminationGracePeriodSeconds: 10,
            containers: [{
              name: NAME, image: `docker.io/envoyproxy/gateway:${EG_VERSION}`, imagePullPolicy: 'IfNotPresent',
              args: ['server', '--config-path=/config/envoy-gateway.yaml'],
              env: [{ name: 'ENVOY_GATEWAY_NAMESPACE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } }, { name: 'KUBERNETES_CLUSTER_DOMAIN', value: 'cluster.local' }],
              ports: [{ containerPort: 18000, name: 'grpc' }, { containerPort: 18001, name: 'ratelimit' }, { containerPort: 18002, name: 'wasm' }, { containerPort: 19001, name: 'metrics' }, { containerPort: 9443, name: 'webhook' }],
              readinessProbe: { httpGet: { path: '/readyz', port: 8081 }, initialDelaySeconds: 5, periodSeconds: 10 },
              resources: { limits: { memory: '1024Mi' }, requests: { cpu: '100m', memory: '256Mi' } },
              securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, privileged: false, runAsNonRoot: true, runAsGroup: 65532, runAsUser: 65532, seccompProfile: { type: 'RuntimeDefault' } },
            }],
          },
        },
      },
    } as KubeObject,
    {
      apiVersion: 'v1', kind: 'Service',
      metadata: { name: NAME, namespace: EG_NAMESPACE, labels: LABELS },
      spec: {
        selector: LABELS,
        ports: [
          { name: 'grpc', port: 18000, targetPort: 18000 }, { name: 'ratelimit', port: 18001, targetPort: 18001 },
          { name: 'wasm', port: 18002, targetPort: 18002 }, { name: 'metrics', port: 19001, targetPort: 19001 }, { name: 'webhook', port: 9443, targetPort: 9443 },
        ],
      },
    } as KubeObject,
  ];
}
