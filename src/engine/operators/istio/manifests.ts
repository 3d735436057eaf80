// What installing Istio 1.24 (the default profile's istiod) creates: the istio-system namespace, istiod's
// ServiceAccount, Deployment and Service, and the istio-sidecar-injector MutatingWebhookConfiguration whose four
// webhooks (the default revision's, and the revision-labelled ones) decide which new pods istiod's /inject sees.
// Simplification: no ingress or egress gateway, no istio-validator webhook, no RBAC objects and no mesh ConfigMap.
import type { MutatingWebhook } from 'kubernetes-types/admissionregistration/v1';
import type { LabelSelectorRequirement } from 'kubernetes-types/meta/v1';
import type { KubeObject } from '../../api/object.ts';
import { INJECT_LABEL, ISTIO_HUB, ISTIO_NAMESPACE, ISTIO_VERSION } from './types.ts';

export const ISTIOD = 'istiod';
export const INJECTOR_WEBHOOK_CONFIG = 'istio-sidecar-injector';
export const INJECT_PATH = '/inject';
const ISTIOD_LABELS = { app: 'istiod', istio: 'pilot' };
const COMMON_LABELS = { 'app.kubernetes.io/name': 'istiod', 'app.kubernetes.io/part-of': 'istio', 'app.kubernetes.io/version': ISTIO_VERSION, 'istio.io/rev': 'default', 'install.operator.istio.io/owning-resource': 'unknown', 'operator.istio.io/component': 'Pilot', release: 'istio' };

const req = (key: string, operator: string, values?: string[]): LabelSelectorRequirement => ({ key, operator, ...(values ? { values } : {}) });

function webhook(name: string, namespaceSelector: LabelSelectorRequirement[], objectSelector: LabelSelectorRequirement[]): MutatingWebhook {
  return {
    name, admissionReviewVersions: ['v1'], sideEffects: 'None', failurePolicy: 'Fail', reinvocationPolicy: 'Never', timeoutSeconds: 10,
    clientConfig: { service: { name: ISTIOD, namespace: ISTIO_NAMESPACE, path: INJECT_PATH, port: 443 } },
    rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] } as never],
    namespaceSelector: { matchExpressions: namespaceSelector },
    objectSelector: { matchExpressions: objectSelector },
  };
}

/** The injector's webhooks as the istio-discovery chart writes them for the default revision. */
export function injectorWebhooks(): MutatingWebhook[] {
  return [
    webhook('rev.namespace.sidecar-injector.istio.io', [req('istio.io/rev', 'In', ['default']), req('istio-injection', 'DoesNotExist')], [req(INJECT_LABEL, 'NotIn', ['false'])]),
    webhook('rev.object.sidecar-injector.istio.io', [req('istio.io/rev', 'DoesNotExist'), req('istio-injection', 'DoesNotExist')], [req(INJECT_LABEL, 'NotIn', ['false']), req('istio.io/rev', 'In', ['default'])]),
    webhook('namespace.sidecar-injector.istio.io', [req('istio-injection', 'In', ['enabled'])], [req(INJECT_LABEL, 'NotIn', ['false'])]),
    webhook('object.sidecar-injector.istio.io', [req('istio-injection', 'DoesNotExist'), req('istio.io/rev', 'DoesNotExist')], [req(INJECT_LABEL, 'In', ['true']), req('istio.io/rev', 'DoesNotExist')]),
  ];
}

export function istioManifests(): KubeObject[] {
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ISTIO_NAMESPACE } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: ISTIOD, namespace: ISTIO_NAMESPACE, labels: { app: 'istiod', release: 'istio' } } },
    {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: ISTIOD, namespace: ISTIO_NAMESPACE, labels: { ...COMMON_LABELS, ...ISTIOD_LABELS } },
      spec: {
        replicas: 1,
        selector: { matchLabels: { istio: 'pilot' } },
        strategy: { rollingUpdate: { maxSurge: '100%', maxUnavailable: '25%' } },
        template: {
          metadata: { labels: { ...ISTIOD_LABELS, 'istio.io/rev': 'default', 'sidecar.istio.io/inject': 'false', 'operator.istio.io/component': 'Pilot' }, annotations: { 'prometheus.io/port': '15014', 'prometheus.io/scrape': 'true', 'sidecar.istio.io/inject': 'false' } },
          spec: {
            serviceAccountName: ISTIOD,
            containers: [{
              name: 'discovery', image: `${ISTIO_HUB}/pilot:${ISTIO_VERSION}`,
              args: ['discovery', '--monitoringAddr=:15014', '--log_output_level=default:info', '--domain', 'cluster.local', '--keepaliveMaxServerConnectionAge', '30m'],
              ports: [{ containerPort: 8080, protocol: 'TCP' }, { containerPort: 15010, protocol: 'TCP' }, { containerPort: 15017, protocol: 'TCP' }],
              readinessProbe: { httpGet: { path: '/ready', port: 8080 }, initialDelaySeconds: 1, periodSeconds: 3, timeoutSeconds: 5 },
              env: [{ name: 'REVISION', value: 'default' }, { name: 'PILOT_CERT_PROVIDER', value: 'istiod' }, { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }, { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } }, { name: 'PILOT_TRACE_SAMPLING', value: '1' }, { name: 'CLUSTER_ID', value: 'Kubernetes' }],
              resources: { requests: { cpu: '500m', memory: '2Gi' } },
              securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } },
            }],
          },
        },
      },
    } as KubeObject,
    {
      apiVersion: 'v1', kind: 'Service',
      metadata: { name: ISTIOD, namespace: ISTIO_NAMESPACE, labels: { ...COMMON_LABELS, ...ISTIOD_LABELS } },
      spec: {
        selector: ISTIOD_LABELS,
        ports: [
          { name: 'grpc-xds', port: 15010, protocol: 'TCP' },
          { name: 'https-dns', port: 15012, protocol: 'TCP' },
          { name: 'https-webhook', port: 443, targetPort: 15017, protocol: 'TCP' },
          { name: 'http-monitoring', port: 15014, protocol: 'TCP' },
        ],
      },
    } as KubeObject,
    {
      apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration',
      metadata: { name: INJECTOR_WEBHOOK_CONFIG, labels: { app: 'sidecar-injector', 'app.kubernetes.io/part-of': 'istio', 'istio.io/rev': 'default', release: 'istio' } },
      webhooks: injectorWebhooks(),
    } as KubeObject,
  ];
}
