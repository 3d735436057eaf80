import fc from 'fast-check';
import type { ContainerImage } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { endsWithImage } from './kubelet.ts';

describe("the kubelet's record of a pulled image", () => {
  it('property: endsWithImage only when the list recordImage would write is the same JSON as the one it has', () => {
    const name = fc.constantFrom('docker.io/library/nginx:1.27', 'docker.io/library/redis:7', 'x');
    const entry: fc.Arbitrary<ContainerImage> = fc.oneof(
      fc.record({ names: fc.tuple(fc.constantFrom('sha256:a', 'sha256:b'), name).map((t) => [...t]), sizeBytes: fc.constantFrom(1, 2) }),
      fc.record({ sizeBytes: fc.constantFrom(1, 2), names: fc.array(name, { maxLength: 2 }) }),
      fc.record({ names: fc.array(name, { maxLength: 3 }) }, { requiredKeys: [] }),
    );
    fc.assert(fc.property(fc.array(entry, { maxLength: 4 }), fc.constantFrom('sha256:a', 'sha256:b'), name, fc.constantFrom(1, 2), (images, digest, n, size) => {
      const written = [...images.filter((i) => !i.names?.includes(n)), { names: [digest, n], sizeBytes: size }];
      expect(endsWithImage(images, digest, n, size)).toBe(JSON.stringify(written) === JSON.stringify(images));
    }), { numRuns: 3000 });
  });
});
