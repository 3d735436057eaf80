// Kueue (kueue.x-k8s.io): quotas and queues for batch workloads. ClusterQueues hold quota per ResourceFlavor,
// LocalQueues let namespaces submit to them, a Workload stands for each queued job, and the scheduler admits
// workloads in order, borrowing within a cohort and preempting lower priorities as the queues allow.
import type { BuiltinOperator } from '../operator.ts';
import { batchJobAdapter } from './batchjob.ts';
import { KUEUE_CRDS } from './crd.ts';
import { JobReconciler, suspendOnCreate } from './jobframework.ts';
import { pytorchJobAdapter } from './pytorchjob.ts';
import { ClusterQueueController, LocalQueueController } from './queues.ts';
import { KueueScheduler } from './scheduler.ts';

export const kueueOperator: BuiltinOperator = {
  name: 'kueue',
  description: 'Kueue: ResourceFlavor, ClusterQueue, LocalQueue, Workload (kueue.x-k8s.io/v1beta1); queues batch Jobs and PyTorchJobs',
  crds: KUEUE_CRDS,
  controllers: (deps) => [
    new KueueScheduler(deps), new ClusterQueueController(deps), new LocalQueueController(deps), new JobReconciler(deps, batchJobAdapter),
    // Simplification: the PyTorchJob integration runs when the training operator's CRD is there as Kueue starts.
    ...(deps.store.kinds.byKindName('PyTorchJob') ? [new JobReconciler(deps, pytorchJobAdapter)] : []),
  ],
  webhooks: () => [suspendOnCreate(batchJobAdapter), suspendOnCreate(pytorchJobAdapter)],
};
