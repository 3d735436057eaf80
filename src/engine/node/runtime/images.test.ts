import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseImage } from './images.ts';

describe('parseImage', () => {
  it.each([
    ['nginx:1.27', { repository: 'nginx', tag: '1.27', name: 'nginx:1.27' }],
    ['registry.k8s.io/pause:3.10', { repository: 'registry.k8s.io/pause', tag: '3.10', name: 'registry.k8s.io/pause:3.10' }],
    ['localhost:5000/app', { repository: 'localhost:5000/app', tag: 'latest', name: 'localhost:5000/app:latest' }],
    ['img@sha256:abc', { repository: 'img', tag: 'sha256:abc', name: 'img@sha256:abc' }],
  ])('splits %s', (image, ref) => {
    expect(parseImage(image)).toEqual(ref);
  });

  it('property: each image gets its own parts however often and in whatever order images are asked for (memo)', () => {
    const image = fc.tuple(fc.constantFrom('nginx', 'busybox', 'localhost:5000/app', 'registry.k8s.io/pause'), fc.constantFrom('', ':1.27', ':latest', '@sha256:ab'))
      .map(([repo, suffix]) => repo + suffix);
    fc.assert(fc.property(fc.array(image, { maxLength: 20 }), (asked) => {
      for (const img of asked) {
        const ref = parseImage(img);
        expect(ref.name).toBe(img.includes(':') && img.lastIndexOf(':') > img.lastIndexOf('/') || img.includes('@') ? img : `${img}:latest`);
        expect(`${ref.repository}${img.includes('@') ? '@' : ':'}${ref.tag}`).toBe(ref.name);
      }
    }));
  });
});
