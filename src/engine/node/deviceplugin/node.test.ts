import fc from 'fast-check';
import type { Container, Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { podRequests } from '../../api/pod.ts';
import { isExtendedResourceName } from '../../apiserver/admission/validation/resources.ts';
import { requestsExtendedResources } from './node.ts';

/** The straightforward answer: some resource of the pod's summed requests has an extended name and is not 0. */
function sumRequestsExtended(pod: Pod): boolean {
  return Object.entries(podRequests(pod)).some(([res, v]) => v !== 0 && isExtendedResourceName(res));
}

const resource = fc.constantFrom('cpu', 'memory', 'ephemeral-storage', 'hugepages-2Mi', 'example.com/dev', 'nvidia.com/gpu', 'requests.example.com/x', 'kubernetes.io/native-ish');
const list = fc.dictionary(resource, fc.constantFrom('0', '1', '2', '100m', '0.5'), { maxKeys: 3 });
const container = fc.record({ name: fc.constant('c'), resources: fc.option(fc.record({ requests: fc.option(list, { nil: undefined }) }), { nil: undefined }) }) as fc.Arbitrary<Container>;

describe('requestsExtendedResources', () => {
  it('answers as the summed requests do, whichever resources the containers and the overhead name', () => {
    fc.assert(fc.property(fc.array(container, { maxLength: 3 }), fc.array(container, { maxLength: 2 }), fc.option(list, { nil: undefined }), (containers, initContainers, overhead) => {
      const pod: Pod = { spec: { containers, initContainers, ...(overhead ? { overhead } : {}) } };
      expect(requestsExtendedResources(pod)).toBe(sumRequestsExtended(pod));
    }), { numRuns: 500 });
  });
});
