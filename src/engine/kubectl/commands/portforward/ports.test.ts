import { describe, expect, it } from 'vitest';
import type { Pod, Service } from 'kubernetes-types/core/v1';
import { convertPodNamedPorts, parseAddresses, parsePorts, translateServicePorts } from './ports.ts';

describe('parsePorts (client-go tools/portforward)', () => {
  it.each([
    [['5000'], [{ local: 5000, remote: 5000 }]],
    [['8888:5000'], [{ local: 8888, remote: 5000 }]],
    [[':5000'], [{ local: 0, remote: 5000 }]],
    [['0:5000', '6000'], [{ local: 0, remote: 5000 }, { local: 6000, remote: 6000 }]],
  ])('%j', (specs, want) => expect(parsePorts(specs)).toEqual(want));

  it.each([
    ['a:b:c', "invalid port format 'a:b:c'"],
    ['abc:80', 'error parsing local port \'abc\': strconv.ParseUint: parsing "abc": invalid syntax'],
    ['8080:99999', 'error parsing remote port \'99999\': strconv.ParseUint: parsing "99999": value out of range'],
    ['8080:', 'error parsing remote port \'\': strconv.ParseUint: parsing "": invalid syntax'],
    ['8080:0', 'remote port must be > 0'],
    ['-1', 'error parsing local port \'-1\': strconv.ParseUint: parsing "-1": invalid syntax'],
  ])('%s fails: %s', (spec, message) => expect(() => parsePorts([spec])).toThrow(message));
});

describe('parseAddresses', () => {
  it('localhost is 127.0.0.1 (tcp4) and ::1 (tcp6), both "all"; IPs are "any"; sorted, each once', () => {
    expect(parseAddresses(['localhost', '10.19.21.23', 'localhost'])).toEqual([
      { address: '10.19.21.23', protocol: 'tcp4', failureMode: 'any' },
      { address: '127.0.0.1', protocol: 'tcp4', failureMode: 'all' },
      { address: '::1', protocol: 'tcp6', failureMode: 'all' },
    ]);
    expect(parseAddresses(['0.0.0.0', '::'])).toEqual([
      { address: '0.0.0.0', protocol: 'tcp4', failureMode: 'any' },
      { address: '::', protocol: 'tcp6', failureMode: 'any' },
    ]);
  });
  it.each(['example.com', '300.1.1.1', ''])('%j is not a valid IP', (a) => expect(() => parseAddresses([a])).toThrow(`${a} is not a valid IP`));
});

const pod: Pod = { metadata: { name: 'web-1' }, spec: { containers: [{ name: 'c', image: 'nginx', ports: [{ name: 'http', containerPort: 8080 }] }], initContainers: [{ name: 'i', image: 'x', ports: [{ name: 'metrics', containerPort: 9090 }] }] } };
const svc: Service = { metadata: { name: 'web' }, spec: { ports: [{ name: 'web', port: 80, targetPort: 'http' as unknown as number }, { name: 'plain', port: 81 }, { name: 'num', port: 82, targetPort: 8082 }] } };

describe('translateServicePortToTargetPort', () => {
  it.each([
    ['80', '80:8080'], // a named targetPort is looked up in the pod; the local port stays the service port
    ['9000:80', '9000:8080'],
    ['web', '80:8080'], // a service port's name: local = its number
    ['81', '81'], // no targetPort: the port itself
    ['82', '82:8082'],
    [':82', ':8082'],
  ])('%s → %s', (spec, want) => expect(translateServicePorts([spec], svc, pod)).toEqual([want]));
  it.each([
    ['83', 'Service web does not have a service port 83'],
    ['nope', "Service 'web' does not have a named port 'nope'"],
  ])('%s fails: %s', (spec, message) => expect(() => translateServicePorts([spec], svc, pod)).toThrow(message));
  it('a headless Service keeps the port', () => {
    expect(translateServicePorts(['83'], { ...svc, spec: { ...svc.spec, clusterIP: 'None' } }, pod)).toEqual(['83']);
  });
});

describe('convertPodNamedPortToNumber', () => {
  it.each([
    ['http', '8080'],
    ['7000:http', '7000:8080'],
    ['metrics', '9090'], // init containers' ports too
    ['5000', '5000'],
  ])('%s → %s', (spec, want) => expect(convertPodNamedPorts([spec], pod)).toEqual([want]));
  it('fails on an unknown name and an empty remote port', () => {
    expect(() => convertPodNamedPorts(['x'], pod)).toThrow("Pod 'web-1' does not have a named port 'x'");
    expect(() => convertPodNamedPorts(['8080:'], pod)).toThrow('remote port cannot be empty');
  });
});
