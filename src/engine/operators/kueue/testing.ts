// Manifests for Kueue's tests: flavors, ClusterQueues, LocalQueues and queued jobs.
import { createCluster, type KubesimCluster } from '../../index.ts';
import { mustExec } from '../../testing/fixtures.ts';

export interface CQOpts { cohort?: string; gpus: number; flavor?: string; borrowingLimit?: number; lendingLimit?: number; strategy?: string; within?: string; reclaim?: string }

export function clusterQueueYaml(name: string, o: CQOpts): string {
  const limits = `${o.borrowingLimit !== undefined ? `, borrowingLimit: ${o.borrowingLimit}` : ''}${o.lendingLimit !== undefined ? `, lendingLimit: ${o.lendingLimit}` : ''}`;
  return `apiVersion: kueue.x-k8s.io/v1beta1
kind: ClusterQueue
metadata: {name: ${name}}
spec:
  namespaceSelector: {}
${o.cohort ? `  cohort: ${o.cohort}\n` : ''}${o.strategy ? `  queueingStrategy: ${o.strategy}\n` : ''}  preemption: {withinClusterQueue: ${o.within ?? 'Never'}, reclaimWithinCohort: ${o.reclaim ?? 'Never'}}
  resourceGroups:
  - coveredResources: [cpu, memory, nvidia.com/gpu]
    flavors:
    - name: ${o.flavor ?? 'h100'}
      resources:
      - {name: cpu, nominalQuota: 64}
      - {name: memory, nominalQuota: 256Gi}
      - {name: nvidia.com/gpu, nominalQuota: ${o.gpus}${limits}}
---
apiVersion: kueue.x-k8s.io/v1beta1
kind: LocalQueue
metadata: {name: ${name}, namespace: default}
spec: {clusterQueue: ${name}}
`;
}

export const flavorYaml = (name = 'h100', product = 'NVIDIA-H100-80GB-HBM3') => `apiVersion: kueue.x-k8s.io/v1beta1
kind: ResourceFlavor
metadata: {name: ${name}}
spec: {nodeLabels: {nvidia.com/gpu.product: ${product}}}
`;

export const priorityClassYaml = (name: string, value: number) => `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: ${name}}
value: ${value}
`;

export function jobYaml(name: string, queue: string, gpus: number, o: { seconds?: number; priorityClass?: string; parallelism?: number } = {}): string {
  return `apiVersion: batch/v1
kind: Job
metadata: {name: ${name}, labels: {kueue.x-k8s.io/queue-name: ${queue}}}
spec:
  parallelism: ${o.parallelism ?? 1}
  completions: ${o.parallelism ?? 1}
  template:
    spec:
${o.priorityClass ? `      priorityClassName: ${o.priorityClass}\n` : ''}      restartPolicy: Never
      containers:
      - {name: train, image: busybox, command: [sh, -c, "sleep ${o.seconds ?? 60}"], resources: {requests: {cpu: 1, memory: 1Gi}, limits: {nvidia.com/gpu: ${gpus}}}}
`;
}

/** A cluster with H100 nodes (4 GPUs each) and Kueue installed, the h100 flavor applied. */
export function kueueCluster(h100Nodes = 2, seed = 3): KubesimCluster {
  const c = createCluster({ seed });
  for (let i = 1; i <= h100Nodes; i++) mustExec(c, `sim node add h${i} --gpus 4 --gpu-model H100-80GB --cpu 32 --memory 128Gi`);
  mustExec(c, 'sim operator install kueue');
  c.advance(5);
  mustExec(c, 'kubectl apply -f -', flavorYaml());
  return c;
}
