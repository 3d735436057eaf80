import { describe, expect, it } from 'vitest';
import { KindRegistry } from '../../../api/kinds.ts';
import type { KubeObject } from '../../../api/object.ts';
import { describe as describeObject } from '../describe.ts';
import { printTable } from '../table.ts';

const kinds = new KindRegistry();
const NOW = Date.parse('2026-06-10T12:31:00Z');
const ago = (seconds: number): string => new Date(NOW - seconds * 1000).toISOString().replace('.000Z', 'Z');
const rows = (kind: string, objects: Record<string, unknown>[], wide = false) =>
  printTable(kinds.byKindName(kind)!, objects.map((o) => ({ kind, apiVersion: 'v1', ...o }) as KubeObject), { wide, withNamespace: false, now: NOW })
    .trimEnd().split('\n').map((l) => l.split(/ {2,}/));
const meta = (name: string, age: number) => ({ name, namespace: 'default', creationTimestamp: ago(age) });

describe('policy and identity tables', () => {
  it('ServiceAccount: NAME SECRETS AGE', () => {
    expect(rows('ServiceAccount', [{ metadata: meta('default', 3600) }, { metadata: meta('ci', 60), secrets: [{ name: 'ci-token' }] }]))
      .toEqual([['NAME', 'SECRETS', 'AGE'], ['default', '0', '60m'], ['ci', '1', '60s']]);
  });

  it('Secret: NAME TYPE DATA AGE', () => {
    expect(rows('Secret', [{ metadata: meta('tls', 86400 * 3), type: 'kubernetes.io/tls', data: { 'tls.crt': 'YQ==', 'tls.key': 'Yg==' } }]))
      .toEqual([['NAME', 'TYPE', 'DATA', 'AGE'], ['tls', 'kubernetes.io/tls', '2', '3d']]);
  });

  it('PriorityClass: NAME VALUE GLOBAL-DEFAULT AGE PREEMPTIONPOLICY', () => {
    expect(rows('PriorityClass', [{ metadata: { name: 'high', creationTimestamp: ago(120) }, value: 1000, globalDefault: true, preemptionPolicy: 'Never' }]))
      .toEqual([['NAME', 'VALUE', 'GLOBAL-DEFAULT', 'AGE', 'PREEMPTIONPOLICY'], ['high', '1000', 'true', '2m', 'Never']]);
  });

  it('PodDisruptionBudget: N/A for the unset bound', () => {
    expect(rows('PodDisruptionBudget', [
      { metadata: meta('a', 30), spec: { minAvailable: 2 }, status: { disruptionsAllowed: 1 } },
      { metadata: meta('b', 30), spec: { maxUnavailable: '25%' }, status: { disruptionsAllowed: 0 } },
    ])).toEqual([['NAME', 'MIN AVAILABLE', 'MAX UNAVAILABLE', 'ALLOWED DISRUPTIONS', 'AGE'], ['a', '2', 'N/A', '1', '30s'], ['b', 'N/A', '25%', '0', '30s']]);
  });

  it('ResourceQuota: limits.* under LIMIT, the rest under REQUEST, used 0 until counted', () => {
    const hard = { 'limits.cpu': '2', 'limits.memory': '2Gi', pods: '10', 'requests.cpu': '1' };
    expect(rows('ResourceQuota', [{ metadata: meta('q', 90), spec: { hard }, status: { hard, used: { 'limits.cpu': '500m', pods: '1' } } }]))
      .toEqual([['NAME', 'AGE', 'REQUEST', 'LIMIT'], ['q', '90s', 'pods: 1/10, requests.cpu: 0/1', 'limits.cpu: 500m/2, limits.memory: 0/2Gi']]);
  });

  it('LimitRange: NAME CREATED AT', () => {
    expect(rows('LimitRange', [{ metadata: { name: 'lr', namespace: 'default', creationTimestamp: '2026-06-01T08:00:00Z' } }]))
      .toEqual([['NAME', 'CREATED AT'], ['lr', '2026-06-01T08:00:00Z']]);
  });
});

describe('describe resourcequota', () => {
  it('prints scopes with their help, and used in the hard value\'s format', () => {
    const hard = { 'requests.memory': '1G', pods: '4', 'limits.memory': '2Gi' };
    const q = { apiVersion: 'v1', kind: 'ResourceQuota', metadata: meta('q', 60), spec: { hard, scopes: ['NotTerminating', 'BestEffort'] },
      status: { hard, used: { 'requests.memory': '512Mi', pods: '1' } } } as KubeObject;
    expect(describeObject(kinds.byKindName('ResourceQuota')!, q, { now: NOW, list: () => [] })).toBe([
      'Name:       q',
      'Namespace:  default',
      'Scopes:     BestEffort, NotTerminating',
      ' * Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
      ' * Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
      'Resource         Used       Hard',
      '--------         ----       ----',
      'limits.memory    0          2Gi',
      'pods             1          4',
      'requests.memory  536870912  1G',
      '',
    ].join('\n'));
  });
});
