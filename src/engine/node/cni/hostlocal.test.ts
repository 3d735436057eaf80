import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIp, parseCidr } from '../../api/cidr.ts';
import { HostFiles } from './hostfiles.ts';
import { canonicalRange, HostLocal } from './hostlocal.ts';

const RANGE = [[{ subnet: '10.244.1.0/24' }]];

function ipam() {
  const files = new HostFiles();
  return { files, hl: new HostLocal(files, 'cbr0') };
}

describe('host-local IPAM', () => {
  it('canonicalizes a range as the plugin does (gateway .1, .1 through .254)', () => {
    expect(canonicalRange({ subnet: '10.244.1.0/24' })).toMatchObject({ start: parseCidr('10.244.1.1/32').base, end: parseCidr('10.244.1.254/32').base, gateway: parseCidr('10.244.1.1/32').base });
    expect(() => canonicalRange({ subnet: '10.244.1.0/31' })).toThrow('Network 10.244.1.0/31 too small to allocate from');
    expect(() => canonicalRange({ subnet: '10.244.1.5/24' })).toThrow('Network has host bits set. For a subnet mask of length 24 the network address is 10.244.1.0');
    expect(() => canonicalRange({ subnet: '10.244.1.0/24', rangeStart: '10.244.2.1' })).toThrow('RangeStart 10.244.2.1 not in network 10.244.1.0/24');
  });

  it('hands out addresses in order from .2, skipping the gateway, and records them as files', () => {
    const { files, hl } = ipam();
    expect(hl.add(RANGE, 'c1', 'eth0')).toEqual([{ address: '10.244.1.2/24', gateway: '10.244.1.1' }]);
    expect(hl.add(RANGE, 'c2', 'eth0')[0].address).toBe('10.244.1.3/24');
    expect(files.read('/var/lib/cni/networks/cbr0/10.244.1.2')).toBe('c1\r\neth0');
    expect(files.read('/var/lib/cni/networks/cbr0/last_reserved_ip.0')).toBe('10.244.1.3');
  });

  it('gives each range set its own last reserved address, and releases the first set\'s address when the second fails', () => {
    const { files, hl } = ipam();
    const two = [[{ subnet: '10.244.1.0/24' }], [{ subnet: '10.0.0.0/30' }]]; // the second holds .2 alone
    expect(hl.add(two, 'c1', 'eth0').map((ip) => ip.address)).toEqual(['10.244.1.2/24', '10.0.0.2/30']);
    expect(files.read('/var/lib/cni/networks/cbr0/last_reserved_ip.0')).toBe('10.244.1.2');
    expect(files.read('/var/lib/cni/networks/cbr0/last_reserved_ip.1')).toBe('10.0.0.2');
    expect(() => hl.add(two, 'c2', 'eth0')).toThrow('failed to allocate for range 1: no IP addresses available in range set: 10.0.0.1-10.0.0.2');
    expect(files.read('/var/lib/cni/networks/cbr0/10.244.1.3')).toBeUndefined();
    expect(hl.reservations().map((r) => r.containerId)).toEqual(['c1', 'c1']);
  });

  it('continues after the last reserved address: a released one is reused only after the range wraps', () => {
    const { hl } = ipam();
    hl.add(RANGE, 'c1', 'eth0');
    hl.add(RANGE, 'c2', 'eth0');
    hl.del('c1', 'eth0');
    expect(hl.add(RANGE, 'c3', 'eth0')[0].address).toBe('10.244.1.4/24');
    const small = [[{ subnet: '10.0.0.0/29' }]]; // .2 through .6
    const s = ipam().hl;
    for (const id of ['a', 'b', 'c', 'd', 'e']) s.add(small, id, 'eth0');
    s.del('b', 'eth0');
    expect(s.add(small, 'f', 'eth0')[0].address).toBe('10.0.0.3/29');
  });

  it('fails with the range set when every address is taken, and DEL makes room', () => {
    const { hl } = ipam();
    for (let i = 0; i < 253; i++) hl.add(RANGE, `c${i}`, 'eth0');
    expect(() => hl.add(RANGE, 'x', 'eth0')).toThrow('failed to allocate for range 0: no IP addresses available in range set: 10.244.1.1-10.244.1.254');
    hl.del('c7', 'eth0');
    expect(hl.add(RANGE, 'x', 'eth0')[0].address).toBe('10.244.1.9/24');
  });

  it('refuses a second address for the same container, keeps DEL idempotent, and CHECK finds the address', () => {
    const { hl } = ipam();
    hl.add(RANGE, 'c1', 'eth0');
    expect(() => hl.add(RANGE, 'c1', 'eth0')).toThrow('failed to allocate for range 0: 10.244.1.2 has been allocated to c1, duplicate allocation is not allowed');
    expect(() => hl.check('c1', 'eth0', '10.244.1.2/24')).not.toThrow();
    hl.del('c1', 'eth0');
    hl.del('c1', 'eth0');
    expect(() => hl.check('c1', 'eth0', '10.244.1.2/24')).toThrow('host-local: Failed to find address added by container c1');
  });

  it('property: addresses held at the same time are distinct, inside the subnet, never network, gateway or broadcast', () => {
    const op = fc.oneof(fc.record({ add: fc.integer({ min: 0, max: 40 }) }), fc.record({ del: fc.integer({ min: 0, max: 40 }) }));
    fc.assert(fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
      const { hl } = ipam();
      const held = new Map<string, string>();
      const small = [[{ subnet: '10.244.1.0/27' }]];
      for (const o of ops) {
        if ('add' in o) {
          const id = `c${o.add}`;
          if (held.has(id)) continue;
          try {
            held.set(id, hl.add(small, id, 'eth0')[0].address.split('/')[0]);
          } catch (e) {
            expect(held.size).toBe(29); // .2 through .30
            expect(String(e)).toContain('no IP addresses available in range set: 10.244.1.1-10.244.1.30');
          }
        } else {
          hl.del(`c${o.del}`, 'eth0');
          held.delete(`c${o.del}`);
        }
        const ips = [...held.values()];
        expect(new Set(ips).size).toBe(ips.length);
        for (const ip of ips) {
          const n = parseCidr(`${ip}/32`).base - parseCidr('10.244.1.0/27').base;
          expect(n >= 2 && n <= 30, formatIp(n)).toBe(true);
        }
        expect(hl.reservations().map((r) => r.ip).sort()).toEqual(ips.sort());
      }
    }));
  });

  it('property: a kept HostLocal (which keeps the last range it parsed) allocates as a new one for each ADD does', () => {
    const subnets = ['10.244.1.0/29', '10.244.2.0/29', '10.244.1.0/28', '10.244.1.4/29', '10.244.1.0/31', '10.244.1.0'];
    const range = fc.oneof(
      fc.constantFrom(...subnets).map((subnet) => ({ subnet })),
      fc.record({ subnet: fc.constant('10.244.1.0/29'), rangeStart: fc.constantFrom('10.244.1.3', '10.244.2.1'), gateway: fc.constantFrom('10.244.1.4', '') }),
    );
    const op = fc.oneof(fc.record({ add: fc.integer({ min: 0, max: 12 }), range }), fc.record({ del: fc.integer({ min: 0, max: 12 }) }));
    const outcome = (f: () => unknown) => { try { return { ok: f() }; } catch (e) { return { error: String(e) }; } };
    fc.assert(fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
      const kept = ipam();
      const fresh = new HostFiles();
      for (const o of ops) {
        if ('add' in o) {
          const sets = [[o.range]];
          expect(outcome(() => kept.hl.add(sets, `c${o.add}`, 'eth0'))).toEqual(outcome(() => new HostLocal(fresh, 'cbr0').add(sets, `c${o.add}`, 'eth0')));
        } else {
          kept.hl.del(`c${o.del}`, 'eth0');
          new HostLocal(fresh, 'cbr0').del(`c${o.del}`, 'eth0');
        }
      }
      expect(kept.files.dump()).toEqual(fresh.dump());
    }));
  });
});

