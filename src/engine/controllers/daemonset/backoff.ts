// flowcontrol.Backoff as the DaemonSet controller uses it for failed pods: 1 s doubling to 15 min per
// (DaemonSet, generation, node), forgotten when untouched for twice the maximum.

const INITIAL_MS = 1000;
const MAX_MS = 15 * 60_000;

export class FailedPodsBackoff {
  private readonly entries = new Map<string, { backoff: number; lastUpdate: number }>();

  private expired(now: number, lastUpdate: number): boolean { return now - lastUpdate > 2 * MAX_MS; }

  /** Next: start at the initial delay, else double it. */
  next(key: string, now: number): void {
    const e = this.entries.get(key);
    if (!e || this.expired(now, e.lastUpdate)) this.entries.set(key, { backoff: INITIAL_MS, lastUpdate: now });
    else this.entries.set(key, { backoff: Math.min(e.backoff * 2, MAX_MS), lastUpdate: now });
  }

  /** IsInBackOffSinceUpdate. */
  inBackoff(key: string, now: number): boolean {
    const e = this.entries.get(key);
    return !!e && !this.expired(now, e.lastUpdate) && now - e.lastUpdate < e.backoff;
  }

  get(key: string): number { return this.entries.get(key)?.backoff ?? 0; }
}
