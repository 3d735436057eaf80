// The Service ClusterIP allocator (pkg/registry/core/service/ipallocator): a bitmap over a CIDR without its
// network and broadcast addresses, split in a static band at the start (for IPs users request, such as
// 10.96.0.10 for kube-dns) and a dynamic band that random allocations try first.
import { cidrSize, formatCidr, formatIp, parseCidr, type Cidr } from '../../../api/cidr.ts';
import type { SeededRng } from '../../../sim/rng.ts';

/** kube-apiserver --service-cluster-ip-range default of kubeadm. */
export const DEFAULT_SERVICE_CIDR = '10.96.0.0/12';

export const ERR_ALLOCATED_IP = 'provided IP is already allocated';
export const ERR_FULL = 'range is full';

/**
 * calculateRangeOffset: min(max(16, size/16), 256) addresses reserved for static allocation (KEP-3070).
 * Ranges smaller than 16 have no static band.
 */
export function staticBandSize(size: number): number {
  if (size < 16) return 0;
  return Math.min(Math.max(16, Math.floor(size / 16)), 256);
}

export class AllocationError extends Error {}

export class IPAllocator {
  readonly cidr: Cidr;
  /** Allocatable addresses: base+1 … base+size. */
  readonly size: number;
  private readonly offset: number;
  private readonly used = new Set<number>();

  constructor(cidrText = DEFAULT_SERVICE_CIDR) {
    this.cidr = parseCidr(cidrText);
    this.size = Math.max(0, cidrSize(this.cidr) - 2);
    this.offset = staticBandSize(this.size);
  }

  get cidrText(): string { return formatCidr(this.cidr); }
  get free(): number { return this.size - this.used.size; }
  has(ip: string): boolean { return this.used.has(toInt(ip)); }

  /** The error of allocating `ip`, or undefined when it is free and in range. */
  check(ip: string): string | undefined {
    const n = toInt(ip);
    const i = n - this.cidr.base - 1;
    if (Number.isNaN(n) || i < 0 || i >= this.size) {
      return `the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${this.cidrText}`;
    }
    return this.used.has(n) ? ERR_ALLOCATED_IP : undefined;
  }

  allocate(ip: string): void {
    const err = this.check(ip);
    if (err) throw new AllocationError(err);
    this.used.add(toInt(ip));
  }

  /** A random free address of the dynamic band, else of the static band (randomScanStrategyWithOffset). */
  next(rng: SeededRng, exclude: ReadonlySet<string> = new Set()): string {
    const taken = (i: number) => this.used.has(this.cidr.base + 1 + i) || exclude.has(formatIp(this.cidr.base + 1 + i));
    const scan = (from: number, to: number): number | undefined => {
      const span = to - from;
      if (span <= 0) return undefined;
      const start = rng.int(span);
      for (let k = 0; k < span; k++) {
        const i = from + ((start + k) % span);
        if (!taken(i)) return i;
      }
      return undefined;
    };
    const i = scan(this.offset, this.size) ?? scan(0, this.offset);
    if (i === undefined) throw new AllocationError(ERR_FULL);
    return formatIp(this.cidr.base + 1 + i);
  }

  release(ip: string): void { this.used.delete(toInt(ip)); }
  clear(): void { this.used.clear(); }
}

/** An IPv4 dotted quad as an unsigned integer, NaN when it is not one. */
export function toInt(ip: string): number {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return NaN;
  const o = m.slice(1).map(Number);
  if (o.some((x) => x > 255)) return NaN;
  return ((o[0] << 24) | (o[1] << 16) | (o[2] << 8) | o[3]) >>> 0;
}
