import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';

// Validation of resource.k8s.io/v1beta1 as the API server reports it (pkg/apis/resource/validation).
const claim = (requests: string) => `apiVersion: resource.k8s.io/v1beta1
kind: ResourceClaim
metadata: {name: c}
spec:
  devices:
    requests: ${requests}
`;

describe('resource.k8s.io validation', () => {
  const c = createCluster({ seed: 1, featureGates: { DynamicResourceAllocation: true } });
  it.each([
    ['a request without a class', claim('[{name: gpu}]'), 'The ResourceClaim "c" is invalid: spec.devices.requests[0].deviceClassName: Required value'],
    ['count 0 with ExactCount', claim('[{name: gpu, deviceClassName: gpu, allocationMode: ExactCount, count: -1}]'), 'spec.devices.requests[0].count: Invalid value: -1: must be greater than zero'],
    ['count with All', claim('[{name: gpu, deviceClassName: gpu, allocationMode: All, count: 2}]'), "spec.devices.requests[0].count: Invalid value: 2: must not be specified when allocationMode is 'All'"],
    ['an unknown allocation mode', claim('[{name: gpu, deviceClassName: gpu, allocationMode: Some}]'), 'spec.devices.requests[0].allocationMode: Unsupported value: "Some": supported values: "All", "ExactCount"'],
    ['a duplicate request name', claim('[{name: gpu, deviceClassName: gpu}, {name: gpu, deviceClassName: gpu}]'), 'spec.devices.requests[1]: Duplicate value: "gpu"'],
    ['a selector that does not compile', claim("[{name: gpu, deviceClassName: gpu, selectors: [{cel: {expression: 'device.driver =='}}]}]"), 'spec.devices.requests[0].selectors[0].cel.expression: Invalid value: "device.driver ==": compilation failed: ERROR: <input>: Syntax error: unexpected end of expression'],
    ['a slice for no node', 'apiVersion: resource.k8s.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: s}\nspec: {driver: gpu.example.com, pool: {name: p, resourceSliceCount: 1}}\n', 'spec: Required value: exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required'],
  ])('%s', (_n, yaml, msg) => {
    const r = c.exec('kubectl apply -f -', yaml);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(msg);
  });

  it('defaults a request to one device (ExactCount, count 1)', () => {
    expect(c.exec('kubectl apply -f -', claim('[{name: gpu, deviceClassName: gpu}]')).code).toBe(0);
    expect(c.exec('kubectl get resourceclaim c -o jsonpath={.spec.devices.requests[0].allocationMode}/{.spec.devices.requests[0].count}').stdout).toBe('ExactCount/1');
    expect(c.exec('kubectl get resourceclaim c').stdout).toMatch(/^NAME\s+STATE\s+AGE\nc\s+pending\s+0s\n$/);
  });
});
