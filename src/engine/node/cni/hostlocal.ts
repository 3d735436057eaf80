// The host-local IPAM plugin (containernetworking/plugins): addresses from a range set, one file per reserved
// address in /var/lib/cni/networks/NETWORK, handed out round-robin from the last reserved one (so a released
// address is not reused until the range has been run through), skipping the gateway; released on DEL.
import { formatIp, parseCidr, parseIp } from '../../api/cidr.ts';
import { CNI_ERR_INTERNAL, CniError, CniErrorCode, type CniIpConfig, type IpamRange } from './plugin.ts';
import type { HostFiles } from './hostfiles.ts';

export const HOST_LOCAL_DATA_DIR = '/var/lib/cni/networks';
const LAST_RESERVED = 'last_reserved_ip.';

interface Range { subnet: string; prefix: number; start: number; end: number; gateway: number; gatewayText: string }

/** Range.Canonicalize: the gateway defaults to .1, the range to .1 through the address before broadcast. */
export function canonicalRange(r: IpamRange): Range {
  const c = parseCidr(r.subnet);
  if (c.prefix > 30) throw new CniError(CniErrorCode.InvalidNetworkConfig, `Network ${r.subnet} too small to allocate from`);
  const network = formatIp(c.base);
  // The address as written is the part before the '/' (compared in place rather than split off).
  if (r.subnet.indexOf('/') !== network.length || !r.subnet.startsWith(network)) {
    throw new CniError(CniErrorCode.InvalidNetworkConfig, `Network has host bits set. For a subnet mask of length ${c.prefix} the network address is ${network}`);
  }
  const last = c.base + 2 ** (32 - c.prefix) - 2;
  const inside = (ip: number) => ip >= c.base && ip <= last + 1;
  const start = r.rangeStart ? parseIp(r.rangeStart) : c.base + 1;
  const end = r.rangeEnd ? parseIp(r.rangeEnd) : last;
  if (!inside(start)) throw new CniError(CniErrorCode.InvalidNetworkConfig, `RangeStart ${r.rangeStart} not in network ${r.subnet}`);
  if (!inside(end)) throw new CniError(CniErrorCode.InvalidNetworkConfig, `RangeEnd ${r.rangeEnd} not in network ${r.subnet}`);
  const gateway = r.gateway ? parseIp(r.gateway) : c.base + 1;
  // Formatted once: every address handed out from the range carries it.
  return { subnet: r.subnet, prefix: c.prefix, start, end, gateway, gatewayText: formatIp(gateway) };
}

/** "10.244.1.1-10.244.1.254", ranges joined by commas, as the error messages print a range set. */
export function rangeSetString(set: Range[]): string {
  return set.map((r) => `${formatIp(r.start)}-${formatIp(r.end)}`).join(',');
}

export class HostLocal {
  private readonly dir: string;
  /** The range last canonicalized from a subnet alone (what the plugins ask for at every ADD), parsed once. */
  private lastPlain: Range | undefined;

  constructor(private readonly files: HostFiles, network: string, dataDir = HOST_LOCAL_DATA_DIR) {
    this.dir = `${dataDir}/${network}`;
  }

  /** cmdAdd: one address from each range set; on failure the ones already taken are released. */
  add(rangeSets: IpamRange[][], containerId: string, ifName: string): CniIpConfig[] {
    // Loops rather than forEach and map with closures, and lists made at their size (an empty list grows to 17
    // slots at its first push): every pod's sandbox ADD comes here.
    const out = new Array<CniIpConfig>(rangeSets.length);
    for (let idx = 0; idx < rangeSets.length; idx++) {
      const set = rangeSets[idx];
      try {
        const ranges = new Array<Range>(set.length);
        for (let i = 0; i < set.length; i++) ranges[i] = this.canonical(set[i]);
        out[idx] = this.get(ranges, idx, containerId, ifName);
      } catch (e) {
        // Deallocate what this ADD already took (the allocators of the earlier range sets).
        if (idx > 0) this.del(containerId, ifName);
        const text = e instanceof Error ? e.message : String(e);
        throw new CniError(e instanceof CniError && e.code !== CNI_ERR_INTERNAL ? e.code : CNI_ERR_INTERNAL, `failed to allocate for range ${idx}: ${text}`);
      }
    }
    return out;
  }

  /** cmdDel: release every address the container holds on this interface (nothing held is fine). */
  del(containerId: string, ifName: string): void {
    for (const ip of this.held(containerId, ifName)) this.files.remove(`${this.dir}/${ip}`);
  }

