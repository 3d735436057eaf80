// The kubelet's disk: image garbage collection (pkg/kubelet/images image_gc_manager) and the disk signals of the
// eviction manager. The node has one filesystem (no dedicated imagefs, as on a kubeadm node): images, container
// writable layers and the system share it, so both hard thresholds — nodefs.available<10% and
// imagefs.available<15% — look at the same space. Under pressure the kubelet sets DiskPressure (and the
// disk-pressure taint), first deletes every unused image, and if that is not enough evicts one pod per monitoring
// interval, the ones using most disk above their ephemeral-storage request first.
// Simplifications: like the memory signal, the kubelet taints the node itself; dead containers are collected only
// under disk pressure (no periodic container GC); pod logs and emptyDir volumes take no disk; PIDPressure stays False (no pid.available threshold is
// set by default upstream).
import type { Container, Node, NodeCondition } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { Quantity } from '../../api/quantity.ts';
import { resourceAmount } from '../../api/pod.ts';
import type { Store } from '../../apiserver/store.ts';
import type { SimClock, TimerId } from '../../sim/clock.ts';
import type { SimRuntime } from '../runtime/simruntime.ts';
import { EVICTION_MONITORING_MS, IMMEDIATE_EVICTION_GRACE_SECONDS, PRESSURE_TRANSITION_MS, type EvictionCandidate } from './eviction.ts';

/** --eviction-hard nodefs.available<10% and imagefs.available<15%. */
export const NODEFS_AVAILABLE_PERCENT = 10;
export const IMAGEFS_AVAILABLE_PERCENT = 15;
/** ImageGCHighThresholdPercent, ImageGCLowThresholdPercent, ImageMinimumGCAge, and the GC period. */
export const IMAGE_GC_HIGH_PERCENT = 85;
export const IMAGE_GC_LOW_PERCENT = 80;
export const IMAGE_MINIMUM_GC_AGE_MS = 2 * 60_000;
export const IMAGE_GC_PERIOD_MS = 5 * 60_000;
/** SIMULATION: what the operating system, kubelet and runtime take on every node's disk. */
export const SYSTEM_DISK_BYTES = 4 * 1024 ** 3;

export const DISK_PRESSURE_TAINT = { key: 'node.kubernetes.io/disk-pressure', effect: 'NoSchedule' };
const SYSTEM_CRITICAL_PRIORITY = 2_000_000_000;

export interface DiskHost {
  store: Store;
  clock: SimClock;
  runtime: SimRuntime;
  nodeName: string;
  capacityBytes: number;
  emit(obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string): void;
  /** Running pods that may be evicted, with their containers' runtime ids. */
  candidates(): EvictionCandidate[];
  evict(uid: string, message: string, graceSeconds: number): void;
}

/** Disk sizes as statfs and du report them: whole 4 KiB blocks (so they print in Ki). */
const bin = (bytes: number) => Quantity.fromValue(Math.max(0, Math.floor(bytes / 4096) * 4096), 'BinarySI').toString();

export class DiskManager {
  private pressure = false;
  private lastObserved = -Infinity;
  private timer: TimerId | undefined;
  private queued = false;
  private prevGCFailed = false;
  private lastEviction = -Infinity;
  /** Per image id: when the GC first saw it and when a container last used it. */
  private readonly seen = new Map<string, { firstDetected: number; lastUsed: number }>();

  constructor(private readonly host: DiskHost) {}

  underPressure(): boolean { return this.pressure; }

  start(): () => void {
    return this.host.clock.every(IMAGE_GC_PERIOD_MS, () => this.garbageCollect());
  }

  /** Images pulled, containers started or stopped: look again. */
  changed(): void {
    if (this.queued) return;
    this.queued = true;
    this.host.clock.defer(this.queuedSync);
  }

  /** The queued look, made once: every container start and stop on the node queues one. */
  private readonly queuedSync = (): void => { this.queued = false; this.synchronize(); };

  /** Bytes used on the node's filesystem, and how fast that grows. */
  observe(): { usedBytes: number; growPerSec: number } {
    const layers = this.host.runtime.writableLayers();
    let used = SYSTEM_DISK_BYTES;
    for (const img of this.host.runtime.listImages()) used += img.size;
    let grow = 0;
    for (const l of layers) { used += l.bytes; grow += l.growPerSec; }
    return { usedBytes: used, growPerSec: grow };
  }

  /** The threshold met now (nodefs first: it is the lower one), or undefined. */
  private signal(available: number): { percent: number } | undefined {
    const cap = this.host.capacityBytes;
    if (available < (cap * NODEFS_AVAILABLE_PERCENT) / 100) return { percent: NODEFS_AVAILABLE_PERCENT };
    if (available < (cap * IMAGEFS_AVAILABLE_PERCENT) / 100) return { percent: IMAGEFS_AVAILABLE_PERCENT };
    return undefined;
  }

