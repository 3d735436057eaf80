// kubectl create deployment | job | cronjob: the objects kubectl builds (labels app=NAME for a Deployment,
// restartPolicy Never for a Job, OnFailure for a CronJob), with Go's empty structs ("strategy: {}").
import type { CronJob } from 'kubernetes-types/batch/v1';
import type { Container } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { hashString } from '../../../sim/rng.ts';
import { CommandError } from '../../context.ts';
import { flag } from '../../flags.ts';
import { intFlag } from '../numericflags.ts';
import { resolveResourceArgs } from '../../resources.ts';
import type { CreateInput, Generator } from './generator.ts';
import { newMeta } from './objects.ts';

const SAFE = 'bcdfghjklmnpqrstvwxz2456789';

/**
 * sanitizeAndUniquify: "_" and "." become "-" and a 5-character suffix is added.
 * Simplification: the suffix is derived from the name (kubectl draws it at random), so runs are repeatable.
 */
function containerNameFor(image: string): string {
  let name = image.split('/').pop() ?? image;
  name = name.split(':')[0].split('@')[0];
  if (!/[_.]/.test(name)) return name;
  let h = hashString(image);
  let suffix = '';
  for (let i = 0; i < 5; i++, h = Math.floor(h / SAFE.length)) suffix += SAFE[h % SAFE.length];
  return `${name.replace(/[_.]/g, '-')}-${suffix}`;
}

function container(name: string, image: string, command: string[]): Container {
  return { name, image, ...(command.length ? { command } : {}), resources: {} };
}

export const deploymentGenerator: Generator = {
  kind: 'Deployment',
  failure: (m) => `failed to create deployment: ${m}`,
  build({ args, name, namespace, command }) {
    const images = args.flags.get('image') ?? [];
    if (!images.length) throw new CommandError('required flag(s) "image" not set');
    if (images.length > 1 && command.length) throw new CommandError('cannot specify multiple --image options and command');
    const replicas = intFlag(args, 'replicas', 1);
    const port = intFlag(args, 'port', -1);
    const labels = { app: name };
    const containers = images.map((image) => container(containerNameFor(image), image, command));
    if (port >= 0) containers[0].ports = [{ containerPort: port }];
    return {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: newMeta(name, namespace, { labels }),
      spec: { replicas, selector: { matchLabels: labels }, strategy: {}, template: { metadata: { creationTimestamp: null, labels }, spec: { containers } } },
      status: {},
    } as KubeObject;
  },
};

/** createJobFromCronJob: the CronJob's job template, marked as instantiated by hand and owned by the CronJob. */
function jobFromCronJob(input: CreateInput, from: string): KubeObject {
  const { ctx, name, namespace, requestNamespace } = input;
  const [resource] = resolveResourceArgs(ctx.store, [from]);
  if (!resource?.names.length) throw new CommandError('from must be an existing cronjob');
  const obj = ctx.store.get(resource.info.kind, requestNamespace, resource.names[0]);
  if (obj.kind !== 'CronJob') throw new CommandError(`unknown object type *${resource.info.version}.${obj.kind}`);
  const cj = obj as CronJob & KubeObject;
  const template = cj.spec?.jobTemplate;
  return {
    apiVersion: 'batch/v1', kind: 'Job',
    metadata: newMeta(name, namespace, {
      annotations: { 'cronjob.kubernetes.io/instantiate': 'manual', ...(template?.metadata?.annotations ?? {}) },
      ...(template?.metadata?.labels ? { labels: template.metadata.labels } : {}),
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: cj.metadata.name, uid: cj.metadata.uid, controller: true }],
    }),
    spec: structuredClone(template?.spec ?? {}),
    status: {},
  } as KubeObject;
}

export const jobGenerator: Generator = {
  kind: 'Job',
  failure: (m) => `failed to create job: ${m}`,
  build(input) {
    const { args, name, namespace, command } = input;
    const image = flag(args, 'image');
    const from = flag(args, 'from');
    if (!image === !from) throw new CommandError('either --image or --from must be specified');
    if (from && command.length) throw new CommandError('cannot specify --from and command');
    if (from) return jobFromCronJob(input, from);
    return {
      apiVersion: 'batch/v1', kind: 'Job',
      metadata: newMeta(name, namespace),
      spec: { template: { metadata: { creationTimestamp: null }, spec: { containers: [container(name, image!, command)], restartPolicy: 'Never' } } },
      status: {},
    } as KubeObject;
  },
};

export const cronJobGenerator: Generator = {
  kind: 'CronJob',
  failure: (m) => `failed to create cronjob: ${m}`,
  build({ args, name, namespace, command }) {
    const image = flag(args, 'image');
    const schedule = flag(args, 'schedule');
    if (!image) throw new CommandError('--image must be specified');
    if (!schedule) throw new CommandError('--schedule must be specified');
    const restart = flag(args, 'restart') ?? 'OnFailure';
    return {
      apiVersion: 'batch/v1', kind: 'CronJob',
      metadata: newMeta(name, namespace),
      spec: {
        schedule,
        jobTemplate: {
          metadata: { creationTimestamp: null, name },
          spec: { template: { metadata: { creationTimestamp: null }, spec: { containers: [container(name, image, command)], restartPolicy: restart } } },
        },
      },
      status: {},
    } as KubeObject;
  },
};
