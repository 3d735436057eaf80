// downwardAPI volume files: FormatMap's sorted key="value" lines with Go quoting, fields and resources.
import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { downwardFileContent, formatMap } from './downwardapi.ts';

describe('fieldpath.FormatMap', () => {
  it.each([
    [{ zone: 'us-est-coast', cluster: 'test-cluster1', rack: 'rack-22' }, 'cluster="test-cluster1"\nrack="rack-22"\nzone="us-est-coast"'],
    [{ 'kubernetes.io/config.seen': '2026-01-01T00:00:00Z', builder: 'john-doe' }, 'builder="john-doe"\nkubernetes.io/config.seen="2026-01-01T00:00:00Z"'],
    [{ note: 'say "hi"\tnow\n', path: 'C:\\x' }, 'note="say \\"hi\\"\\tnow\\n"\npath="C:\\\\x"'],
    [{ empty: '' }, 'empty=""'],
    [{}, ''],
  ])('%j', (m, want) => expect(formatMap(m)).toBe(want));
});

describe('downward API file content', () => {
  const pod: Pod = {
    metadata: { name: 'web', namespace: 'shop', uid: 'u-1', labels: { b: '2', a: '1' } },
    spec: { nodeName: 'w1', containers: [{ name: 'app', image: 'busybox', resources: { requests: { cpu: '250m', memory: '32Mi' }, limits: { cpu: '500m', memory: '64Mi' } } }, { name: 'bare', image: 'busybox' }] },
  };
  const allocatable = { cpu: '4', memory: '8Gi' };
  it.each([
    [{ fieldRef: { fieldPath: 'metadata.labels' } }, 'a="1"\nb="2"'],
    [{ fieldRef: { fieldPath: 'metadata.name' } }, 'web'],
    [{ fieldRef: { fieldPath: 'metadata.namespace' } }, 'shop'],
    [{ fieldRef: { fieldPath: 'metadata.uid' } }, 'u-1'],
    [{ fieldRef: { fieldPath: "metadata.labels['b']" } }, '2'],
    [{ resourceFieldRef: { containerName: 'app', resource: 'limits.cpu', divisor: '1m' } }, '500'],
    [{ resourceFieldRef: { containerName: 'app', resource: 'limits.cpu' } }, '1'], // 0.5 rounded up
    [{ resourceFieldRef: { containerName: 'app', resource: 'requests.memory', divisor: '1Mi' } }, '32'],
    [{ resourceFieldRef: { containerName: 'bare', resource: 'limits.cpu' } }, '4'], // no limit: node allocatable
    [{ resourceFieldRef: { containerName: 'bare', resource: 'limits.memory', divisor: '1Gi' } }, '8'],
    [{ resourceFieldRef: { containerName: 'bare', resource: 'requests.cpu' } }, '0'],
  ])('%j', (item, want) => expect(downwardFileContent(pod, { path: 'x', ...item }, allocatable)).toBe(want));
});
