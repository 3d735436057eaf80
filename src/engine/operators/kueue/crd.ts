// Kueue's CRDs (kueue.x-k8s.io/v1beta1): the fields this simulator models, with upstream's defaults, enums,
// short names and printer columns (the kubebuilder markers of apis/kueue/v1beta1).
// Simplification: pod templates and conditions are kept as written (x-kubernetes-preserve-unknown-fields); the
// webhooks' cross-field checks are the CEL rules below.
import type { CustomResourceDefinition, CustomResourceColumnDefinition } from 'kubernetes-types/apiextensions/v1';
import type { Stored } from '../../api/object.ts';

/** A structural schema (with the x-kubernetes extensions kubernetes-types does not declare). */
type JSONSchemaProps = Record<string, unknown>;

const quantity: JSONSchemaProps = { 'x-kubernetes-int-or-string': true, pattern: '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$' };
const open: JSONSchemaProps = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
const conditions: JSONSchemaProps = { type: 'array', items: open };
const usage: JSONSchemaProps = { type: 'array', items: open };

function crd(kind: string, plural: string, scope: 'Cluster' | 'Namespaced', shortNames: string[], columns: CustomResourceColumnDefinition[], spec: JSONSchemaProps, status: JSONSchemaProps): Stored<CustomResourceDefinition> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.kueue.x-k8s.io` },
    spec: {
      group: 'kueue.x-k8s.io', scope,
      names: { kind, plural, singular: kind.toLowerCase(), shortNames, listKind: `${kind}List` },
      versions: [{
        name: 'v1beta1', served: true, storage: true,
        ...(Object.keys(status).length ? { subresources: { status: {} } } : {}),
        additionalPrinterColumns: [...columns, { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' }],
        schema: { openAPIV3Schema: { type: 'object', properties: { spec, ...(Object.keys(status).length ? { status } : {}) } } as never },
      }],
    },
  };
}

const resourceQuota: JSONSchemaProps = {
  type: 'object', required: ['name', 'nominalQuota'],
  properties: { name: { type: 'string' }, nominalQuota: quantity, borrowingLimit: quantity, lendingLimit: quantity },
};

export const RESOURCEFLAVOR_CRD = crd('ResourceFlavor', 'resourceflavors', 'Cluster', ['flavor', 'flavors', 'rf'], [], {
  type: 'object', default: {},
  properties: {
    nodeLabels: { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 8 },
    nodeTaints: { type: 'array', maxItems: 8, items: { type: 'object', required: ['key', 'effect'], properties: { key: { type: 'string' }, value: { type: 'string' }, effect: { type: 'string', enum: ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] } } } },
    tolerations: { type: 'array', maxItems: 8, items: open },
  },
}, {});

export const CLUSTERQUEUE_CRD = crd('ClusterQueue', 'clusterqueues', 'Cluster', ['cq'], [
  { name: 'Cohort', type: 'string', jsonPath: '.spec.cohort', description: 'Cohort that this ClusterQueue belongs to' },
  { name: 'Strategy', type: 'string', jsonPath: '.spec.queueingStrategy', priority: 1, description: 'The queueing strategy used to prioritize workloads' },
  { name: 'Pending Workloads', type: 'integer', jsonPath: '.status.pendingWorkloads', description: 'Number of pending workloads' },
  { name: 'Admitted Workloads', type: 'integer', jsonPath: '.status.admittedWorkloads', priority: 1, description: 'Number of admitted workloads that haven\'t finished yet' },
], {
  type: 'object',
  properties: {
    cohort: { type: 'string', maxLength: 253 },
    namespaceSelector: open,
    queueingStrategy: { type: 'string', enum: ['StrictFIFO', 'BestEffortFIFO'], default: 'BestEffortFIFO' },
    stopPolicy: { type: 'string', enum: ['None', 'Hold', 'HoldAndDrain'], default: 'None' },
    resourceGroups: {
      type: 'array', maxItems: 16,
      items: {
        type: 'object', required: ['coveredResources', 'flavors'],
        'x-kubernetes-validations': [{ rule: 'self.flavors.all(x, size(x.resources) == size(self.coveredResources))', message: 'flavors must have the same number of resources as the coveredResources' }],
        properties: {
          coveredResources: { type: 'array', minItems: 1, maxItems: 16, items: { type: 'string' } },
          flavors: { type: 'array', minItems: 1, maxItems: 16, items: { type: 'object', required: ['name', 'resources'], properties: { name: { type: 'string' }, resources: { type: 'array', minItems: 1, maxItems: 16, items: resourceQuota } } } },
        },
      },
    },
    preemption: {
      type: 'object', default: {},
      properties: {
        withinClusterQueue: { type: 'string', enum: ['Never', 'LowerPriority', 'LowerOrNewerEqualPriority'], default: 'Never' },
        reclaimWithinCohort: { type: 'string', enum: ['Never', 'LowerPriority', 'Any'], default: 'Never' },
      },
    },
  },
}, {
  type: 'object',
  properties: { pendingWorkloads: { type: 'integer' }, reservingWorkloads: { type: 'integer' }, admittedWorkloads: { type: 'integer' }, flavorsReservation: usage, flavorsUsage: usage, conditions },
});

export const LOCALQUEUE_CRD = crd('LocalQueue', 'localqueues', 'Namespaced', ['queue', 'queues', 'lq'], [
  { name: 'ClusterQueue', type: 'string', jsonPath: '.spec.clusterQueue', description: 'Backing ClusterQueue' },
  { name: 'Pending Workloads', type: 'integer', jsonPath: '.status.pendingWorkloads', description: 'Number of pending workloads' },
  { name: 'Admitted Workloads', type: 'integer', jsonPath: '.status.admittedWorkloads', description: 'Number of admitted workloads that haven\'t finished yet.' },
], {
  type: 'object', required: ['clusterQueue'],
  properties: { clusterQueue: { type: 'string', minLength: 1, maxLength: 253 } },
}, {
  type: 'object',
  properties: { pendingWorkloads: { type: 'integer' }, reservingWorkloads: { type: 'integer' }, admittedWorkloads: { type: 'integer' }, flavorUsage: usage, conditions },
});

export const WORKLOAD_CRD = crd('Workload', 'workloads', 'Namespaced', ['wl'], [
  { name: 'Queue', type: 'string', jsonPath: '.spec.queueName', description: 'Name of the queue this workload was submitted to' },
  { name: 'Reserved in', type: 'string', jsonPath: '.status.admission.clusterQueue', description: 'Name of the ClusterQueue where the workload is reserving quota' },
  { name: 'Admitted', type: 'string', jsonPath: '.status.conditions[?(@.type=="Admitted")].status', description: 'Admission status' },
  { name: 'Finished', type: 'string', jsonPath: '.status.conditions[?(@.type=="Finished")].status', description: 'Workload finished' },
], {
  type: 'object', required: ['podSets'],
  properties: {
    queueName: { type: 'string', maxLength: 253 },
    priority: { type: 'integer' },
    priorityClassName: { type: 'string' },
    priorityClassSource: { type: 'string', enum: ['kueue.x-k8s.io/workloadpriorityclass', 'scheduling.k8s.io/priorityclass', ''], default: '' },
    active: { type: 'boolean', default: true },
    podSets: {
      type: 'array', minItems: 1, maxItems: 8,
      items: { type: 'object', required: ['count', 'template'], properties: { name: { type: 'string', default: 'main' }, count: { type: 'integer', minimum: 0, default: 1 }, minCount: { type: 'integer', minimum: 1 }, template: open } },
    },
  },
}, {
  type: 'object',
  properties: { admission: open, conditions, requeueState: open },
});

export const KUEUE_CRDS = [RESOURCEFLAVOR_CRD, CLUSTERQUEUE_CRD, LOCALQUEUE_CRD, WORKLOAD_CRD];
