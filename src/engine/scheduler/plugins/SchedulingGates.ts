// SchedulingGates (PreEnqueue): a pod with spec.schedulingGates stays out of the active queue until every
// gate is removed.
import type { Pod } from 'kubernetes-types/core/v1';
import type { PreEnqueuePlugin } from '../framework/interface.ts';
import { Status } from '../framework/status.ts';

export class SchedulingGates implements PreEnqueuePlugin {
  readonly name = 'SchedulingGates';
  preEnqueue(pod: Pod): Status {
    const gates = pod.spec?.schedulingGates ?? [];
    if (!gates.length) return Status.success();
    return Status.unresolvable(`waiting for scheduling gates: [${gates.map((g) => g.name).join(' ')}]`);
  }
}
