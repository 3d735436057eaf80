// kubectl create namespace | serviceaccount | priorityclass | quota: the housekeeping objects of a cluster.
import type { KubeObject } from '../../../api/object.ts';
import { CommandError } from '../../context.ts';
import { boolFlag, flag } from '../../flags.ts';
import { intFlag } from '../numericflags.ts';
import { parseResourceList } from '../set/resources.ts';
import type { Generator } from './generator.ts';
import { newMeta } from './objects.ts';

export const namespaceGenerator: Generator = {
  kind: 'Namespace',
  build: ({ name }) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: newMeta(name), spec: {}, status: {} }) as KubeObject,
};

export const serviceAccountGenerator: Generator = {
  kind: 'ServiceAccount',
  failure: (m) => `failed to create serviceaccount: ${m}`,
  build: ({ name, namespace }) => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: newMeta(name, namespace) }) as KubeObject,
};

export const priorityClassGenerator: Generator = {
  kind: 'PriorityClass',
  failure: (m) => `failed to create priorityclass: ${m}`,
  build({ args, name }) {
    const description = flag(args, 'description');
    return {
      apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: newMeta(name),
      value: intFlag(args, 'value', 0),
      ...(boolFlag(args, 'global-default') ? { globalDefault: true } : {}),
      ...(description ? { description } : {}),
      preemptionPolicy: flag(args, 'preemption-policy') ?? 'PreemptLowerPriority',
    } as KubeObject;
  },
};

export const quotaGenerator: Generator = {
  kind: 'ResourceQuota',
  failure: (m) => `failed to create quota: ${m}`,
  build({ args, name, namespace }) {
    const scopes = (flag(args, 'scopes') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const hard = parseResourceList(flag(args, 'hard'));
    if (scopes.some((s) => !/^[A-Za-z]+$/.test(s))) throw new CommandError(`invalid scopes: ${flag(args, 'scopes')}`);
    return {
      apiVersion: 'v1', kind: 'ResourceQuota', metadata: newMeta(name, namespace),
      spec: { ...(Object.keys(hard).length ? { hard } : {}), ...(scopes.length ? { scopes } : {}) },
      status: {},
    } as KubeObject;
  },
};