  private synchronize(): void {
    const { clock, capacityBytes } = this.host;
    if (this.timer !== undefined) { clock.cancel(this.timer); this.timer = undefined; }
    const now = clock.now();
    let { usedBytes, growPerSec } = this.observe();
    let met = this.signal(capacityBytes - usedBytes);
    if (met) {
      this.lastObserved = now;
      if (!this.pressure) { this.pressure = true; this.setCondition(true); }
      const node = this.host.store.tryGet<Node>('Node', undefined, this.host.nodeName);
      if (node) this.host.emit(node, 'Warning', 'EvictionThresholdMet', 'Attempting to reclaim ephemeral-storage');
      // reclaimNodeLevelResources: dead containers of finished pods and every unused image go before any pod.
      this.deleteUnusedContainers();
      this.deleteUnusedImages(now, 0, Infinity);
      ({ usedBytes, growPerSec } = this.observe());
      met = this.signal(capacityBytes - usedBytes);
      // One pod per monitoring interval: the last one's containers must be gone before the next is chosen.
      if (met && now - this.lastEviction >= EVICTION_MONITORING_MS) { this.lastEviction = now; this.evictOne(capacityBytes - usedBytes, met.percent); }
      this.lookAt(now + EVICTION_MONITORING_MS);
      return;
    }
    let next = Infinity;
    if (this.pressure) {
      if (now - this.lastObserved >= PRESSURE_TRANSITION_MS) { this.pressure = false; this.setCondition(false); }
      else next = this.lastObserved + PRESSURE_TRANSITION_MS;
    }
    const headroom = capacityBytes - usedBytes - (capacityBytes * IMAGEFS_AVAILABLE_PERCENT) / 100;
    if (growPerSec > 0) next = Math.min(next, now + Math.max(1, Math.ceil((headroom / growPerSec) * 1000)));
    if (next < Infinity) this.lookAt(next);
  }

  private lookAt(at: number): void {
    this.timer = this.host.clock.after(at - this.host.clock.now(), () => { this.timer = undefined; this.synchronize(); });
  }

  /** DeleteAllUnusedContainers: the exited containers of pods whose sandbox is gone (evicted or finished pods). */
  private deleteUnusedContainers(): void {
    const { runtime } = this.host;
    for (const l of runtime.writableLayers()) {
      if (runtime.containerStatus(l.id)?.state === 'CONTAINER_EXITED' && runtime.podSandboxStatus(l.sandboxId)?.state !== 'SANDBOX_READY') runtime.removeContainer(l.id);
    }
  }

  /** Images no container (running or exited) uses; recorded first-seen and last-used times. */
  private detectImages(now: number): { id: string; size: number; lastUsed: number; firstDetected: number }[] {
    const inUse = new Set(this.host.runtime.writableLayers().map((l) => l.imageRef));
    const out = [];
    for (const img of this.host.runtime.listImages()) {
      const rec = this.seen.get(img.id) ?? { firstDetected: now, lastUsed: 0 };
      if (inUse.has(img.id)) rec.lastUsed = now;
      this.seen.set(img.id, rec);
      if (!inUse.has(img.id)) out.push({ id: img.id, size: img.size, ...rec });
    }
    return out;
  }

  /** freeSpace: unused images old enough, least recently used first, until `bytes` are freed. */
  private deleteUnusedImages(now: number, minAgeMs: number, bytes: number): number {
    const candidates = this.detectImages(now).filter((i) => now - i.firstDetected >= minAgeMs).sort((a, b) => a.lastUsed - b.lastUsed || (a.id < b.id ? -1 : 1));
    let freed = 0;
    for (const img of candidates) {
      if (freed >= bytes) break;
      this.host.runtime.removeImage(img.id);
      this.seen.delete(img.id);
      freed += img.size;
    }
    if (freed > 0) this.postImages();
    return freed;
  }

