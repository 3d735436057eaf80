// The NodePort allocator (pkg/registry/core/service/portallocator): --service-node-port-range 30000-32767,
// with a static band at its start (min(max(16, size/32), 128) ports) that random allocations try last.
import type { SeededRng } from '../../../sim/rng.ts';
import { AllocationError, ERR_FULL } from './ipallocator.ts';

export const DEFAULT_NODE_PORT_RANGE = { base: 30000, size: 2768 };

export const ERR_ALLOCATED_PORT = 'provided port is already allocated';

export function portStaticBandSize(size: number): number {
  if (size < 16) return 0;
  return Math.min(Math.max(16, Math.floor(size / 32)), 128);
}

export class PortAllocator {
  private readonly used = new Set<number>();
  private readonly offset: number;

  constructor(readonly base = DEFAULT_NODE_PORT_RANGE.base, readonly size = DEFAULT_NODE_PORT_RANGE.size) {
    this.offset = portStaticBandSize(size);
  }

  get rangeText(): string { return `${this.base}-${this.base + this.size - 1}`; }
  has(port: number): boolean { return this.used.has(port); }

  check(port: number): string | undefined {
    if (port < this.base || port >= this.base + this.size) return `provided port is not in the valid range. The range of valid ports is ${this.rangeText}`;
    return this.used.has(port) ? ERR_ALLOCATED_PORT : undefined;
  }

  allocate(port: number): void {
    const err = this.check(port);
    if (err) throw new AllocationError(err);
    this.used.add(port);
  }

  next(rng: SeededRng, exclude: ReadonlySet<number> = new Set()): number {
    const scan = (from: number, to: number): number | undefined => {
      const span = to - from;
      if (span <= 0) return undefined;
      const start = rng.int(span);
      for (let k = 0; k < span; k++) {
        const p = this.base + from + ((start + k) % span);
        if (!this.used.has(p) && !exclude.has(p)) return p;
      }
      return undefined;
    };
    const p = scan(this.offset, this.size) ?? scan(0, this.offset);
    if (p === undefined) throw new AllocationError(ERR_FULL);
    return p;
  }

  release(port: number): void { this.used.delete(port); }
  clear(): void { this.used.clear(); }
}
