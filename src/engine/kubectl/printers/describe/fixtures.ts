// Test support for describe.test.ts: object builders and a DescribeContext over a fixed set of objects.
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import type { Event, Node, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import type { DescribeContext } from './context.ts';

export const asObject = <T>(apiVersion: string, kind: string, o: T): KubeObject => ({ apiVersion, kind, ...o }) as unknown as KubeObject;

/** A DescribeContext over a fixed set of objects. */
export function fakeContext(now: number, objects: KubeObject[]): DescribeContext {
  return {
    now,
    list: (kind, namespace) => objects.filter((o) => o.kind === kind && (namespace === undefined || o.metadata?.namespace === namespace)),
  };
}

export const defaultTolerations = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];

export function kubeApiAccessVolume(suffix: string) {
  return {
    name: `kube-api-access-${suffix}`,
    projected: {
      defaultMode: 420,
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } },
      ],
    },
  };
}

export function event(name: string, namespace: string, involved: Event['involvedObject'], reason: string, message: string,
  component: string, first: string, last = first, count = 1, type = 'Normal'): KubeObject {
  return asObject<Event>('v1', 'Event', {
    metadata: { name, namespace }, involvedObject: involved, reason, message, type, source: { component },
    firstTimestamp: first, lastTimestamp: last, count,
  });
}

export type { Deployment, Node, Pod, ReplicaSet };
