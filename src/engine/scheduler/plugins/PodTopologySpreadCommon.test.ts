// The default constraints a ConstraintSource keeps per pod labels object must always be those deduced anew,
// whatever Services and controllers came, changed or went in between.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { ConstraintSource, defaultSelector, filterConstraints, SYSTEM_DEFAULT_CONSTRAINTS, type SpreadConstraint } from './PodTopologySpreadCommon.ts';
import { reader } from './PodTopologySpread.fixtures.ts';

type Obj = { kind: string; metadata: { name: string; namespace: string }; spec?: unknown };

/** Stored objects are frozen, and the pods of one template share their labels and owner references. */
const LABELS = [Object.freeze({ app: 'web', tier: 'x' }), Object.freeze({ app: 'db' })];
const OWNERS = [
  Object.freeze([Object.freeze({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u1', controller: true })]),
  Object.freeze([Object.freeze({ apiVersion: 'v1', kind: 'ReplicationController', name: 'rc', uid: 'u2', controller: true })]),
];
const SELECTORS = [{ app: 'web' }, { tier: 'x' }, { app: 'db' }, undefined];
const NAMESPACES = ['default', 'other'];

type Op =
  | { op: 'service'; name: number; namespace: number; selector: number }
  | { op: 'removeService'; name: number }
  | { op: 'controller'; kind: number; namespace: number; selector: number }
  | { op: 'removeController'; kind: number }
  | { op: 'ask'; labels: number; owner: number; namespace: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('service' as const), name: fc.nat(1), namespace: fc.nat(1), selector: fc.nat(3) }),
  fc.record({ op: fc.constant('removeService' as const), name: fc.nat(1) }),
  { arbitrary: fc.record({ op: fc.constant('controller' as const), kind: fc.nat(1), namespace: fc.nat(1), selector: fc.nat(3) }), weight: 2 },
  fc.record({ op: fc.constant('removeController' as const), kind: fc.nat(1) }),
  { arbitrary: fc.record({ op: fc.constant('ask' as const), labels: fc.nat(1), owner: fc.nat(2), namespace: fc.nat(1) }), weight: 4 },
);

const printed = (cs: readonly SpreadConstraint[]) => cs.map((c) => ({ ...c, selector: c.selector.toString() }));

function put(objects: Obj[], obj: Obj): void {
  const at = objects.findIndex((o) => o.kind === obj.kind && o.metadata.name === obj.metadata.name);
  if (at >= 0) objects[at] = obj;
  else objects.push(obj);
}

function podOf(labels: number, owner: number, namespace: number): Pod {
  return { metadata: { name: 'p', namespace: NAMESPACES[namespace], labels: LABELS[labels], ...(owner < OWNERS.length ? { ownerReferences: OWNERS[owner] } : {}) } } as Pod;
}

describe('ConstraintSource', () => {
  it('property: the kept default constraints equal those deduced anew after any changes to Services and controllers', () => {
    fc.assert(fc.property(fc.array(opArb, { minLength: 1, maxLength: 30 }), (ops) => {
      const objects: Obj[] = [];
      const objs = reader(objects);
      const source = new ConstraintSource(SYSTEM_DEFAULT_CONSTRAINTS, true, objs);
      for (const o of ops) {
        // Each write stores a new frozen object, as the API server does.
        if (o.op === 'service') {
          const selector = SELECTORS[o.selector];
          put(objects, Object.freeze({ kind: 'Service', metadata: { name: `s${o.name}`, namespace: NAMESPACES[o.namespace] }, spec: Object.freeze({ selector: selector && Object.freeze({ ...selector }) }) }));
        } else if (o.op === 'removeService') {
          const at = objects.findIndex((x) => x.kind === 'Service' && x.metadata.name === `s${o.name}`);
          if (at >= 0) objects.splice(at, 1);
        } else if (o.op === 'controller') {
          const selector = SELECTORS[o.selector] && Object.freeze({ ...SELECTORS[o.selector] });
          const rs = o.kind === 0;
          put(objects, Object.freeze({ kind: rs ? 'ReplicaSet' : 'ReplicationController', metadata: { name: rs ? 'rs' : 'rc', namespace: NAMESPACES[o.namespace] }, spec: Object.freeze({ selector: rs && selector ? Object.freeze({ matchLabels: selector }) : selector }) }));
        } else if (o.op === 'removeController') {
          const at = objects.findIndex((x) => x.kind === (o.kind === 0 ? 'ReplicaSet' : 'ReplicationController'));
          if (at >= 0) objects.splice(at, 1);
        } else {
          const pod = podOf(o.labels, o.owner, o.namespace);
          const selector = defaultSelector(pod, objs);
          const want = selector.empty() ? [] : filterConstraints(SYSTEM_DEFAULT_CONSTRAINTS, pod.metadata!.labels!, 'ScheduleAnyway').map((c) => ({ ...c, selector }));
          expect(printed(source.constraints(pod, 'ScheduleAnyway'))).toEqual(printed(want));
        }
      }
    }), { numRuns: 1000 });
  });

  it('the pods of one template get the same constraints while nothing they were deduced from changes', () => {
    const objects: Obj[] = [Object.freeze({ kind: 'ReplicaSet', metadata: { name: 'rs', namespace: 'default' }, spec: Object.freeze({ selector: Object.freeze({ matchLabels: { app: 'web' } }) }) })];
    const source = new ConstraintSource(SYSTEM_DEFAULT_CONSTRAINTS, true, reader(objects));
    const first = source.constraints(podOf(0, 0, 0), 'ScheduleAnyway');
    expect(first.map((c) => c.selector.toString())).toEqual(['app=web', 'app=web']);
    expect(source.constraints(podOf(0, 0, 0), 'ScheduleAnyway')).toBe(first);
    // A Service that selects the pods: a new selector.
    objects.push(Object.freeze({ kind: 'Service', metadata: { name: 's', namespace: 'default' }, spec: Object.freeze({ selector: Object.freeze({ tier: 'x' }) }) }));
    expect(source.constraints(podOf(0, 0, 0), 'ScheduleAnyway').map((c) => c.selector.toString())).toEqual(['app=web,tier=x', 'app=web,tier=x']);
  });
});

describe('defaultSelector: the selecting controllers', () => {
  it.each([
    ['v1', 'ReplicationController', true], ['apps/v1', 'ReplicaSet', true], ['apps/v1', 'StatefulSet', true],
    ['apps/v1', 'DaemonSet', false], ['apps/v1', 'ReplicationController', false], ['v1', 'ReplicaSet', false], ['batch/v1', 'Job', false], ['extensions/v1beta1', 'ReplicaSet', false],
  ])('an owner %s %s selects: %s', (apiVersion, kind, selects) => {
    const owner = { kind, metadata: { name: 'o', namespace: 'default' }, spec: { selector: kind === 'ReplicationController' ? { app: 'web' } : { matchLabels: { app: 'web' } } } };
    const pod: Pod = { metadata: { namespace: 'default', labels: { app: 'web' }, ownerReferences: [{ apiVersion, kind, name: 'o', uid: 'u', controller: true }] } };
    expect(defaultSelector(pod, reader([owner])).toString()).toBe(selects ? 'app=web' : '');
  });
});