  /** cmdCheck: the container must still hold the address it was given. */
  check(containerId: string, ifName: string, address: string): void {
    const ip = address.split('/')[0];
    if (!this.held(containerId, ifName).includes(ip)) throw new CniError(CNI_ERR_INTERNAL, `host-local: Failed to find address added by container ${containerId}`);
  }

  /** Every reserved address, with its owner. */
  reservations(): { ip: string; containerId: string; ifName: string }[] {
    return this.files.list(this.dir).filter((f) => !f.startsWith(LAST_RESERVED)).map((ip) => {
      const [containerId, ifName] = this.files.read(`${this.dir}/${ip}`)!.split('\r\n');
      return { ip, containerId, ifName };
    });
  }

  /** How many addresses are reserved: the files of the network's directory but the last-reserved markers, unread. */
  count(): number {
    let n = 0;
    for (const name of this.files.filesIn(this.dir)?.keys() ?? []) if (!name.startsWith(LAST_RESERVED)) n++;
    return n;
  }

  /** After a restore: the address a sandbox already had is recorded as its own (under its new id). */
  adopt(ip: string, containerId: string, ifName: string): void {
    this.files.write(`${this.dir}/${ip}`, `${containerId}\r\n${ifName}`);
  }

  /**
   * The addresses the container holds on this interface, sorted. A look at each file's content, not a parse of
   * every reservation: each ADD asks, and a node's directory holds one file per pod.
   */
  private held(containerId: string, ifName: string): string[] {
    const out: string[] = [];
    this.files.filesIn(this.dir)?.forEach((content, ip) => {
      if (!content.startsWith(containerId) || ip.startsWith(LAST_RESERVED)) return;
      const [c, i] = content.split('\r\n');
      if (c === containerId && i === ifName) out.push(ip);
    });
    return out.sort();
  }

  /** canonicalRange; a range given by its subnet alone is the one kept when that subnet was the last. */
  private canonical(r: IpamRange): Range {
    if (r.rangeStart || r.rangeEnd || r.gateway) return canonicalRange(r);
    if (this.lastPlain?.subnet !== r.subnet) this.lastPlain = canonicalRange(r);
    return this.lastPlain;
  }

  /** IPAllocator.Get: round-robin from the last reserved address + 1, wrapping through the set once. */
  private get(set: Range[], idx: number, containerId: string, ifName: string): CniIpConfig {
    const existing = heldIn(this.held(containerId, ifName), set);
    if (existing) throw new CniError(CNI_ERR_INTERNAL, `${existing} has been allocated to ${containerId}, duplicate allocation is not allowed`);
    // Read and written within the network's directory: no path is built per candidate address.
    const lastName = lastReservedName(idx);
    const lastText = this.files.filesIn(this.dir)?.get(lastName);
    const last = lastText === undefined ? undefined : parseIp(lastText);
    let total = 0;
    for (const r of set) total += r.end - r.start + 1;
    let ri = last === undefined ? 0 : rangeOf(set, last);
    let cur = last !== undefined && ri >= 0 ? last : undefined;
    if (ri < 0) ri = 0;
    for (let step = 0; step < total; step++) {
      let r = set[ri];
      if (cur === undefined) cur = r.start;
      else if (cur === r.end) { ri = (ri + 1) % set.length; r = set[ri]; cur = r.start; } else cur++;
      if (cur === r.gateway) continue;
      const ip = formatIp(cur);
      if (this.files.filesIn(this.dir)?.get(ip) !== undefined) continue;
      this.files.writeIn(this.dir, ip, `${containerId}\r\n${ifName}`);
      this.files.writeIn(this.dir, lastName, ip);
      return { address: `${ip}/${r.prefix}`, gateway: r.gatewayText };
    }
    throw new CniError(CNI_ERR_INTERNAL, `no IP addresses available in range set: ${rangeSetString(set)}`);
  }
}

/** The file that holds range set idx's last reserved address, its name made once (every ADD reads and writes it). */
function lastReservedName(idx: number): string {
  return (lastReservedNames[idx] ??= `${LAST_RESERVED}${idx}`);
}
const lastReservedNames: string[] = [];

function contains(r: Range, ip: number): boolean { return ip >= r.start && ip <= r.end; }

/** The index of the range holding the address, or -1. */
function rangeOf(set: Range[], ip: number): number {
  for (let i = 0; i < set.length; i++) if (contains(set[i], ip)) return i;
  return -1;
}

/** The first of the held addresses that is in a range of the set. */
function heldIn(held: string[], set: Range[]): string | undefined {
  for (let i = 0; i < held.length; i++) if (rangeOf(set, parseIp(held[i])) >= 0) return held[i];
  return undefined;
}