  /** The image GC pass: above the high threshold, free down to the low one. */
  private garbageCollect(): void {
    const now = this.host.clock.now();
    const cap = this.host.capacityBytes;
    const available = cap - this.observe().usedBytes;
    const usagePercent = Math.trunc(((cap - available) * 100) / cap);
    if (usagePercent < IMAGE_GC_HIGH_PERCENT) {
      this.detectImages(now);
      this.prevGCFailed = false;
      return;
    }
    const amountToFree = Math.trunc((cap * (100 - IMAGE_GC_LOW_PERCENT)) / 100) - available;
    const freed = this.deleteUnusedImages(now, IMAGE_MINIMUM_GC_AGE_MS, amountToFree);
    const node = this.host.store.tryGet<Node>('Node', undefined, this.host.nodeName);
    if (freed < amountToFree) {
      const message = `Failed to garbage collect required amount of images. Attempted to free ${amountToFree} bytes, but only found ${freed} bytes eligible to free.`;
      if (node) this.host.emit(node, 'Warning', 'FreeDiskSpaceFailed', message);
      // StartGarbageCollection reports a failure as an Event only when the previous pass failed too.
      if (node && this.prevGCFailed) this.host.emit(node, 'Warning', 'ImageGCFailed', message);
      this.prevGCFailed = true;
    } else this.prevGCFailed = false;
    this.changed();
  }

  /** The node's status.images after images were removed. */
  private postImages(): void {
    const node = this.host.store.tryGet<Node>('Node', undefined, this.host.nodeName);
    if (!node) return;
    const ids = new Set(this.host.runtime.listImages().map((i) => i.id));
    const images = (node.status?.images ?? []).filter((i) => (i.names ?? []).some((n) => ids.has(n)));
    this.host.store.update({ ...node, status: { ...node.status, images } } as KubeObject, { subresource: 'status' });
  }

  /** rankDiskPressureFunc: above the ephemeral-storage request first, then lower priority, then larger use. */
  private evictOne(available: number, percent: number): void {
    const layers = new Map(this.host.runtime.writableLayers().map((l) => [l.id, l.bytes]));
    const ranked = this.host.candidates()
      .filter((c) => (c.pod.spec?.priority ?? 0) < SYSTEM_CRITICAL_PRIORITY)
      .map((c) => {
        const containers = c.containers.map(({ spec, id }) => ({ spec, usage: (id && layers.get(id)) || 0, request: requestOf(spec) }));
        const usage = containers.reduce((s, x) => s + x.usage, 0);
        const request = containers.reduce((s, x) => s + x.request, 0);
        return { c, containers, exceeds: usage > request, priority: c.pod.spec?.priority ?? 0, above: usage - request };
      })
      .sort((a, b) => Number(b.exceeds) - Number(a.exceeds) || a.priority - b.priority || b.above - a.above);
    const victim = ranked[0];
    if (!victim) return;
    let message = `The node was low on resource: ephemeral-storage. Threshold quantity: ${bin((this.host.capacityBytes * percent) / 100)}, available: ${bin(available)}. `;
    for (const x of victim.containers) {
      if (x.usage > x.request) message += `Container ${x.spec.name} was using ${bin(x.usage)}, request is ${x.spec.resources?.requests?.['ephemeral-storage'] ?? '0'}, has larger consumption of ephemeral-storage. `;
    }
    this.host.evict(victim.c.uid, message, IMMEDIATE_EVICTION_GRACE_SECONDS);
  }

  /** The DiskPressure condition, its node event, and the disk-pressure taint. */
  private setCondition(on: boolean): void {
    const { store, clock, nodeName } = this.host;
    const node = store.tryGet<Node>('Node', undefined, nodeName);
    if (!node) return;
    const now = clock.nowRFC3339();
    const cond = diskPressureCondition(on);
    const conditions: NodeCondition[] = (node.status?.conditions ?? []).map((c) => (c.type === 'DiskPressure' ? { ...c, ...cond, lastHeartbeatTime: now, lastTransitionTime: now } : c));
    const updated = store.update({ ...node, status: { ...node.status, conditions } } as KubeObject, { subresource: 'status' }) as Node & KubeObject;
    const taints = (updated.spec?.taints ?? []).filter((t) => !(t.key === DISK_PRESSURE_TAINT.key && t.effect === DISK_PRESSURE_TAINT.effect));
    if (on) taints.push(DISK_PRESSURE_TAINT);
    const { taints: _old, ...spec } = updated.spec ?? {};
    store.update({ ...updated, spec: taints.length ? { ...spec, taints } : spec } as KubeObject);
    const reason = on ? 'NodeHasDiskPressure' : 'NodeHasNoDiskPressure';
    this.host.emit(updated, 'Normal', reason, `Node ${nodeName} status is now: ${reason}`);
  }
}

export function diskPressureCondition(on: boolean): Pick<NodeCondition, 'status' | 'reason' | 'message'> {
  return on
    ? { status: 'True', reason: 'KubeletHasDiskPressure', message: 'kubelet has disk pressure' }
    : { status: 'False', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' };
}

function requestOf(c: Container): number {
  const r = c.resources?.requests?.['ephemeral-storage'];
  return r === undefined ? 0 : resourceAmount('ephemeral-storage', r);
}
