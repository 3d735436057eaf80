import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EphemeralContainer, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { SimClock } from '../../../sim/clock.ts';
import { SeededRng } from '../../../sim/rng.ts';
import { StatusError } from '../../errors.ts';
import { Store } from '../../store.ts';

const NOT_FOR_EPHEMERAL = 'Forbidden: cannot be set for an Ephemeral Container';

function storeWithPod(meta: Record<string, unknown> = {}): Store {
  const store = new Store(new SimClock(), new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  store.create({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', ...meta },
    spec: { initContainers: [{ name: 'init', image: 'busybox' }], containers: [{ name: 'app', image: 'nginx:1.27' }] },
  } as KubeObject);
  return store;
}

const ec = (extra: Record<string, unknown> = {}): EphemeralContainer => ({ name: 'debugger', image: 'busybox', ...extra } as EphemeralContainer);

/** The field errors of a write, as `field: message` lines (none when it went through). */
function errorsOf(write: () => unknown): string[] {
  try {
    write();
    return [];
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    return (e.status.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);
  }
}

const setEphemeral = (store: Store, list: EphemeralContainer[]) =>
  store.patch('Pod', 'default', 'web', { spec: { ephemeralContainers: list } }, { subresource: 'ephemeralcontainers' });

describe('pods/ephemeralcontainers validation (validateEphemeralContainers)', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['a plain debugging container', {}, []],
    ['an empty resources block (a zero struct)', { resources: {} }, []],
    ['ports', { ports: [{ containerPort: 80 }] }, [`spec.ephemeralContainers[0].ports: ${NOT_FOR_EPHEMERAL}`]],
    ['resources', { resources: { limits: { cpu: '1' } } }, [`spec.ephemeralContainers[0].resources: ${NOT_FOR_EPHEMERAL}`]],
    ['probes and lifecycle, in the struct\'s field order', {
      lifecycle: { preStop: { exec: { command: ['true'] } } }, readinessProbe: { exec: { command: ['true'] } }, livenessProbe: { exec: { command: ['true'] } },
    }, [`spec.ephemeralContainers[0].livenessProbe: ${NOT_FOR_EPHEMERAL}`, `spec.ephemeralContainers[0].readinessProbe: ${NOT_FOR_EPHEMERAL}`, `spec.ephemeralContainers[0].lifecycle: ${NOT_FOR_EPHEMERAL}`]],
    ['a restart policy', { restartPolicy: 'Always' }, [`spec.ephemeralContainers[0].restartPolicy: ${NOT_FOR_EPHEMERAL}`]],
    ['the name of an app container', { name: 'app' }, ['spec.ephemeralContainers[0].name: Duplicate value: "app"']],
    ['the name of an init container', { name: 'init' }, ['spec.ephemeralContainers[0].name: Duplicate value: "init"']],
    ['a target that is an app container', { targetContainerName: 'app' }, []],
    ['a target that is not in the pod', { targetContainerName: 'nope' }, ['spec.ephemeralContainers[0].targetContainerName: Not found: "nope"']],
    ['no image', { image: undefined }, ['spec.ephemeralContainers[0].image: Required value']],
    ['an upper-case name', { name: 'Dbg' }, [expect.stringMatching(/^spec\.ephemeralContainers\[0\]\.name: Invalid value: "Dbg": a lowercase RFC 1123 label/) as unknown as string]],
  ])('%s', (_, extra, want) => {
    const store = storeWithPod();
    expect(errorsOf(() => setEphemeral(store, [ec(extra)]))).toEqual(want);
  });

  it('refuses a second ephemeral container with the first one\'s name, and one targeting an ephemeral container', () => {
    const store = storeWithPod();
    setEphemeral(store, [ec()]);
    // The update check indexes the new list by name, so the later one stands for "debugger" there: changed.
    expect(errorsOf(() => setEphemeral(store, [ec(), ec({ image: 'alpine' })]))).toEqual([
      'spec.ephemeralContainers[1].name: Duplicate value: "debugger"',
      'spec.ephemeralContainers: Forbidden: existing ephemeral containers "debugger" may not be changed\n',
    ]);
    expect(errorsOf(() => setEphemeral(store, [ec(), ec({ name: 'two', targetContainerName: 'debugger' })]))).toEqual(['spec.ephemeralContainers[1].targetContainerName: Not found: "debugger"']);
  });

  it('says the Pod is invalid as the API server does', () => {
    const store = storeWithPod();
    try {
      setEphemeral(store, [ec({ ports: [{ containerPort: 80 }] })]);
      expect.unreachable();
    } catch (e) {
      expect((e as StatusError).message).toBe(`Pod "web" is invalid: spec.ephemeralContainers[0].ports: ${NOT_FOR_EPHEMERAL}`);
    }
  });

  it('takes only spec.ephemeralContainers from the request: other changes are dropped', () => {
    const store = storeWithPod();
    store.patch('Pod', 'default', 'web', { metadata: { labels: { x: 'y' } }, spec: { activeDeadlineSeconds: 5, ephemeralContainers: [ec()] } }, { subresource: 'ephemeralcontainers' });
    const pod = store.get<Pod & KubeObject>('Pod', 'default', 'web');
    expect(pod.metadata.labels).toBeUndefined();
    expect(pod.spec?.activeDeadlineSeconds).toBeUndefined();
    // Defaulted as any container.
    expect(pod.spec?.ephemeralContainers).toEqual([{ name: 'debugger', image: 'busybox', imagePullPolicy: 'Always', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', resources: {} }]);
  });

  it('a static pod takes none', () => {
    const store = storeWithPod({ annotations: { 'kubernetes.io/config.mirror': 'abc' } });
    expect(errorsOf(() => setEphemeral(store, [ec()]))).toEqual([': Forbidden: static pods do not support ephemeral containers']);
  });

  it('a pod update (not the subresource) may not change them', () => {
    const store = storeWithPod();
    const pod = store.get<Pod & KubeObject>('Pod', 'default', 'web');
    const errs = errorsOf(() => store.update({ ...pod, spec: { ...pod.spec!, ephemeralContainers: [ec({ imagePullPolicy: 'Always', terminationMessagePolicy: 'File' })] } } as KubeObject));
    expect(errs).toEqual(['spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)']);
  });
});

describe('ValidatePodEphemeralContainersUpdate: only additions', () => {
  it.each<[string, EphemeralContainer[], string[]]>([
    ['removing one', [], ['spec.ephemeralContainers: Forbidden: existing ephemeral containers "debugger" may not be removed\n']],
    ['changing its image', [ec({ image: 'alpine' })], ['spec.ephemeralContainers: Forbidden: existing ephemeral containers "debugger" may not be changed\n']],
    ['keeping it and adding another', [ec(), ec({ name: 'two' })], []],
    ['listing them in another order', [ec({ name: 'two' }), ec()], []],
  ])('%s', (_, next, want) => {
    const store = storeWithPod();
    // Stored as defaulted: the later requests send the stored form, as a client's read-modify-write does.
    setEphemeral(store, [ec()]);
    const stored = store.get<Pod & KubeObject>('Pod', 'default', 'web').spec!.ephemeralContainers!;
    const asStored = (c: EphemeralContainer) => (c.name === 'debugger' && c.image === 'busybox' ? stored[0] : c);
    expect(errorsOf(() => setEphemeral(store, next.map(asStored)))).toEqual(want);
  });

  it('property: any write that drops or changes an existing one is refused and leaves the pod as it was', () => {
    const names = ['a', 'b', 'c', 'd'];
    const container = fc.record({ name: fc.constantFrom(...names), image: fc.constantFrom('busybox', 'alpine') });
    const op = fc.array(container, { maxLength: 4 });
    fc.assert(fc.property(fc.array(op, { minLength: 1, maxLength: 6 }), (writes) => {
      const store = storeWithPod();
      for (const list of writes) {
        const before = store.get<Pod & KubeObject>('Pod', 'default', 'web');
        const prev = before.spec?.ephemeralContainers ?? [];
        const unique = new Set(list.map((c) => c.name)).size === list.length;
        const keepsAll = prev.every((p) => list.some((c) => c.name === p.name && c.image === p.image));
        const errs = errorsOf(() => setEphemeral(store, list as EphemeralContainer[]));
        const after = store.get<Pod & KubeObject>('Pod', 'default', 'web');
        if (unique && keepsAll) {
          expect(errs).toEqual([]);
          expect(after.spec?.ephemeralContainers?.map((c) => c.name).sort() ?? []).toEqual(list.map((c) => c.name).sort());
        } else {
          expect(errs.length).toBeGreaterThan(0);
          expect(after).toBe(before);
        }
      }
    }), { numRuns: 200 });
  });
});
