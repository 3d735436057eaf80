import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashString } from '../../sim/rng.ts';
import { formatIp, parseCidr } from '../../api/cidr.ts';
import { FLANNEL_SUBNET_ENV, macFor } from './flannel.ts';
import { CniNetwork } from './network.ts';

/** macFor as it was first written (a list of bytes, each padded, joined): the reference the fast one must match. */
function referenceMacFor(seed: string): string {
  const h = hashString(seed);
  const h2 = hashString(`${seed}/2`);
  const bytes = [0x02 | ((h >>> 24) & 0xfc), (h >>> 16) & 255, (h >>> 8) & 255, h & 255, (h2 >>> 8) & 255, h2 & 255];
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

describe('flannel', () => {
  it('property: macFor is a stable locally administered unicast MAC, the same as the byte-by-byte reference', () => {
    fc.assert(fc.property(fc.string(), (seed) => {
      const mac = macFor(seed);
      expect(mac).toBe(referenceMacFor(seed));
      expect(mac).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
      expect(parseInt(mac.slice(0, 2), 16) & 3).toBe(2);
    }), { numRuns: 2000 });
  });
});

describe('flannel ADD', () => {
  it('property: each address comes from the subnet.env written last, with the bridge as its gateway and interface 2 (memo of the range sets)', () => {
    const subnets = ['10.244.1.0/24', '10.244.2.0/24', '10.244.3.0/28'];
    fc.assert(fc.property(fc.array(fc.nat(subnets.length - 1), { minLength: 1, maxLength: 12 }), (picks) => {
      const n = new CniNetwork();
      n.setPodCIDR(subnets[0]);
      n.daemonStarted('flannel');
      picks.forEach((pick, i) => {
        const c = parseCidr(subnets[pick]);
        n.files.write(FLANNEL_SUBNET_ENV, `FLANNEL_SUBNET=${formatIp(c.base + 1)}/${c.prefix}\nFLANNEL_MTU=1450\nFLANNEL_IPMASQ=true\n`);
        const id = i.toString(16).padStart(64, '0');
        const r = n.setUp(id, { uid: `u${i}`, name: `p${i}`, namespace: 'default' });
        const ip = parseCidr(`${r.ip}/32`).base;
        expect(ip > c.base && ip < c.base + 2 ** (32 - c.prefix)).toBe(true);
        expect(r.result.ips).toEqual([{ address: `${r.ip}/${c.prefix}`, gateway: formatIp(c.base + 1), interface: 2 }]);
        n.tearDown(id, { uid: `u${i}`, name: `p${i}`, namespace: 'default' });
      });
    }));
  });
});
