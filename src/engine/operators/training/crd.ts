// The PyTorchJob CRD (kubeflow.org/v1, Kubeflow Training Operator): replica specs per role (Master, Worker),
// the run policy (backoff limit, pod cleanup, gang scheduling) and the State column.
// Simplification: the operator's defaulting webhook is the schema's defaults (replicas 1, restartPolicy OnFailure,
// cleanPodPolicy None); the pod template is kept as written (x-kubernetes-preserve-unknown-fields).
import type { CustomResourceDefinition } from 'kubernetes-types/apiextensions/v1';
import type { Stored } from '../../api/object.ts';

const replicaSpec = {
  type: 'object',
  properties: {
    replicas: { type: 'integer', minimum: 0, default: 1, description: 'Replicas is the desired number of replicas of the given template.' },
    restartPolicy: { type: 'string', enum: ['Always', 'OnFailure', 'Never', 'ExitCode'], default: 'OnFailure', description: 'Restart policy for all replicas within the job. One of Always, OnFailure, Never and ExitCode.' },
    template: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, description: 'Template is the object that describes the pod that will be created for this replica.' },
  },
  required: ['template'],
};

export const PYTORCHJOB_CRD: Stored<CustomResourceDefinition> = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'pytorchjobs.kubeflow.org' },
  spec: {
    group: 'kubeflow.org',
    scope: 'Namespaced',
    names: { kind: 'PyTorchJob', plural: 'pytorchjobs', singular: 'pytorchjob', listKind: 'PyTorchJobList' },
    versions: [{
      name: 'v1', served: true, storage: true,
      subresources: { status: {} },
      additionalPrinterColumns: [
        { name: 'State', type: 'string', jsonPath: '.status.conditions[-1:].type' },
        { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
      ],
      schema: {
        openAPIV3Schema: {
          type: 'object',
          description: 'PyTorchJob Represents a PyTorchJob resource.',
          properties: {
            spec: {
              type: 'object',
              description: 'Specification of the desired state of the PyTorchJob.',
              required: ['pytorchReplicaSpecs'],
              properties: {
                pytorchReplicaSpecs: {
                  type: 'object',
                  description: 'A map of PyTorchReplicaType (type) to ReplicaSpec (value). Specifies the PyTorch cluster configuration.',
                  properties: { Master: replicaSpec, Worker: replicaSpec },
                },
                runPolicy: {
                  type: 'object',
                  default: {},
                  description: 'RunPolicy encapsulates various runtime policies of the distributed training job.',
                  properties: {
                    suspend: { type: 'boolean', default: false, description: 'suspend specifies whether the Job controller should create Pods or not.' },
                    backoffLimit: { type: 'integer', minimum: 0, description: 'Optional number of retries before marking this job failed.' },
                    cleanPodPolicy: { type: 'string', enum: ['All', 'Running', 'None'], default: 'None', description: 'CleanPodPolicy defines the policy to kill pods after the job completes.' },
                    activeDeadlineSeconds: { type: 'integer', minimum: 1 },
                    schedulingPolicy: {
                      type: 'object',
                      description: 'SchedulingPolicy defines the policy related to scheduling, e.g. gang-scheduling',
                      properties: {
                        minAvailable: { type: 'integer', minimum: 1 },
                        queue: { type: 'string' },
                        priorityClass: { type: 'string' },
                        scheduleTimeoutSeconds: { type: 'integer', minimum: 1 },
                      },
                    },
                  },
                },
              },
            },
            status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, description: 'Most recently observed status of the PyTorchJob.' },
          },
        } as never,
      },
    }],
  },
};
