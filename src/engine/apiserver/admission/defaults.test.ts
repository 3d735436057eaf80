import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { KubeObject } from '../../api/object.ts';
import { applyDefaults } from './defaults.ts';
import { isObj, objects } from './defaults/objects.ts';
import { deployment, pod } from './testing.ts';

function defaulted<T extends KubeObject>(obj: T, old?: KubeObject): T {
  const o = structuredClone(obj);
  applyDefaults(o, old);
  return o;
}

describe('Deployment defaults', () => {
  it('fills a minimal Deployment exactly as `kubectl get deploy -o yaml` shows it from a v1.30 cluster', () => {
    const d = defaulted({
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
      },
    });
    // What the API server returns (minus metadata the store sets, and the template's serialized
    // `creationTimestamp: null`, which is an artifact of Go's encoding rather than a default).
    expect(d.spec).toEqual({
      progressDeadlineSeconds: 600,
      replicas: 1,
      revisionHistoryLimit: 10,
      selector: { matchLabels: { app: 'web' } },
      strategy: { rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' }, type: 'RollingUpdate' },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [{
            image: 'nginx', imagePullPolicy: 'Always', name: 'nginx', resources: {},
            terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File',
          }],
          dnsPolicy: 'ClusterFirst',
          restartPolicy: 'Always',
          schedulerName: 'default-scheduler',
          securityContext: {},
          terminationGracePeriodSeconds: 30,
        },
      },
    });
    expect(d.metadata).toEqual({ name: 'web', namespace: 'default', labels: { app: 'web' } });
  });

  it.each([
    ['replicas', { replicas: 3 }, (s: Record<string, unknown>) => s.replicas, 3],
    ['replicas 0', { replicas: 0 }, (s: Record<string, unknown>) => s.replicas, 0],
    ['revisionHistoryLimit 0', { revisionHistoryLimit: 0 }, (s: Record<string, unknown>) => s.revisionHistoryLimit, 0],
    ['maxSurge kept, maxUnavailable defaulted', { strategy: { rollingUpdate: { maxSurge: 1 } } }, (s: Record<string, unknown>) => s.strategy, { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: '25%' } }],
    ['Recreate gets no rollingUpdate', { strategy: { type: 'Recreate' } }, (s: Record<string, unknown>) => s.strategy, { type: 'Recreate' }],
  ])('keeps what is set: %s', (_name, overrides, pick, want) => {
    expect(pick(defaulted(deployment(overrides)).spec as Record<string, unknown>)).toEqual(want);
  });

  it('does not give template containers requests from limits, nor Pod-only fields', () => {
    const d = defaulted(deployment({}, { containers: [{ name: 'web', image: 'nginx:1.25', resources: { limits: { cpu: '1' } } }] }));
    const spec = (d.spec as { template: { spec: Record<string, unknown> } }).template.spec;
    expect((spec.containers as { resources: unknown }[])[0].resources).toEqual({ limits: { cpu: '1' } });
    for (const f of ['enableServiceLinks', 'priority', 'preemptionPolicy', 'serviceAccountName', 'tolerations']) expect(spec[f]).toBeUndefined();
  });

  it('defaults a ReplicaSet: replicas 1 and the template', () => {
    const rs = defaulted({ ...deployment(), kind: 'ReplicaSet' });
    const spec = rs.spec as Record<string, unknown>;
    expect(spec.replicas).toBe(1);
    expect(spec.strategy).toBeUndefined();
    expect((spec.template as { spec: Record<string, unknown> }).spec.restartPolicy).toBe('Always');
  });
});

