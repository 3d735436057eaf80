// The PodSecurity plugin through the store: enforce on pods (creates and significant updates), warn on pods and
// workload templates, namespace label validation and the existing-pod warnings of a stricter enforce level.
import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../../api/object.ts';
import { SimClock } from '../../../../sim/clock.ts';
import { SeededRng } from '../../../../sim/rng.ts';
import { StatusError } from '../../../errors.ts';
import { Store } from '../../../store.ts';
import { evaluatePodsInNamespace } from './admission.ts';
import { LATEST, policyToEvaluate } from './api.ts';

const RESTRICTED_DETAIL = 'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';
const RESTRICTED_REASON = 'allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile';

function newStore(labels: Record<string, string> = {}) {
  const store = new Store(new SimClock(), new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x', labels } });
  return store;
}

const pod = (name: string, extra: Partial<Pod['spec']> = {}, meta: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'x', ...meta }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...extra } });
const restrictedPod = (name: string): KubeObject => pod(name, {
  securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
  containers: [{ name: 'c', image: 'nginx', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }],
});
const deployment = (): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'x' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

function errorOf(fn: () => unknown): StatusError {
  try { fn(); } catch (e) { if (e instanceof StatusError) return e; throw e; }
  throw new Error('expected a StatusError');
}

const label = (store: Store, labels: Record<string, string | null>, warnings: string[] = []) =>
  store.patch('Namespace', undefined, 'x', { metadata: { labels } }, { warnings });

describe('PodSecurity enforce', () => {
  it('refuses a pod that violates the namespace enforce level, with upstream text', () => {
    const store = newStore({ 'pod-security.kubernetes.io/enforce': 'restricted' });
    const e = errorOf(() => store.create(pod('p')));
    expect(e.status.code).toBe(403);
    expect(e.message).toBe(`pods "p" is forbidden: violates PodSecurity "restricted:latest": ${RESTRICTED_DETAIL}`);
    expect(store.create(restrictedPod('ok')).metadata.name).toBe('ok');
  });

  it('names the enforce version in the message', () => {
    const store = newStore({ 'pod-security.kubernetes.io/enforce': 'baseline', 'pod-security.kubernetes.io/enforce-version': 'v1.24' });
    expect(errorOf(() => store.create(pod('p', { hostNetwork: true }))).message).toBe('pods "p" is forbidden: violates PodSecurity "baseline:v1.24": host namespaces (hostNetwork=true)');
  });

  it('an unparsable enforce level reads as restricted (fails closed), an unparsable warn or audit as privileged', () => {
    const { policy, errors } = policyToEvaluate({ 'pod-security.kubernetes.io/enforce': 'x', 'pod-security.kubernetes.io/warn': 'x', 'pod-security.kubernetes.io/audit-version': 'v2.0' });
    expect(policy).toEqual({ enforce: { level: 'restricted', version: LATEST }, warn: { level: 'privileged', version: LATEST }, audit: { level: 'privileged', version: LATEST } });
    expect(errors.map((e) => e.field)).toEqual(['metadata.labels[pod-security.kubernetes.io/enforce]', 'metadata.labels[pod-security.kubernetes.io/audit-version]', 'metadata.labels[pod-security.kubernetes.io/warn]']);
  });

  it('checks only significant pod updates: a label change is allowed, an image change is judged', () => {
    const store = newStore();
    store.create(pod('p'));
    label(store, { 'pod-security.kubernetes.io/enforce': 'restricted' });
    const updated = store.patch('Pod', 'x', 'p', { metadata: { labels: { a: 'b' } } });
    expect(updated.metadata.labels).toEqual({ a: 'b' });
    const e = errorOf(() => store.patch('Pod', 'x', 'p', { spec: { containers: [{ name: 'c', image: 'nginx:2' }] } }, { type: 'strategic' }));
    expect(e.message).toBe(`pods "p" is forbidden: violates PodSecurity "restricted:latest": ${RESTRICTED_DETAIL}`);
  });

  it('judges an added ephemeral container', () => {
    const store = newStore({ 'pod-security.kubernetes.io/enforce': 'baseline' });
    const p = store.create(pod('p'));
    const e = errorOf(() => store.update({ ...p, spec: { ...(p as Pod).spec!, ephemeralContainers: [{ name: 'dbg', image: 'busybox', securityContext: { privileged: true } }] } } as KubeObject, { subresource: 'ephemeralcontainers' }));
    expect(e.message).toBe('pods "p" is forbidden: violates PodSecurity "baseline:latest": privileged (container "dbg" must not set securityContext.privileged=true)');
  });

  it('refuses an AppArmor Unconfined field as the annotation the pod strategy writes for it', () => {
    const store = newStore({ 'pod-security.kubernetes.io/enforce': 'baseline' });
    const e = errorOf(() => store.create(pod('p', { containers: [{ name: 'c', image: 'nginx', securityContext: { appArmorProfile: { type: 'Unconfined' } } }] })));
    expect(e.message).toBe('pods "p" is forbidden: violates PodSecurity "baseline:latest": forbidden AppArmor profile (container.apparmor.security.beta.kubernetes.io/c="unconfined")');
  });
});

