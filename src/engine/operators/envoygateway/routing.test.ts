// Matching precedence and hostname intersection, with the Gateway API's own examples: the conformance tests
// HTTPRouteMatching and HTTPRouteMethodMatching (routes and expected backends), the precedence list of
// HTTPRouteRule, and the hostname examples of Listener.Hostname and HTTPRoute.Hostnames.
import { describe, expect, it } from 'vitest';
import { intersectHostnames, virtualHostFor } from './hostnames.ts';
import { prefixMatches, selectRule } from './matching.ts';
import { modifyPath } from './dataplane.ts';
import type { HTTPRoute, HTTPRouteRule } from './types.ts';

const route = (name: string, rules: (HTTPRouteRule & { to: string })[], created = '2026-01-01T00:00:00Z', namespace = 'gateway-conformance-infra'): HTTPRoute => ({
  apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name, namespace, creationTimestamp: created },
  spec: { rules: rules.map(({ to, ...r }) => ({ ...r, backendRefs: [{ name: to, port: 8080 }] })) },
});
const backend = (routes: HTTPRoute[], path: string, headers: Record<string, string> = {}, method?: string) => {
  const c = selectRule(routes, { path, headers, method });
  return c ? `${c.route.metadata.name}:${c.route.spec.rules![c.rule].backendRefs![0].name}` : '404';
};

describe('HTTPRouteMatching (conformance): longest prefix, then most header matches', () => {
  const matching = route('matching', [
    { matches: [{ path: { type: 'PathPrefix', value: '/' } }, { headers: [{ name: 'version', value: 'one' }] }], to: 'infra-backend-v1' },
    { matches: [{ path: { type: 'PathPrefix', value: '/v2' } }, { headers: [{ name: 'version', value: 'two' }] }], to: 'infra-backend-v2' },
  ]);
  it.each([
    ['/', {}, 'matching:infra-backend-v1'],
    ['/example', {}, 'matching:infra-backend-v1'],
    ['/', { version: 'one' }, 'matching:infra-backend-v1'],
    ['/v2', {}, 'matching:infra-backend-v2'],
    ['/v2/example', {}, 'matching:infra-backend-v2'],
    ['/', { version: 'two' }, 'matching:infra-backend-v2'],
    ['/v2example', {}, 'matching:infra-backend-v1'],
  ])('%s %j → %s', (path, headers, want) => expect(backend([matching], path, headers)).toBe(want));
});

describe('HTTPRouteMethodMatching (conformance): a method outranks no method; path and headers before method', () => {
  const methods = route('method-matching', [
    { matches: [{ method: 'POST' }], to: 'infra-backend-v1' },
    { matches: [{ method: 'GET' }], to: 'infra-backend-v2' },
    { matches: [{ path: { type: 'PathPrefix', value: '/path1' }, method: 'GET' }], to: 'infra-backend-v1' },
    { matches: [{ headers: [{ name: 'version', value: 'one' }], method: 'PUT' }], to: 'infra-backend-v2' },
  ]);
  it.each([
    ['POST', '/', {}, 'method-matching:infra-backend-v1'],
    ['GET', '/', {}, 'method-matching:infra-backend-v2'],
    ['GET', '/path1', {}, 'method-matching:infra-backend-v1'],
    ['PUT', '/', { version: 'one' }, 'method-matching:infra-backend-v2'],
    ['PUT', '/', {}, '404'],
  ])('%s %s %j → %s', (method, path, headers, want) => expect(backend([methods], path, headers, method)).toBe(want));
});