describe('Pod defaults', () => {
  it('fills a minimal Pod as `kubectl run nginx --image=nginx` shows it (less the admission plugins\' fields)', () => {
    const p = defaulted({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nginx', namespace: 'default' }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } });
    expect(p.spec).toEqual({
      containers: [{
        image: 'nginx', imagePullPolicy: 'Always', name: 'nginx', resources: {},
        terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File',
      }],
      dnsPolicy: 'ClusterFirst',
      enableServiceLinks: true,
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: {},
      terminationGracePeriodSeconds: 30,
      tolerations: [
        { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 },
        { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 },
      ],
    });
  });

  const pullPolicies: [string, string][] = [
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['nginx:1.25', 'IfNotPresent'],
    ['docker.io/library/nginx', 'Always'],
    ['localhost:5000/team/app', 'Always'],
    ['localhost:5000/team/app:v2', 'IfNotPresent'],
    ['registry.k8s.io/pause:3.9', 'IfNotPresent'],
    [`nginx@sha256:${'a'.repeat(64)}`, 'IfNotPresent'],
    [`nginx:latest@sha256:${'a'.repeat(64)}`, 'Always'],
    ['Nginx', 'IfNotPresent'], // not a valid reference: ParseImageName fails, no tag
    ['', 'IfNotPresent'],
  ];
  const pullPolicy = (image: string) => (defaulted(pod({ containers: [{ name: 'c', image }] })).spec as { containers: { imagePullPolicy: string }[] }).containers[0].imagePullPolicy;
  it.each(pullPolicies)('image %j gets imagePullPolicy %s', (image, want) => {
    expect(pullPolicy(image)).toBe(want);
  });

  it('property: the imagePullPolicy of each image, in runs and any order (the last image\'s tag is remembered)', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...pullPolicies), { maxLength: 12 }), (seq) => {
      for (const [image, want] of seq) expect(pullPolicy(image)).toBe(want);
    }));
  });

  it('keeps an explicit imagePullPolicy', () => {
    const p = defaulted(pod({ containers: [{ name: 'c', image: 'nginx', imagePullPolicy: 'Never' }] }));
    expect((p.spec as { containers: { imagePullPolicy: string }[] }).containers[0].imagePullPolicy).toBe('Never');
  });

  it('defaults requests to limits for each resource given only a limit (SetDefaults_Pod), init containers too', () => {
    const p = defaulted(pod({
      containers: [{ name: 'c', image: 'nginx', resources: { limits: { cpu: '500m', memory: '1Gi' }, requests: { cpu: '100m' } } }],
      initContainers: [{ name: 'i', image: 'busybox', resources: { limits: { 'nvidia.com/gpu': 1 } } }],
    }));
    const spec = p.spec as { containers: { resources: unknown }[]; initContainers: { resources: unknown }[] };
    expect(spec.containers[0].resources).toEqual({ limits: { cpu: '500m', memory: '1Gi' }, requests: { cpu: '100m', memory: '1Gi' } });
    expect(spec.initContainers[0].resources).toEqual({ limits: { 'nvidia.com/gpu': 1 }, requests: { 'nvidia.com/gpu': 1 } });
  });

  it('defaults ports, probes, env field refs and volumes', () => {
    const p = defaulted(pod({
      containers: [{
        name: 'c', image: 'nginx',
        ports: [{ containerPort: 80 }, { containerPort: 53, protocol: 'UDP' }],
        livenessProbe: { httpGet: { port: 80 } },
        readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: 5 },
        env: [{ name: 'NODE', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }],
      }],
      volumes: [{ name: 'scratch' }, { name: 'cfg', configMap: { name: 'app' } }, { name: 's', secret: { secretName: 's', defaultMode: 256 } }],
    }));
    const spec = p.spec as { containers: Record<string, unknown>[]; volumes: unknown[] };
    const c = spec.containers[0];
    expect(c.ports).toEqual([{ containerPort: 80, protocol: 'TCP' }, { containerPort: 53, protocol: 'UDP' }]);
    expect(c.livenessProbe).toEqual({ httpGet: { port: 80, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
    expect(c.readinessProbe).toEqual({ tcpSocket: { port: 80 }, timeoutSeconds: 1, periodSeconds: 5, successThreshold: 1, failureThreshold: 3 });
    expect(c.env).toEqual([{ name: 'NODE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }]);
    expect(spec.volumes).toEqual([
      { name: 'scratch', emptyDir: {} },
      { name: 'cfg', configMap: { name: 'app', defaultMode: 420 } },
      { name: 's', secret: { secretName: 's', defaultMode: 256 } },
    ]);
  });

  it('with hostNetwork, container ports become host ports (Pods only)', () => {
    const p = defaulted(pod({ hostNetwork: true, containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 8080 }] }] }));
    expect((p.spec as { containers: { ports: unknown[] }[] }).containers[0].ports).toEqual([{ containerPort: 8080, hostPort: 8080, protocol: 'TCP' }]);
    const d = defaulted(deployment({}, { hostNetwork: true, containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 8080 }] }] }));
    const tpl = (d.spec as { template: { spec: { containers: { ports: unknown[] }[] } } }).template.spec;
    expect(tpl.containers[0].ports).toEqual([{ containerPort: 8080, protocol: 'TCP' }]);
  });

  it.each([
    ['a toleration of everything', [{ operator: 'Exists' }], 1],
    ['a not-ready NoExecute toleration', [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }], 2],
    ['a key with no effect', [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists' }], 2],
    ['an unrelated toleration', [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }], 3],
  ])('DefaultTolerationSeconds only adds what is missing: %s', (_n, tolerations, count) => {
    const p = defaulted(pod({ tolerations }));
    expect((p.spec as { tolerations: unknown[] }).tolerations).toHaveLength(count);
  });

  it('converts the deprecated serviceAccount field both ways', () => {
    const a = defaulted(pod({ serviceAccountName: 'builder' })).spec as Record<string, unknown>;
    expect([a.serviceAccountName, a.serviceAccount]).toEqual(['builder', 'builder']);
    const b = defaulted(pod({ serviceAccount: 'legacy' })).spec as Record<string, unknown>;
    expect([b.serviceAccountName, b.serviceAccount]).toEqual(['legacy', 'legacy']);
  });

  it('is idempotent', () => {
    const once = defaulted(pod({ containers: [{ name: 'c', image: 'nginx', resources: { limits: { cpu: '1' } } }] }));
    expect(defaulted(once)).toEqual(once);
    const d = defaulted(deployment());
    expect(defaulted(d)).toEqual(d);
  });
});

