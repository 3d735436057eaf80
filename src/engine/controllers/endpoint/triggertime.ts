// endpointsliceutil.TriggerTimeTracker: the endpoints.kubernetes.io/last-change-trigger-time annotation is the
// earliest change (a pod's Ready transition, the Service's creation) not yet seen by an earlier sync of the Service.
// Times are the API's RFC 3339 second-precision strings, which order as text.
import type { Pod, Service } from 'kubernetes-types/core/v1';

interface ServiceState { pods: Map<string, string>; service: string }

export class TriggerTimeTracker {
  private readonly states = new Map<string, ServiceState>();

  /** The time to export for this sync of key, '' for none (the annotation is then removed). */
  compute(key: string, svc: Service, pods: readonly Pod[]): string {
    const state = this.states.get(key);
    const next: ServiceState = { pods: new Map(), service: '' };
    let min = '';
    const consider = (t: string) => { if (!min || t < min) min = t; };
    for (const p of pods) {
      const t = p.status?.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime ?? '';
      if (!t) continue;
      next.pods.set(p.metadata!.name!, t);
      if (t > (state?.pods.get(p.metadata!.name!) ?? '')) consider(t);
    }
    const created = svc.metadata?.creationTimestamp ?? '';
    if (created) {
      next.service = created;
      if (created > (state?.service ?? '')) consider(created);
    }
    this.states.set(key, next);
    // A Service seen for the first time: its creation.
    return state ? min : created;
  }

  delete(key: string): void {
    this.states.delete(key);
  }
}
