// client-go's flowcontrol.Backoff on the SimClock: per-key exponential backoff that doubles from an initial
// period up to a maximum, and forgets a key once it has been quiet for twice the maximum.
// Without jitter, as the kubelet creates its container and image backoffs.
import type { SimClock } from '../../sim/clock.ts';

/** The kubelet's crash-loop and image-pull backoffs: 10 s doubling to 5 minutes (MaxContainerBackOff). */
export const BACKOFF_INITIAL_MS = 10_000;
export const BACKOFF_MAX_MS = 300_000;

interface Entry { backoff: number; lastUpdate: number }

export class Backoff {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly clock: SimClock, readonly initialMs = BACKOFF_INITIAL_MS, readonly maxMs = BACKOFF_MAX_MS) {}

  /** The current backoff period of key (0 when it has none). */
  get(key: string): number { return this.entries.get(key)?.backoff ?? 0; }

  /** Move key to its next period: the initial one, or double the last (capped), unless it had expired. */
  next(key: string, eventTime: number): void {
    const e = this.entries.get(key);
    const backoff = !e || this.hasExpired(eventTime, e.lastUpdate) ? this.initialMs : Math.min(e.backoff * 2, this.maxMs);
    this.entries.set(key, { backoff, lastUpdate: this.clock.now() });
  }

  /** Whether less than the backoff period has passed since eventTime (e.g. the container's finishedAt). */
  isInBackOffSince(key: string, eventTime: number): boolean {
    const e = this.entries.get(key);
    if (!e || this.hasExpired(eventTime, e.lastUpdate)) return false;
    return this.clock.now() - eventTime < e.backoff;
  }

  /** Whether less than the backoff period has passed since the key's last update (image pulls). */
  isInBackOffSinceUpdate(key: string, eventTime: number): boolean {
    const e = this.entries.get(key);
    if (!e || this.hasExpired(eventTime, e.lastUpdate)) return false;
    return eventTime - e.lastUpdate < e.backoff;
  }

  /** When the backoff of key that started at eventTime ends. */
  expiry(key: string, eventTime: number): number { return eventTime + this.get(key); }

  /** When a key updated last ends its backoff (image pulls). */
  expirySinceUpdate(key: string): number {
    const e = this.entries.get(key);
    return e ? e.lastUpdate + e.backoff : this.clock.now();
  }

  /** Seed a key after a restart, from what the pod's status still shows. */
  restore(key: string, backoff: number, lastUpdate: number): void {
    this.entries.set(key, { backoff: Math.min(backoff, this.maxMs), lastUpdate });
  }

  /** Forget keys quiet for longer than twice the maximum (Backoff.GC). */
  gc(): void {
    const now = this.clock.now();
    for (const [k, e] of this.entries) if (this.hasExpired(now, e.lastUpdate)) this.entries.delete(k);
  }

  deleteMatching(prefix: string): void {
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }

  /** "stable if it's ok for twice the maxDuration". */
  private hasExpired(eventTime: number, lastUpdate: number): boolean {
    return eventTime - lastUpdate > this.maxMs * 2;
  }
}
