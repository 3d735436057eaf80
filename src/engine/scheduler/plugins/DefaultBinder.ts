// DefaultBinder: posts the pods/binding subresource.
import type { Pod } from 'kubernetes-types/core/v1';
import type { Store } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { BindPlugin, CycleState } from '../framework/interface.ts';
import { Status } from '../framework/status.ts';

export class DefaultBinder implements BindPlugin {
  readonly name = 'DefaultBinder';
  constructor(private readonly store: Store) {}
  bind(_s: CycleState, pod: Pod, nodeName: string): Status {
    try {
      this.store.bind(pod.metadata!.namespace!, pod.metadata!.name!, nodeName);
      return Status.success();
    } catch (e) {
      if (!isStatusError(e)) throw e;
      return Status.error(e.message);
    }
  }
}
