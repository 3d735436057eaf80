// client-go's event recorder: events go through the EventCorrelator (aggregation of similar events, dedupe of
// repeats into count/lastTimestamp, per-object spam filter) and are written as core/v1 Events.
import type { Event, ObjectReference } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import type { SimClock } from '../sim/clock.ts';
import type { Store } from '../apiserver/store.ts';
import { isStatusError } from '../apiserver/errors.ts';
import { EventCorrelator, type ReferenceSlot } from './eventcorrelator.ts';
import { flat } from '../api/flat.ts';

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
    // One source object for all of the component's Events (stored frozen, shared).
    const src = eventSource(source);
    return (obj, type, reason, message, fieldPath) => this.write(src, key, obj, type, reason, message, fieldPath);
  }

  record(source: EventSource, obj: KubeObject, type: EventType, reason: string, message: string, fieldPath?: string): void {
    this.write(eventSource(source), sourceKey(source), obj, type, reason, message, fieldPath);
  }

  private write(source: EventSource, key: string, obj: KubeObject, type: EventType, reason: string, message: string, fieldPath?: string): void {
    const namespace = obj.metadata.namespace || 'default';
    const now = this.clock.nowRFC3339();
    message = sharedMessage(reason, message);
    const c = this.correlator.correlate(key, obj, type, reason, fieldPath ?? '', message);
    if (c.skip) return;
    message = flat(c.message);
    const existing = c.existing;
    if (existing) {
      const ev = this.store.tryGet<Event>('Event', existing.metadata.namespace, existing.metadata.name!);
      if (ev) {
        try {
          this.store.update({ ...ev, message, count: (ev.count ?? 1) + 1, lastTimestamp: now } as KubeObject);
          return;
        } catch (e) {
          if (!isStatusError(e)) throw e;
        }
      }
    }
    const ref = involvedObject(c.object, obj, fieldPath ? sharedPath(fieldPath) : undefined);
    const { state, key: loggedKey, fieldPath: loggedPath } = c;
    // Name as upstream: "<object name>.<unix nanoseconds in hex>"; the sequence keeps same-instant events apart.
    // Built as the store's key, of which the name is the tail (the store keeps both; see CreateOptions.key).
    const eventKey = flat(`${namespace}/${ref.name}.${hexNanos(this.clock.now(), this.seq++ % 1_000_000)}`);
    const name = eventKey.slice(namespace.length + 1);
    // Handed over to the store (not copied): one literal with every field the stored Event has, in its order, so
    // that each object is allocated at its final size. The store sets uid, creationTimestamp and resourceVersion.
    const ev: Event & KubeObject = {
      apiVersion: 'v1', kind: 'Event',
      metadata: { name, namespace, uid: undefined, creationTimestamp: undefined, resourceVersion: undefined },
      involvedObject: ref,
      reason: flat(reason), message, type,
      source,
      firstTimestamp: now, lastTimestamp: now, count: 1,
      eventTime: null as unknown as string,
      reportingComponent: source.component,
      reportingInstance: source.host ?? '',
    };
    try {
      this.store.create(ev, { handOver: true, key: eventKey, recordedEvent: true });
      this.correlator.remember(state, loggedKey, loggedPath, ev);
    } catch (e) {
      // Events are best effort, as upstream: a namespace being deleted refuses them.
      if (!isStatusError(e)) throw e;
    }
  }

  /** Forget aggregation keys of events that no longer exist (after TTL expiry). */
  prune(): void {
    this.correlator.prune(({ metadata }) => !!this.store.tryGet('Event', metadata.namespace, metadata.name!));
  }
}

const TWO_24 = 2 ** 24;
/** Two hex digits per byte value. */
const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
/** The high part last printed: the Events of one virtual millisecond share it (Number's toString(16) is slow). */
let lastHigh = -1;
let lastHighHex = '';

/**
 * ms × 10^6 + nanos in hex (%x of a UnixNano), without BigInt's four allocations per Event: nanoseconds since 1970
 * pass 2^53, so ms is split at 2^24 and the two parts (each exact as a double) carry into each other; the low 24
 * bits are six digits.
 */
export function hexNanos(ms: number, nanos: number): string {
  const msHigh = Math.floor(ms / TWO_24);
  const low = (ms - msHigh * TWO_24) * 1_000_000 + nanos;
  const carry = Math.floor(low / TWO_24);
  const high = msHigh * 1_000_000 + carry;
  const rest = low - carry * TWO_24;
  if (high === 0) return rest.toString(16);
  if (high !== lastHigh) {
    lastHigh = high;
    lastHighHex = high.toString(16);
  }
  return lastHighHex + HEX_BYTES[rest >>> 16] + HEX_BYTES[(rest >>> 8) & 255] + HEX_BYTES[rest & 255];
}

/**
 * The message last recorded under each reason, by any recorder: the kubelets write the same Pulling, Pulled,
 * Created and Started texts for every pod of a template, and each stored Event kept a copy of its own (one string
 * a reason, so a reason whose messages all differ, such as Scheduled, keeps one).
 */
const lastMessage = new Map<string, string>();

/** message, as the string recorded last under reason when they are equal. */
function sharedMessage(reason: string, message: string): string {
  const last = lastMessage.get(reason);
  if (last === message) return last;
  lastMessage.set(reason, (message = flat(message)));
  return message;
}

/** The fieldPath last recorded: a kubelet builds "spec.containers{app}" anew for each of its pods' Events. */
let lastPath = '';

/** fieldPath, as the one recorded last when they are equal. */
function sharedPath(fieldPath: string): string {
  if (fieldPath !== lastPath) lastPath = flat(fieldPath);
  return lastPath;
}

/**
 * The reference to obj (and fieldPath) for a new Event: the one written last for the same (source, object) when
 * it is equal, else a new one, kept in slot. A kubelet records Pulling, Pulled, Created and Started about one pod
 * version, with other pods' Events in between, and each stored Event kept a reference of its own (stored frozen,
 * so one can be shared).
 */
function involvedObject(slot: ReferenceSlot, obj: KubeObject, fieldPath: string | undefined): ObjectReference {
  const m = obj.metadata;
  const last = slot.ref;
  if (last && last.resourceVersion === m.resourceVersion && last.fieldPath === fieldPath && last.uid === m.uid
    && last.name === m.name && last.namespace === m.namespace && last.kind === obj.kind && last.apiVersion === obj.apiVersion) return last;
  // Two literals rather than a spread: the reference is allocated at its final shape either way.
  return (slot.ref = fieldPath
    ? { kind: obj.kind, namespace: m.namespace, name: m.name, uid: m.uid, apiVersion: obj.apiVersion, resourceVersion: m.resourceVersion, fieldPath }
    : { kind: obj.kind, namespace: m.namespace, name: m.name, uid: m.uid, apiVersion: obj.apiVersion, resourceVersion: m.resourceVersion });
}

/** An Event's source: the component, and the host when there is one. */
function eventSource(source: EventSource): EventSource {
  return source.host ? { component: flat(source.component), host: flat(source.host) } : { component: flat(source.component) };
}

/** The source as the correlator files it: component and host. */
function sourceKey(source: EventSource): string {
  return `${source.component}\u0000${source.host ?? ''}`;
}
