// The RayCluster CRD (ray.io/v1, KubeRay): a head group and worker groups with replica bounds, and KubeRay's
// printer columns. Simplification: rayStartParams and the pod templates are kept as written.
import type { CustomResourceDefinition } from 'kubernetes-types/apiextensions/v1';
import type { Stored } from '../../api/object.ts';

const template = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
const params = { type: 'object', additionalProperties: { type: 'string' } };

export const RAYCLUSTER_CRD: Stored<CustomResourceDefinition> = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'rayclusters.ray.io' },
  spec: {
    group: 'ray.io',
    scope: 'Namespaced',
    names: { kind: 'RayCluster', plural: 'rayclusters', singular: 'raycluster', listKind: 'RayClusterList' },
    versions: [{
      name: 'v1', served: true, storage: true,
      subresources: { status: {} },
      additionalPrinterColumns: [
        { name: 'desired workers', type: 'integer', jsonPath: '.status.desiredWorkerReplicas' },
        { name: 'available workers', type: 'integer', jsonPath: '.status.availableWorkerReplicas' },
        { name: 'cpus', type: 'string', jsonPath: '.status.desiredCPU' },
        { name: 'memory', type: 'string', jsonPath: '.status.desiredMemory' },
        { name: 'gpus', type: 'string', jsonPath: '.status.desiredGPU' },
        { name: 'status', type: 'string', jsonPath: '.status.state' },
        { name: 'age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
        { name: 'head pod IP', type: 'string', jsonPath: '.status.head.podIP', priority: 1 },
        { name: 'head service IP', type: 'string', jsonPath: '.status.head.serviceIP', priority: 1 },
      ],
      schema: {
        openAPIV3Schema: {
          type: 'object',
          properties: {
            spec: {
              type: 'object', required: ['headGroupSpec'],
              properties: {
                rayVersion: { type: 'string' },
                enableInTreeAutoscaling: { type: 'boolean' },
                headGroupSpec: { type: 'object', required: ['template'], properties: { rayStartParams: params, serviceType: { type: 'string' }, template } },
                workerGroupSpecs: {
                  type: 'array',
                  items: {
                    type: 'object', required: ['groupName', 'template'],
                    'x-kubernetes-validations': [{ rule: 'self.minReplicas <= self.maxReplicas', message: 'minReplicas must not exceed maxReplicas' }],
                    properties: {
                      groupName: { type: 'string', minLength: 1 },
                      replicas: { type: 'integer', minimum: 0, default: 0 },
                      minReplicas: { type: 'integer', minimum: 0, default: 0 },
                      maxReplicas: { type: 'integer', minimum: 0, default: 2147483647 },
                      rayStartParams: params,
                      template,
                    },
                  },
                },
              },
            },
            status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          },
        } as never,
      },
    }],
  },
};
