// IPv4 CIDR arithmetic for the IP allocators (node podCIDRs, pod IPs, Service IPs).

export interface Cidr { base: number; prefix: number }

/**
 * "10.244.1.0/24" → { base, prefix } with the host bits cleared. Read character by character rather than by a
 * regular expression: the pod network parses addresses for every pod sandbox.
 */
export function parseCidr(text: string): Cidr {
  const slash = text.indexOf('/');
  const ip = slash < 0 ? -1 : ipv4(text, slash);
  const prefix = slash < 0 ? -1 : decimal(text, slash + 1, text.length, 32);
  if (ip < 0 || prefix < 0) throw new Error(`invalid CIDR address: ${text}`);
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
  return { base: (ip & mask) >>> 0, prefix };
}

/** An address ("10.244.1.2") as a number; fails as parseCidr(`${text}/32`) does. */
export function parseIp(text: string): number {
  const ip = ipv4(text, text.length);
  if (ip < 0) throw new Error(`invalid CIDR address: ${text}/32`);
  return ip;
}

/** The dotted quad text[0, end) as a number, or -1 unless it is four runs of digits, each at most 255. */
function ipv4(text: string, end: number): number {
  let ip = 0;
  let from = 0;
  for (let octet = 0; octet < 4; octet++) {
    // A dot past `end` (parseCidr's '/') leaves that '/' inside this octet, which then fails as no digit.
    const to = octet === 3 ? end : text.indexOf('.', from);
    const n = to < 0 ? -1 : decimal(text, from, to, 255);
    if (n < 0) return -1;
    ip = ip * 256 + n;
    from = to + 1;
  }
  return ip;
}

/** The digits text[from, to) as a number, or -1 when there are none, anything else, or the number is above max. */
function decimal(text: string, from: number, to: number, max: number): number {
  if (from >= to) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
    if (n > max) return -1;
  }
  return n;
}

/** "0." through "255.": an address is written from four pieces rather than seven (one is written per pod). */
const OCTET_DOTS = Array.from({ length: 256 }, (_, i) => `${i}.`);

export function formatIp(n: number): string {
  return `${OCTET_DOTS[n >>> 24]}${OCTET_DOTS[(n >>> 16) & 255]}${OCTET_DOTS[(n >>> 8) & 255]}${n & 255}`;
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