describe('precedence across rules and routes (HTTPRouteRule)', () => {
  const older = route('b-older', [
    { matches: [{ path: { type: 'PathPrefix', value: '/' } }], to: 'older-root' },
    { matches: [{ path: { type: 'PathPrefix', value: '/api' } }], to: 'older-api' },
  ], '2026-01-01T00:00:00Z');
  const newer = route('a-newer', [
    { matches: [{ path: { type: 'Exact', value: '/api' } }], to: 'newer-exact' },
    { matches: [{ path: { type: 'PathPrefix', value: '/api' } }], to: 'newer-api' },
    { matches: [{ path: { type: 'PathPrefix', value: '/api' }, headers: [{ name: 'env', value: 'canary' }] }], to: 'newer-canary' },
    { matches: [{ path: { type: 'PathPrefix', value: '/api' }, queryParams: [{ name: 'debug', value: '1' }] }], to: 'newer-debug' },
    { matches: [{ path: { type: 'PathPrefix', value: '/api/v2/' } }], to: 'newer-v2' },
  ], '2026-01-01T00:00:05Z');
  it.each([
    ['/api', {}, 'a-newer:newer-exact', 'an Exact path before any prefix, whatever the route age'],
    ['/api/users', {}, 'b-older:older-api', 'equal prefixes: the oldest route'],
    ['/api/users', { env: 'canary' }, 'a-newer:newer-canary', 'a header match outranks the older route'],
    ['/api/users?debug=1', {}, 'a-newer:newer-debug', 'a query match outranks the older route'],
    ['/api/v2', {}, 'a-newer:newer-v2', 'the longest prefix ("/api/v2/" is "/api/v2")'],
    ['/other', {}, 'b-older:older-root', 'only "/" matches'],
  ])('%s %j → %s (%s)', (path, headers, want, _why) => expect(backend([newer, older], path, headers)).toBe(want));

  it('same age: the first by namespace/name', () => {
    const x = route('x', [{ to: 'x' }], '2026-01-01T00:00:00Z', 'ns');
    const y = route('y', [{ to: 'y' }], '2026-01-01T00:00:00Z', 'ns');
    expect(backend([y, x], '/')).toBe('x:x');
  });
});

describe('PathPrefix matches whole path elements', () => {
  it.each([
    ['/abc', '/abc', true], ['/abc', '/abc/', true], ['/abc', '/abc/d', true], ['/abc', '/abcd', false],
    ['/abc/', '/abc', true], ['/', '/anything', true],
  ])('%s ~ %s: %s', (prefix, path, want) => expect(prefixMatches(prefix, path)).toBe(want));
});

describe('hostname intersection (Listener.Hostname, HTTPRoute.Hostnames)', () => {
  it.each<[string | undefined, string[] | undefined, string[]]>([
    ['test.example.com', ['test.example.com'], ['test.example.com']],
    ['test.example.com', ['*.example.com'], ['test.example.com']],
    ['*.example.com', ['test.example.com'], ['test.example.com']],
    ['*.example.com', ['foo.test.example.com'], ['foo.test.example.com']],
    ['*.example.com', ['*.example.com'], ['*.example.com']],
    ['*.example.com', ['*.foo.example.com'], ['*.foo.example.com']],
    ['*.example.com', ['example.com'], []],
    ['test.example.com', ['*.test.example.com'], []],
    ['very.specific.com', ['non.matching.com', '*.nonmatchingwildcard.io'], []],
    ['*.wildcard.io', ['bar.wildcard.io', 'foo.bar.wildcard.io', 'other.io'], ['bar.wildcard.io', 'foo.bar.wildcard.io']],
    [undefined, ['a.example.com'], ['a.example.com']],
    ['a.example.com', undefined, ['a.example.com']],
    [undefined, [], ['*']],
  ])('listener %s, route %j → %j', (listener, routeHosts, want) => expect(intersectHostnames(listener, routeHosts)).toEqual(want));

  it.each([
    [['foo.example.com', '*.example.com', '*'], 'foo.example.com', 'foo.example.com'],
    [['foo.example.com', '*.example.com', '*'], 'bar.example.com', '*.example.com'],
    [['foo.example.com', '*.example.com', '*'], 'example.com', '*'],
    [['*.example.com', '*.bar.example.com'], 'a.bar.example.com', '*.bar.example.com'],
    [['foo.example.com'], 'bar.example.com', undefined],
  ])('virtual host among %j for %s: %s', (names, host, want) => expect(virtualHostFor(names, host)).toBe(want));
});

describe('path modifiers (HTTPPathModifier)', () => {
  it.each([
    [{ type: 'ReplacePrefixMatch' as const, replacePrefixMatch: '/' }, '/v2/users', '/v2', '/users'],
    [{ type: 'ReplacePrefixMatch' as const, replacePrefixMatch: '/' }, '/v2', '/v2', '/'],
    [{ type: 'ReplacePrefixMatch' as const, replacePrefixMatch: '/new' }, '/old/x?y=1', '/old', '/new/x?y=1'],
    [{ type: 'ReplaceFullPath' as const, replaceFullPath: '/one' }, '/any/thing', '/', '/one'],
  ])('%j on %s (matched %s) → %s', (mod, path, prefix, want) => expect(modifyPath(mod, path, prefix)).toBe(want));
});