describe('other kinds', () => {
  it('Namespace: the name label, the kubernetes finalizer and phase Active', () => {
    const ns = defaulted<KubeObject>({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } });
    expect(ns.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'team-a' });
    expect(ns.spec).toEqual({ finalizers: ['kubernetes'] });
    expect(ns.status).toEqual({ phase: 'Active' });
  });

  it('Namespace update leaves spec.finalizers as sent (the namespace controller empties them)', () => {
    const old = defaulted({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'a' } });
    const next = defaulted({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'a' }, spec: { finalizers: [] } }, old);
    expect(next.spec).toEqual({ finalizers: [] });
  });

  it('Node: allocatable defaults to capacity', () => {
    const n = defaulted({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'w1' }, status: { capacity: { cpu: '8', memory: '32Gi', pods: '110' } } });
    expect(n.status).toEqual({ capacity: { cpu: '8', memory: '32Gi', pods: '110' }, allocatable: { cpu: '8', memory: '32Gi', pods: '110' } });
    const m = defaulted({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'w1' }, status: { capacity: { cpu: '8' }, allocatable: { cpu: '7' } } });
    expect((m.status as { allocatable: unknown }).allocatable).toEqual({ cpu: '7' });
  });

  it('Event: the always-serialized reporting fields and source', () => {
    const e = defaulted({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'x.1', namespace: 'default' }, reason: 'Scheduled' });
    expect(e).toMatchObject({ reportingComponent: '', reportingInstance: '', source: {} });
  });

  it('ConfigMap: nothing', () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' }, data: { a: 'b' } };
    expect(defaulted(cm)).toEqual(cm);
  });
});

describe('objects', () => {
  it('property: the objects of a list, in order (the list itself when it holds nothing else)', () => {
    fc.assert(fc.property(fc.oneof(fc.array(fc.oneof(fc.object(), fc.constant(null), fc.integer(), fc.string(), fc.array(fc.nat()))), fc.object(), fc.constant(undefined)), (v) => {
      const want = Array.isArray(v) ? v.filter(isObj) : [];
      expect(objects(v)).toEqual(want);
      if (Array.isArray(v) && want.length === v.length) expect(objects(v)).toBe(v);
    }));
  });
});