describe('PodSecurity warn', () => {
  it('warns about a pod and about a workload template, and never refuses a workload', () => {
    const store = newStore({ 'pod-security.kubernetes.io/enforce': 'restricted', 'pod-security.kubernetes.io/warn': 'restricted' });
    const warnings: string[] = [];
    store.create(deployment(), { warnings });
    expect(warnings).toEqual([`would violate PodSecurity "restricted:latest": ${RESTRICTED_DETAIL}`]);
    const podWarnings: string[] = [];
    const baseline = newStore({ 'pod-security.kubernetes.io/warn': 'restricted' });
    baseline.create(pod('p'), { warnings: podWarnings });
    expect(podWarnings).toEqual([`would violate PodSecurity "restricted:latest": ${RESTRICTED_DETAIL}`]);
  });

  it('adds no warning to a request it refuses', () => {
    const store = newStore({ 'pod-security.kubernetes.io/enforce': 'restricted', 'pod-security.kubernetes.io/warn': 'restricted' });
    const warnings: string[] = [];
    errorOf(() => store.create(pod('p'), { warnings }));
    expect(warnings).toEqual([]);
  });

  it('a namespace without labels (the default privileged:latest) neither warns nor refuses', () => {
    const store = newStore();
    const warnings: string[] = [];
    store.create(pod('p', { hostNetwork: true, containers: [{ name: 'c', image: 'nginx', securityContext: { privileged: true } }] }), { warnings });
    store.create(deployment(), { warnings });
    expect(warnings).toEqual([]);
  });
});

describe('PodSecurity namespace labels', () => {
  it('refuses invalid label values on create with the field errors', () => {
    const store = newStore();
    const e = errorOf(() => store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'y', labels: { 'pod-security.kubernetes.io/enforce': 'strict', 'pod-security.kubernetes.io/warn-version': '1.30' } } }));
    expect(e.status.code).toBe(422);
    expect(e.message).toBe('Namespace "y" is invalid: [metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted, metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "1.30": must be "latest" or "v1.x"]');
  });

  it('refuses a change to an invalid value on update', () => {
    const store = newStore();
    expect(errorOf(() => label(store, { 'pod-security.kubernetes.io/audit': 'bogus' })).message)
      .toBe('Namespace "x" is invalid: metadata.labels[pod-security.kubernetes.io/audit]: Invalid value: "bogus": must be one of privileged, baseline, restricted');
  });

  it('warns about existing pods when enforce becomes stricter, grouped by reasons, lexically first pod named', () => {
    const store = newStore();
    for (const n of ['web-c', 'web-a', 'web-b']) store.create(pod(n));
    store.create(pod('host', { hostNetwork: true }));
    store.create(restrictedPod('fine'));
    const warnings: string[] = [];
    label(store, { 'pod-security.kubernetes.io/enforce': 'restricted' }, warnings);
    expect(warnings).toEqual([
      'existing pods in namespace "x" violate the new PodSecurity enforce level "restricted:latest"',
      `host: host namespaces, ${RESTRICTED_REASON}`,
      `web-a (and 2 other pods): ${RESTRICTED_REASON}`,
    ]);
    // Relaxing the level, or an unchanged level, checks nothing.
    const relaxed: string[] = [];
    label(store, { 'pod-security.kubernetes.io/enforce': 'baseline' }, relaxed);
    label(store, { 'pod-security.kubernetes.io/warn': 'restricted' }, relaxed);
    expect(relaxed).toEqual([]);
    // A stricter level again warns: baseline -> restricted with only the host pod failing baseline is not the point;
    // the new level is what the pods are judged against.
    const again: string[] = [];
    label(store, { 'pod-security.kubernetes.io/enforce': 'restricted', 'pod-security.kubernetes.io/enforce-version': 'v1.0' }, again);
    expect(again[0]).toBe('existing pods in namespace "x" violate the new PodSecurity enforce level "restricted:v1.0"');
  });

  it('"(and 1 other pod)" for two pods with the same reasons', () => {
    const pods = [pod('b'), pod('a')] as Pod[];
    expect(evaluatePodsInNamespace(pods, 'x', { level: 'restricted', version: LATEST })).toEqual([
      'existing pods in namespace "x" violate the new PodSecurity enforce level "restricted:latest"',
      `a (and 1 other pod): ${RESTRICTED_REASON}`,
    ]);
  });
});
