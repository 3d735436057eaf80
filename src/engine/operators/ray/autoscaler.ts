// The Ray autoscaler's decision (KubeRay's in-tree autoscaling), from a simulated demand: how many workers each
// group needs for the tasks waiting, within the group's minReplicas and maxReplicas.
// SIMULATION: there are no Ray tasks in the simulator. The annotation kubesim.io/ray-pending-tasks stands for the
// demand the Ray autoscaler reads from the GCS (tasks needing one CPU each); a worker offers its num-cpus.
import { resourceAmount } from '../../api/pod.ts';
import type { RayCluster, WorkerGroupSpec } from './types.ts';

export const PENDING_TASKS_ANNOTATION = 'kubesim.io/ray-pending-tasks';

/** CPUs one worker of the group offers Ray: rayStartParams num-cpus, else the container's CPU limit or request. */
export function workerCPUs(g: WorkerGroupSpec): number {
  const fromParams = Number(g.rayStartParams?.['num-cpus']);
  if (Number.isFinite(fromParams) && fromParams > 0) return fromParams;
  const res = g.template?.spec?.containers?.[0]?.resources;
  const q = res?.limits?.cpu ?? res?.requests?.cpu;
  return q !== undefined ? Math.max(1, Math.floor(resourceAmount('cpu', q) / 1000)) : 1;
}

/** The replicas each worker group should have, or undefined when autoscaling is off or no demand is given. */
export function desiredReplicas(rc: RayCluster): number[] | undefined {
  const raw = rc.metadata.annotations?.[PENDING_TASKS_ANNOTATION];
  if (!rc.spec.enableInTreeAutoscaling || raw === undefined) return undefined;
  let tasks = Math.max(0, Math.floor(Number(raw) || 0));
  // Groups fill in order: each takes what it can hold up to its maximum, the rest goes to the next.
  return (rc.spec.workerGroupSpecs ?? []).map((g) => {
    const min = g.minReplicas ?? 0, max = g.maxReplicas ?? Number.MAX_SAFE_INTEGER;
    const want = Math.min(max, Math.max(min, Math.ceil(tasks / workerCPUs(g))));
    tasks = Math.max(0, tasks - want * workerCPUs(g));
    return want;
  });
}
