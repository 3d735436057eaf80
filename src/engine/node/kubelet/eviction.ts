// The kubelet's eviction manager (pkg/kubelet/eviction), for the memory.available<100Mi hard threshold.
// Instead of polling every 10 s it computes when memory use will cross the threshold (every container's use is
// flat or grows linearly) and looks again only then, or when containers start or stop. Under pressure it sets
// MemoryPressure, evicts one pod per monitoring interval in rankMemoryPressure order (pods above their memory
// request first, then lower priority, then larger use above request), and clears the condition once the
// threshold has not been met for the pressure transition period.
// Simplifications: the kubelet also taints the node (upstream the node lifecycle controller does, from the
// condition); BestEffort pods are not rejected at admission while the node is under pressure.
import type { Container, Pod } from 'kubernetes-types/core/v1';
import { Quantity } from '../../api/quantity.ts';
import { resourceAmount } from '../../api/pod.ts';
import type { SimClock, TimerId } from '../../sim/clock.ts';
import type { SimRuntime } from '../runtime/simruntime.ts';

/** --eviction-hard memory.available<100Mi. */
export const MEMORY_AVAILABLE_THRESHOLD_BYTES = 100 * 1024 * 1024;
/** The eviction manager's monitoring interval. */
export const EVICTION_MONITORING_MS = 10_000;
/** --eviction-pressure-transition-period. */
export const PRESSURE_TRANSITION_MS = 5 * 60_000;
/** Hard evictions kill at once (immediateEvictionGracePeriodSeconds). */
export const IMMEDIATE_EVICTION_GRACE_SECONDS = 1;
/** SIMULATION: what the operating system, kubelet and container runtime use on every node. */
export const SYSTEM_MEMORY_BYTES = 128 * 1024 * 1024;
export const SYSTEM_CPU_MILLI = 40;

/** pkg/scheduling SystemCriticalPriority: such pods are never evicted. */
const SYSTEM_CRITICAL_PRIORITY = 2_000_000_000;

export interface EvictionCandidate { uid: string; pod: Pod; containers: { spec: Container; id?: string }[] }

export interface EvictionHost {
  /** Pods the kubelet runs that may be evicted (not already terminating). */
  candidates(): EvictionCandidate[];
  evict(uid: string, message: string, graceSeconds: number): void;
  setMemoryPressure(on: boolean): void;
}

export class EvictionManager {
  private pressure = false;
  private lastObserved = -Infinity;
  private timer: TimerId | undefined;
  private queued = false;

  constructor(private readonly clock: SimClock, private readonly runtime: SimRuntime, private readonly capacityBytes: number, private readonly host: EvictionHost) {}

  underPressure(): boolean { return this.pressure; }

  /** Containers started or stopped: plan the next look again. */
  changed(): void {
    if (this.queued) return;
    this.queued = true;
    this.clock.defer(this.queuedSync);
  }

  /** The queued look, made once: every container start and stop on the node queues one. */
  private readonly queuedSync = (): void => { this.queued = false; this.synchronize(); };

  /** Memory the node uses now, and how fast that grows (bytes per second). */
  observe(): { usedBytes: number; growPerSec: number } {
    const use = this.runtime.memoryUse(SYSTEM_MEMORY_BYTES);
    return { usedBytes: use.bytes, growPerSec: use.growPerSec };
  }

  private synchronize(): void {
    if (this.timer !== undefined) { this.clock.cancel(this.timer); this.timer = undefined; }
    const now = this.clock.now();
    const { usedBytes, growPerSec } = this.observe();
    const available = this.capacityBytes - usedBytes;
    if (available < MEMORY_AVAILABLE_THRESHOLD_BYTES) {
      this.lastObserved = now;
      if (!this.pressure) { this.pressure = true; this.host.setMemoryPressure(true); }
      this.evictOne(available);
      this.lookAt(now + EVICTION_MONITORING_MS);
      return;
    }
    let next = Infinity;
    if (this.pressure) {
      if (now - this.lastObserved >= PRESSURE_TRANSITION_MS) { this.pressure = false; this.host.setMemoryPressure(false); }
      else next = this.lastObserved + PRESSURE_TRANSITION_MS;
    }
    if (growPerSec > 0) next = Math.min(next, now + Math.max(1, Math.ceil(((available - MEMORY_AVAILABLE_THRESHOLD_BYTES) / growPerSec) * 1000)));
    if (next < Infinity) this.lookAt(next);
  }

  private lookAt(at: number): void {
    this.timer = this.clock.after(at - this.clock.now(), () => { this.timer = undefined; this.synchronize(); });
  }

  private evictOne(available: number): void {
    const ranked = this.host.candidates()
      .filter((c) => (c.pod.spec?.priority ?? 0) < SYSTEM_CRITICAL_PRIORITY)
      .map((c) => this.usage(c))
      .sort((a, b) => Number(b.exceeds) - Number(a.exceeds) || a.priority - b.priority || b.aboveRequest - a.aboveRequest);
    const victim = ranked[0];
    if (!victim) return;
    const threshold = Quantity.fromValue(MEMORY_AVAILABLE_THRESHOLD_BYTES, 'BinarySI').toString();
    let message = `The node was low on resource: memory. Threshold quantity: ${threshold}, available: ${Quantity.fromValue(Math.max(0, available), 'BinarySI').toString()}. `;
    for (const c of victim.containers) {
      if (c.usage > c.request) message += `Container ${c.name} was using ${Quantity.fromValue(c.usage, 'BinarySI').toString()}, request is ${c.requestText}, has larger consumption of memory. `;
    }
    this.host.evict(victim.uid, message, IMMEDIATE_EVICTION_GRACE_SECONDS);
  }

  private usage(c: EvictionCandidate) {
    const containers = c.containers.map(({ spec, id }) => {
      const requestText = (spec.resources?.requests as Record<string, string> | undefined)?.memory;
      return {
        name: spec.name,
        usage: (id && this.runtime.containerStats(id)?.memoryBytes) || 0,
        request: requestText ? resourceAmount('memory', requestText) : 0,
        requestText: requestText ?? '0',
      };
    });
    const usage = containers.reduce((s, x) => s + x.usage, 0);
    const request = containers.reduce((s, x) => s + x.request, 0);
    return { uid: c.uid, containers, exceeds: usage > request, priority: c.pod.spec?.priority ?? 0, aboveRequest: usage - request };
  }
}
