// client-go's event recorder: events go through the EventCorrelator (aggregation of similar events, dedupe of
// repeats into count/lastTimestamp, per-object spam filter) and are written as core/v1 Events.
import type { Event, ObjectReference } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import type { SimClock } from '../sim/clock.ts';
import type { Store } from '../apiserver/store.ts';
import { isStatusError } from '../apiserver/errors.ts';
import { EventCorrelator } from './eventcorrelator.ts';

export type EventType = 'Normal' | 'Warning';

export interface EventSource { component: string; host?: string }

export class EventRecorder {
  private seq = 0;
  private readonly correlator: EventCorrelator;

  constructor(private readonly store: Store, private readonly clock: SimClock) {
    this.correlator = new EventCorrelator(clock);
  }

  /** A recorder bound to one component (e.g. "deployment-controller", or "kubelet" on host w1). */
  forSource(source: EventSource): (obj: KubeObject, type: EventType, reason: string, message: string, fieldPath?: string) => void {
    const key = sourceKey(source);
    return (obj, type, reason, message, fieldPath) => this.write(source, key, obj, type, reason, message, fieldPath);
  }

  record(source: EventSource, obj: KubeObject, type: EventType, reason: string, message: string, fieldPath?: string): void {
    this.write(source, sourceKey(source), obj, type, reason, message, fieldPath);
  }

  private write(source: EventSource, key: string, obj: KubeObject, type: EventType, reason: string, message: string, fieldPath?: string): void {
    const namespace = obj.metadata.namespace || 'default';
    const ref: ObjectReference = {
      kind: obj.kind, namespace: obj.metadata.namespace, name: obj.metadata.name, uid: obj.metadata.uid,
      apiVersion: obj.apiVersion, resourceVersion: obj.metadata.resourceVersion,
      ...(fieldPath ? { fieldPath } : {}),
    };
    const now = this.clock.nowRFC3339();
    const c = this.correlator.correlate(key, ref, type, reason, fieldPath ?? '', message);
    if (c.skip) return;
    message = c.message;
    const existing = c.existing;
    if (existing) {
      const ev = this.store.tryGet<Event>('Event', existing.namespace, existing.name);
      if (ev) {
        try {
          this.store.update({ ...ev, message, count: (ev.count ?? 1) + 1, lastTimestamp: now } as KubeObject);
          return;
        } catch (e) {
          if (!isStatusError(e)) throw e;
        }
      }
    }
    // Name as upstream: "<object name>.<unix nanoseconds in hex>"; the sequence keeps same-instant events apart.
    const nanos = BigInt(this.clock.now()) * 1_000_000n + BigInt(this.seq++ % 1_000_000);
    const name = `${ref.name}.${nanos.toString(16)}`;
    const ev: Event & KubeObject = {
      apiVersion: 'v1', kind: 'Event',
      metadata: { name, namespace },
      involvedObject: ref,
      reason, message, type,
      source: { component: source.component, ...(source.host ? { host: source.host } : {}) },
      firstTimestamp: now, lastTimestamp: now, count: 1,
      eventTime: null as unknown as string,
      reportingComponent: source.component,
      reportingInstance: source.host ?? '',
    };
    try {
      this.store.create(ev);
      this.correlator.remember(c, { namespace, name });
    } catch (e) {
      // Events are best effort, as upstream: a namespace being deleted refuses them.
      if (!isStatusError(e)) throw e;
    }
  }

  /** Forget aggregation keys of events that no longer exist (after TTL expiry). */
  prune(): void {
    this.correlator.prune(({ namespace, name }) => !!this.store.tryGet('Event', namespace, name));
  }
}

/** The source as the correlator files it: component and host. */
function sourceKey(source: EventSource): string {
  return `${source.component}\u0000${source.host ?? ''}`;
}
