// formatEndpoints as upstream's printers test it (TestPrintEndpoint and the ENDPOINTS column of kubectl get ep).
import type { Endpoints } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { formatEndpoints } from './service.ts';

const cases: [string, Endpoints['subsets'], string][] = [
  ['no subsets', undefined, '<none>'],
  ['one address, one port', [{ addresses: [{ ip: '127.0.0.1' }], ports: [{ port: 8080 }] }], '127.0.0.1:8080'],
  ['headless, no ports', [{ addresses: [{ ip: '10.244.1.5' }, { ip: '10.244.2.3' }] }], '10.244.1.5,10.244.2.3'],
  ['only not-ready addresses', [{ notReadyAddresses: [{ ip: '10.244.1.5' }], ports: [{ port: 80 }] }], ''],
  ['IPv6 in brackets', [{ addresses: [{ ip: 'fd00::5' }], ports: [{ port: 80 }] }], '[fd00::5]:80'],
  [
    'more than three',
    [{ addresses: [{ ip: '10.244.1.5' }, { ip: '10.244.2.3' }], ports: [{ port: 80 }, { port: 443 }] }, { addresses: [{ ip: '10.244.3.4' }], ports: [{ port: 80 }] }],
    '10.244.1.5:80,10.244.2.3:80,10.244.1.5:443 + 2 more...',
  ],
];

describe('formatEndpoints', () => {
  for (const [name, subsets, want] of cases) it(name, () => expect(formatEndpoints({ subsets })).toBe(want));
});
