// IPv4 CIDR arithmetic for the IP allocators (node podCIDRs, pod IPs, Service IPs).

export interface Cidr { base: number; prefix: number }

export function parseCidr(text: string): Cidr {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(text);
  if (!m) throw new Error(`invalid CIDR address: ${text}`);
  const octets = m.slice(1, 5).map(Number);
  const prefix = Number(m[5]);
  if (octets.some((o) => o > 255) || prefix > 32) throw new Error(`invalid CIDR address: ${text}`);
  const ip = ((octets[0] << 24) | (octets[1] << 16) | (octets[2] << 8) | octets[3]) >>> 0;
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
  return { base: (ip & mask) >>> 0, prefix };
}

export function formatIp(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

export function formatCidr(c: Cidr): string {
  return `${formatIp(c.base)}/${c.prefix}`;
}

export function cidrSize(c: Cidr): number {
  return 2 ** (32 - c.prefix);
}

/** The i-th subnet of size /maskSize inside c. */
export function subnet(c: Cidr, maskSize: number, i: number): Cidr {
  return { base: (c.base + i * 2 ** (32 - maskSize)) >>> 0, prefix: maskSize };
}

/** Which /maskSize subnet of c holds `sub`, or undefined when it is not one of them. */
export function subnetIndex(c: Cidr, maskSize: number, sub: Cidr): number | undefined {
  if (sub.prefix !== maskSize) return undefined;
  const off = sub.base - c.base;
  const size = 2 ** (32 - maskSize);
  if (off < 0 || off >= cidrSize(c) || off % size !== 0) return undefined;
  return off / size;
}
