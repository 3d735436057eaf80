// RepackSubsets cases from upstream's pkg/api/v1/endpoints util_test.go (TestPackSubsets).
import type { EndpointAddress, EndpointSubset } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { repackSubsets } from './repack.ts';

const addr = (ip: string, uid?: string): EndpointAddress => (uid ? { ip, targetRef: { uid } } : { ip });
const port = (p: number, name?: string) => (name ? { name, port: p } : { port: p });

const cases: { name: string; given: EndpointSubset[]; expect: EndpointSubset[] }[] = [
  { name: 'empty everything', given: [], expect: [] },
  { name: 'empty addresses', given: [{ ports: [port(111)] }], expect: [] },
  { name: 'empty ports', given: [{ addresses: [addr('1.2.3.4')] }], expect: [{ addresses: [addr('1.2.3.4')] }] },
  { name: 'empty ports, not ready', given: [{ notReadyAddresses: [addr('1.2.3.4')] }], expect: [{ notReadyAddresses: [addr('1.2.3.4')] }] },
  { name: 'one set, one ip, one port', given: [{ addresses: [addr('1.2.3.4')], ports: [port(111)] }], expect: [{ addresses: [addr('1.2.3.4')], ports: [port(111)] }] },
  { name: 'one set, one ip, one UID, one port', given: [{ addresses: [addr('1.2.3.4', 'uid-1')], ports: [port(111)] }], expect: [{ addresses: [addr('1.2.3.4', 'uid-1')], ports: [port(111)] }] },
  { name: 'one set, one notReady ip, one port', given: [{ notReadyAddresses: [addr('1.2.3.4')], ports: [port(111)] }], expect: [{ notReadyAddresses: [addr('1.2.3.4')], ports: [port(111)] }] },
  { name: 'one set, dup ips, one port', given: [{ addresses: [addr('1.2.3.4'), addr('1.2.3.4')], ports: [port(111)] }], expect: [{ addresses: [addr('1.2.3.4')], ports: [port(111)] }] },
  { name: 'one set, dup ips, dup UIDs, one port', given: [{ addresses: [addr('1.2.3.4', 'uid-1'), addr('1.2.3.4', 'uid-1')], ports: [port(111)] }], expect: [{ addresses: [addr('1.2.3.4', 'uid-1')], ports: [port(111)] }] },
  { name: 'one set, dup ips, distinct UIDs, one port', given: [{ addresses: [addr('1.2.3.4', 'uid-2'), addr('1.2.3.4', 'uid-1')], ports: [port(111)] }], expect: [{ addresses: [addr('1.2.3.4', 'uid-1'), addr('1.2.3.4', 'uid-2')], ports: [port(111)] }] },
  { name: 'one set, one ip, dup ports', given: [{ addresses: [addr('1.2.3.4')], ports: [port(111), port(111)] }], expect: [{ addresses: [addr('1.2.3.4')], ports: [port(111)] }] },
  { name: 'two sets, dup ip, dup port', given: [{ addresses: [addr('1.2.3.4')], ports: [port(111)] }, { addresses: [addr('1.2.3.4')], ports: [port(111)] }], expect: [{ addresses: [addr('1.2.3.4')], ports: [port(111)] }] },
  { name: 'two sets, dup mixed ip, dup port', given: [{ addresses: [addr('1.2.3.4')], ports: [port(111)] }, { notReadyAddresses: [addr('1.2.3.4')], ports: [port(111)] }], expect: [{ notReadyAddresses: [addr('1.2.3.4')], ports: [port(111)] }] },
  { name: 'two sets, dup ip, two ports', given: [{ addresses: [addr('1.2.3.4')], ports: [port(111)] }, { addresses: [addr('1.2.3.4')], ports: [port(222)] }], expect: [{ addresses: [addr('1.2.3.4')], ports: [port(111), port(222)] }] },
  { name: 'two sets, two ips, dup port', given: [{ addresses: [addr('1.2.3.4')], ports: [port(111)] }, { addresses: [addr('5.6.7.8')], ports: [port(111)] }], expect: [{ addresses: [addr('1.2.3.4'), addr('5.6.7.8')], ports: [port(111)] }] },
  { name: 'two sets, two mixed ips, dup port', given: [{ notReadyAddresses: [addr('1.2.3.4')], ports: [port(111)] }, { addresses: [addr('5.6.7.8')], ports: [port(111)] }], expect: [{ addresses: [addr('5.6.7.8')], notReadyAddresses: [addr('1.2.3.4')], ports: [port(111)] }] },
  { name: 'two sets, dup ip with distinct UIDs, dup port', given: [{ addresses: [addr('1.2.3.4', 'uid-1')], ports: [port(111)] }, { addresses: [addr('1.2.3.4', 'uid-2')], ports: [port(111)] }], expect: [{ addresses: [addr('1.2.3.4', 'uid-1'), addr('1.2.3.4', 'uid-2')], ports: [port(111)] }] },
  {
    name: 'two sets, two ips, two distinct ports',
    given: [{ addresses: [addr('1.2.3.4')], ports: [port(111)] }, { addresses: [addr('5.6.7.8')], ports: [port(222)] }],
    expect: [{ addresses: [addr('1.2.3.4')], ports: [port(111)] }, { addresses: [addr('5.6.7.8')], ports: [port(222)] }],
  },
  {
    name: 'four sets, three ips, three ports, jumbled',
    given: [
      { addresses: [addr('1.2.3.4')], ports: [port(111)] },
      { addresses: [addr('1.2.3.5')], ports: [port(222)] },
      { addresses: [addr('1.2.3.6')], ports: [port(111)] },
      { addresses: [addr('1.2.3.5')], ports: [port(333)] },
    ],
    expect: [
      { addresses: [addr('1.2.3.4'), addr('1.2.3.6')], ports: [port(111)] },
      { addresses: [addr('1.2.3.5')], ports: [port(222), port(333)] },
    ],
  },
];

describe('repackSubsets (upstream TestPackSubsets)', () => {
  for (const c of cases) {
    it(c.name, () => {
      const got = repackSubsets(c.given);
      // Upstream orders ports and subsets by a hash: compare as sets of subsets with sorted ports.
      const canon = (ss: EndpointSubset[]) => ss.map((s) => JSON.stringify({ ...s, ports: s.ports ? [...s.ports].sort((a, b) => a.port - b.port) : undefined })).sort();
      expect(canon(got)).toEqual(canon(c.expect));
      // Addresses are sorted by IP, then UID.
      for (const s of got) expect(s.addresses ?? []).toEqual(c.expect.find((e) => JSON.stringify(e.addresses) === JSON.stringify(s.addresses))?.addresses ?? []);
    });
  }
});
