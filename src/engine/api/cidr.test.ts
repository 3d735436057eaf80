import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIp, parseCidr, parseIp } from './cidr.ts';

/** The regular-expression parser parseCidr replaced: the reference its results and errors must match. */
function referenceParseCidr(text: string) {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(text);
  if (!m) throw new Error(`invalid CIDR address: ${text}`);
  const octets = m.slice(1, 5).map(Number);
  const prefix = Number(m[5]);
  if (octets.some((o) => o > 255) || prefix > 32) throw new Error(`invalid CIDR address: ${text}`);
  const ip = ((octets[0] << 24) | (octets[1] << 16) | (octets[2] << 8) | octets[3]) >>> 0;
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
  return { base: (ip & mask) >>> 0, prefix };
}

const outcome = (f: () => unknown) => { try { return { ok: f() }; } catch (e) { return { error: (e as Error).message }; } };

const number = fc.oneof(fc.integer({ min: 0, max: 300 }).map(String), fc.stringMatching(/^\d{1,4}$/), fc.constant(''));
/** Near-CIDR text: numbers, dots and slashes in most places, now and then something else. */
const cidrLike = fc.oneof(
  fc.tuple(number, number, number, number, number).map(([a, b, c, d, p]) => `${a}.${b}.${c}.${d}/${p}`),
  fc.array(fc.oneof(number, fc.constantFrom('.', '/', ' ', 'x', '-', '\n', '١')), { maxLength: 12 }).map((parts) => parts.join('')),
);

describe('parseCidr', () => {
  it('reads CIDRs and clears the host bits', () => {
    expect(parseCidr('10.244.1.7/24')).toEqual({ base: parseIp('10.244.1.0'), prefix: 24 });
    expect(parseCidr('0.0.0.0/0')).toEqual({ base: 0, prefix: 0 });
    expect(formatIp(parseCidr('255.255.255.255/32').base)).toBe('255.255.255.255');
    expect(() => parseCidr('10.244.1.0/33')).toThrow('invalid CIDR address: 10.244.1.0/33');
    expect(() => parseCidr('10.256.1.0/24')).toThrow('invalid CIDR address: 10.256.1.0/24');
    expect(() => parseIp('10.1.2')).toThrow('invalid CIDR address: 10.1.2/32');
  });

  it('property: same results and errors as the regular-expression parser', () => {
    fc.assert(fc.property(cidrLike, (text) => {
      expect(outcome(() => parseCidr(text))).toEqual(outcome(() => referenceParseCidr(text)));
    }), { numRuns: 5000 });
  });

  it('property: parseIp is parseCidr of the address as a /32', () => {
    fc.assert(fc.property(cidrLike, (text) => {
      expect(outcome(() => parseIp(text))).toEqual(outcome(() => referenceParseCidr(`${text}/32`).base));
    }), { numRuns: 5000 });
  });

  it('property: formatIp writes the dotted quad parseIp reads', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (n) => {
      expect(formatIp(n)).toBe([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
      expect(parseIp(formatIp(n))).toBe(n);
    }));
  });
});
