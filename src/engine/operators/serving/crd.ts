// The InferenceService CRD (serving.kubesim.io/v1alpha1): a model served by a vLLM-like server, GPUs per replica
// and replica bounds. A small kind in the manner of KServe's InferenceService, invented for the simulator.
import type { CustomResourceDefinition } from 'kubernetes-types/apiextensions/v1';
import type { Stored } from '../../api/object.ts';

export const INFERENCESERVICE_CRD: Stored<CustomResourceDefinition> = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'inferenceservices.serving.kubesim.io' },
  spec: {
    group: 'serving.kubesim.io',
    scope: 'Namespaced',
    names: { kind: 'InferenceService', plural: 'inferenceservices', singular: 'inferenceservice', shortNames: ['isvc'], listKind: 'InferenceServiceList' },
    versions: [{
      name: 'v1alpha1', served: true, storage: true,
      subresources: { status: {} },
      additionalPrinterColumns: [
        { name: 'Model', type: 'string', jsonPath: '.spec.model' },
        { name: 'Ready', type: 'integer', jsonPath: '.status.readyReplicas' },
        { name: 'Queue', type: 'string', jsonPath: '.status.averageRequestsWaiting' },
        { name: 'URL', type: 'string', jsonPath: '.status.url' },
        { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
      ],
      schema: {
        openAPIV3Schema: {
          type: 'object',
          description: 'InferenceService serves a model behind a Service, scaled by a HorizontalPodAutoscaler.',
          properties: {
            spec: {
              type: 'object',
              required: ['model'],
              'x-kubernetes-validations': [{ rule: 'self.minReplicas <= self.maxReplicas', message: 'minReplicas must not exceed maxReplicas' }],
              properties: {
                model: { type: 'string', minLength: 1, description: 'The model to serve, e.g. meta-llama/Llama-3.1-8B-Instruct.' },
                image: { type: 'string', default: 'vllm/vllm-openai:v0.6.3', description: 'The serving image.' },
                gpusPerReplica: { type: 'integer', minimum: 0, maximum: 8, default: 1, description: 'nvidia.com/gpu per replica.' },
                minReplicas: { type: 'integer', minimum: 1, default: 1 },
                maxReplicas: { type: 'integer', minimum: 1, default: 3 },
                port: { type: 'integer', minimum: 1, maximum: 65535, default: 8000 },
                scaleMetric: { type: 'string', enum: ['queueLength', 'cpu'], default: 'queueLength', description: 'What the autoscaler scales on: the per-pod request queue (num_requests_waiting) or CPU utilization.' },
                targetQueueLength: { type: 'integer', minimum: 1, default: 5, description: 'With scaleMetric queueLength: the average num_requests_waiting per replica to keep.' },
                targetCPUUtilizationPercentage: { type: 'integer', minimum: 1, maximum: 100, default: 80, description: 'With scaleMetric cpu: the average CPU utilization per replica to keep.' },
              },
            },
            status: {
              type: 'object',
              properties: {
                readyReplicas: { type: 'integer' },
                url: { type: 'string' },
                averageRequestsWaiting: { type: 'string', description: 'The autoscaler\'s last average num_requests_waiting per replica.' },
                conditions: { type: 'array', items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
              },
            },
          },
        } as never,
      },
    }],
  },
};
