// ValidateEndpoints' texts, as the API server returns them for kubectl apply.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';
import { nonSpecialIPErrors } from './endpoints.ts';

describe('Endpoints validation', () => {
  it('reports every field error as upstream', async () => {
    const c = createCluster({ seed: 1 });
    const r = await c.exec('kubectl apply -f -', `apiVersion: v1
kind: Endpoints
metadata: {name: bad}
subsets:
- addresses: [{ip: 127.0.0.1}, {ip: foo}]
  ports: [{port: 0}, {port: 80, protocol: XTP}]
- ports: [{port: 80}]
`);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`The Endpoints "bad" is invalid: 
* subsets[0].addresses[0].ip: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)
* subsets[0].addresses[1].ip: Invalid value: "foo": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)
* subsets[0].addresses[1].ip: Invalid value: "foo": must be a valid IP address
* subsets[0].ports[0].name: Required value
* subsets[0].ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive
* subsets[0].ports[1].name: Required value
* subsets[0].ports[1].protocol: Unsupported value: "XTP": supported values: "SCTP", "TCP", "UDP"
* subsets[1]: Required value: must specify \`addresses\` or \`notReadyAddresses\`
`);
  });

  it.each([
    ['10.1.2.3', []],
    ['0.0.0.0', ['may not be unspecified (0.0.0.0)']],
    ['127.0.0.53', ['may not be in the loopback range (127.0.0.0/8, ::1/128)']],
    ['169.254.169.254', ['may not be in the link-local range (169.254.0.0/16, fe80::/10)']],
    ['224.0.0.1', ['may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)']],
    ['224.0.1.1', []],
    ['::1', ['may not be in the loopback range (127.0.0.0/8, ::1/128)']],
    ['fe80::1', ['may not be in the link-local range (169.254.0.0/16, fe80::/10)']],
    ['ff02::1', ['may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)']],
    ['2001:db8::1', []],
    ['10.1.2.300', ['must be a valid IP address']],
  ])('ValidateNonSpecialIP(%s)', (ip, want) => expect(nonSpecialIPErrors(ip)).toEqual(want));
});
