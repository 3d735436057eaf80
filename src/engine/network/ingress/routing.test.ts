import { describe, expect, it } from 'vitest';
import type { Ingress } from 'kubernetes-types/networking/v1';
import { matchIngress } from './routing.ts';

const be = (name: string) => ({ service: { name, port: { number: 80 } } });
const ing: Ingress = {
  metadata: { name: 'shop', namespace: 'default' },
  spec: {
    defaultBackend: be('fallback'),
    rules: [
      { host: 'shop.example.com', http: { paths: [
        { path: '/', pathType: 'Prefix', backend: be('web') },
        { path: '/api', pathType: 'Prefix', backend: be('api') },
        { path: '/api/v2', pathType: 'Exact', backend: be('v2') },
      ] } },
      { host: '*.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: be('wild') }] } },
    ],
  },
};

describe('Ingress matching', () => {
  it.each([
    ['shop.example.com', '/', 'web'],
    ['shop.example.com', '/api', 'api'],
    ['shop.example.com', '/api/users', 'api'],
    ['shop.example.com', '/apiary', 'web'],
    ['shop.example.com', '/api/v2', 'v2'],
    ['shop.example.com', '/api/v2/x', 'api'],
    ['blog.example.com', '/x', 'wild'],
    ['a.b.example.com', '/x', 'fallback'],
    ['other.org', '/', 'fallback'],
  ])('%s%s → %s', (host, path, want) => expect(matchIngress([ing], host, path)?.backend.service?.name).toBe(want));

  it('no rule and no default backend: nothing', () => {
    expect(matchIngress([{ ...ing, spec: { rules: ing.spec!.rules!.slice(0, 1) } }], 'other.org', '/')).toBeUndefined();
  });
});
