// kubectl debug (POD | TYPE/NAME) [--image=IMAGE] [-c NAME] [--target=CONTAINER] [-i] [-t] [--profile=P]
// [--copy-to=NAME [--replace] [--same-node] [--set-image=c=img] [--share-processes] [--keep-*]] [-- COMMAND…]
// (k8s.io/kubectl/pkg/cmd/debug, v1.32): an ephemeral container in a running pod (a strategic merge patch of
// pods/ephemeralcontainers), a copy of the pod with a debugging container, or a pod on a node in its namespaces.
// With -i it attaches to the container as kubectl attach does (see attach.ts for what a session is here).
// Simplification: kubectl waits for the container to run before it attaches; virtual time does not pass inside a
// command, so the session begins (and ends) at once, before the kubelet has started the container.
import type { Container, EnvVar, EphemeralContainer, Node, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { CommandError, type KubectlContext } from '../../context.ts';
import { boolFlag, flag, parseBoolFlag, type ParsedArgs } from '../../flags.ts';
import { namespaceOf } from '../../namespace.ts';
import { resolveKind } from '../../resources.ts';
import { attachToPod } from '../attach.ts';
import { IMAGE_REFERENCE } from '../run.ts';
import { applyProfile, parseProfile, type KeepFlags, type Profile } from './profiles.ts';

type NamedPod = Pod & KubeObject & { metadata: { name: string } };

/** The parsed command line (DebugOptions after Complete). */
interface DebugOptions {
  targets: string[];
  args: string[];
  argsOnly: boolean;
  attach: boolean;
  attachChanged: boolean;
  container: string;
  copyTo: string;
  replace: boolean;
  env: EnvVar[];
  image: string;
  pullPolicy: string;
  interactive: boolean;
  tty: boolean;
  quiet: boolean;
  sameNode: boolean;
  setImages: Map<string, string>;
  shareProcesses: boolean | undefined;
  target: string;
  profile: Profile;
  keep: KeepFlags;
  namespace: string;
}

const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never', ''];

/** pflag's StringToString: comma-separated key=value pairs, repeatable. */
function stringToString(args: ParsedArgs, name: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const value of args.flags.get(name) ?? []) {
    for (const pair of value.split(',')) {
      const i = pair.indexOf('=');
      if (i < 0) throw new CommandError(`invalid argument "${value}" for "--${name}" flag: ${pair} must be formatted as key=value`);
      out.set(pair.slice(0, i), pair.slice(i + 1));
    }
  }
  return out;
}

/** Complete: the options from the flags. */
function complete(ctx: KubectlContext, args: ParsedArgs): DebugOptions {
  const { positional, dashAt } = args;
  const targets = dashAt === undefined ? positional : positional.slice(0, dashAt);
  const interactive = boolFlag(args, 'stdin');
  const attachFlag = parseBoolFlag(args, 'attach');
  const profile = parseProfile(flag(args, 'profile') ?? 'legacy');
  return {
    targets, args: dashAt === undefined ? [] : positional.slice(dashAt), argsOnly: boolFlag(args, 'arguments-only'),
    attach: attachFlag ?? interactive, attachChanged: attachFlag !== undefined,
    container: flag(args, 'container') ?? '', copyTo: flag(args, 'copy-to') ?? '', replace: boolFlag(args, 'replace'),
    env: [...stringToString(args, 'env')].map(([name, value]) => ({ name, value })),
    image: flag(args, 'image') ?? '', pullPolicy: flag(args, 'image-pull-policy') ?? '',
    interactive, tty: boolFlag(args, 'tty'), quiet: boolFlag(args, 'quiet'), sameNode: boolFlag(args, 'same-node'),
    setImages: stringToString(args, 'set-image'), shareProcesses: parseBoolFlag(args, 'share-processes'),
    target: flag(args, 'target') ?? '', profile,
    keep: {
      labels: boolFlag(args, 'keep-labels'), annotations: boolFlag(args, 'keep-annotations'), liveness: boolFlag(args, 'keep-liveness'),
      readiness: boolFlag(args, 'keep-readiness'), startup: boolFlag(args, 'keep-startup'), initContainers: parseBoolFlag(args, 'keep-init-containers') ?? true,
    },
    namespace: namespaceOf(ctx, args),
  };
}

/** Validate, in kubectl's order (the --target note and the legacy profile's warning are printed here too). */
function validate(ctx: KubectlContext, o: DebugOptions): void {
  if (o.attach && o.attachChanged && !o.image && !o.container) throw new CommandError('you must specify --container or create a new container using --image in order to attach.');
  if (o.copyTo) {
    if (!o.image && !o.setImages.size && !o.args.length) throw new CommandError('you must specify --image, --set-image or command arguments.');
    if (o.args.length && !o.container && !o.image) throw new CommandError('you must specify an existing container or a new image when specifying args.');
  } else if (o.replace) throw new CommandError('--replace may only be used with --copy-to.');
  else if (o.sameNode) throw new CommandError('--same-node may only be used with --copy-to.');
  else if (o.setImages.size) throw new CommandError('--set-image may only be used with --copy-to.');
  else if (!o.image) throw new CommandError('you must specify --image when not using --copy-to.');
  if (o.image && !IMAGE_REFERENCE.test(o.image)) throw new CommandError(`invalid image name "${o.image}": invalid reference format`);
  if (!o.targets.length) throw new CommandError('NAME or filename is required for debug');
  if (!PULL_POLICIES.includes(o.pullPolicy)) throw new CommandError(`invalid image pull policy: ${o.pullPolicy}`);
  for (const [name, image] of o.setImages) {
    if (!IMAGE_REFERENCE.test(image)) throw new CommandError(`invalid image name "${image}" for container "${name}": invalid reference format`);
  }
  if (o.target) {
    if (o.copyTo) throw new CommandError('--target is incompatible with --copy-to. Use --share-processes instead.');
    if (!o.quiet) ctx.out.push(`Targeting container "${o.target}". If you don't see processes from this container it may be because the container runtime doesn't support this feature.`);
  }
  if (o.tty && !o.interactive) throw new CommandError('-i/--stdin is required for containers with -t/--tty=true');
  if (o.profile === 'legacy') ctx.err.push('--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".');
}

export function debugCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const o = complete(ctx, args);
  validate(ctx, o);
  for (const target of o.targets) {
    const slash = target.indexOf('/');
    const info = resolveKind(ctx.store, slash < 0 ? 'pods' : target.slice(0, slash));
    const name = slash < 0 ? target : target.slice(slash + 1);
    // The builder reads the object first: a missing one is NotFound whatever its kind.
    const obj = ctx.store.get(info.kind, info.namespaced ? o.namespace : undefined, name);
    let debugged: { pod: NamedPod; container: string };
    if (info.kind === 'Node') debugged = visitNode(ctx, o, obj as Node & KubeObject);
    else if (info.kind === 'Pod') debugged = o.copyTo ? debugByCopy(ctx, o, obj as NamedPod) : debugByEphemeralContainer(ctx, o, obj as NamedPod);
    else throw new CommandError(`"${info.group}/${info.version}, Kind=${info.kind}" not supported by debug`);
    if (o.attach && debugged.container) {
      attachToPod(ctx, debugged.pod, debugged.container, { stdin: o.interactive, tty: o.tty, quiet: o.quiet });
    }
  }
  return 0;
}

/** computeDebugContainerName: -c, else debugger-XXXXX free among the pod's containers (noted unless quiet). */
function debugContainerName(ctx: KubectlContext, o: DebugOptions, pod: Pod): string {
  if (o.container) return o.container;
  const taken = new Set(allContainers(pod).map((c) => c.name));
  let name = '';
  while (!name || taken.has(name)) name = `debugger-${ctx.rng.string(5)}`;
  if (!o.quiet) ctx.out.push(`Defaulting debug container name to ${name}.`);
  return name;
}

function allContainers(pod: Pod): (Container | EphemeralContainer)[] {
  return [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []), ...(pod.spec?.ephemeralContainers ?? [])];
}

/** The debugging container's fields as kubectl sets them (empty ones left out, as Go's omitempty does). */
function debugContainer(o: DebugOptions, name: string): Container {
  const c: Container = { name };
  if (o.env.length) c.env = o.env;
  c.image = o.image;
  if (o.pullPolicy) c.imagePullPolicy = o.pullPolicy;
  c.resources = {};
  if (o.interactive) c.stdin = true;
  c.terminationMessagePolicy = 'File';
  if (o.tty) c.tty = true;
  if (o.args.length) c[o.argsOnly ? 'args' : 'command'] = o.args;
  return c;
}

/** generateDebugContainer, then the strategic merge patch of pods/ephemeralcontainers that adds it. */
function debugByEphemeralContainer(ctx: KubectlContext, o: DebugOptions, pod: NamedPod): { pod: NamedPod; container: string } {
  const name = debugContainerName(ctx, o, pod);
  const ec: EphemeralContainer = { ...debugContainer(o, name), ...(o.target ? { targetContainerName: o.target } : {}) };
  const copy = structuredClone(pod) as NamedPod;
  copy.spec!.ephemeralContainers = [...(copy.spec!.ephemeralContainers ?? []), ec];
  applyProfile(o.profile, o.keep, copy, name, 'ephemeral');
  const added = copy.spec!.ephemeralContainers.at(-1)!;
  // CreateTwoWayMergePatch of the pod and its copy: ephemeralContainers merge by name, so the patch lists the new one.
  const patch = { spec: { ephemeralContainers: [added] } };
  const result = ctx.store.patch<NamedPod>('Pod', pod.metadata.namespace, pod.metadata.name, patch, { type: 'strategic', subresource: 'ephemeralcontainers' });
  return { pod: result, container: name };
}

/** generatePodCopyWithDebugContainer: the pod's spec under a new name, changed as the flags and profile say. */
function podCopyWithDebugContainer(ctx: KubectlContext, o: DebugOptions, pod: Pod): { pod: Pod; container: string } {
  const spec = structuredClone(pod.spec!);
  delete spec.ephemeralContainers;
  if (o.shareProcesses !== undefined) spec.shareProcessNamespace = o.shareProcesses;
  if (!o.sameNode) delete spec.nodeName;
  const copied: Pod = {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name: o.copyTo, namespace: pod.metadata?.namespace,
      ...(pod.metadata?.annotations ? { annotations: { ...pod.metadata.annotations } } : {}),
      ...(pod.metadata?.labels ? { labels: { ...pod.metadata.labels } } : {}),
    },
    spec,
  };
  for (const c of spec.containers) {
    const image = o.setImages.get(c.name) ?? o.setImages.get('*');
    if (image) c.image = image;
  }
  let name = o.container;
  let c = spec.containers.find((x) => x.name === name) ?? spec.initContainers?.find((x) => x.name === name);
  if (!c) {
    if (!o.image) {
      if (o.setImages.size) return { pod: copied, container: '' }; // a --set-image only copy
      throw new CommandError('you must specify image when creating new container');
    }
    name ||= debugContainerName(ctx, o, copied);
    c = { name, terminationMessagePolicy: 'File' };
    spec.containers.push(c);
  }
  if (o.args.length) {
    if (o.argsOnly) c.args = o.args;
    else { c.command = o.args; delete c.args; }
  }
  if (o.env.length) c.env = o.env;
  if (o.image) c.image = o.image;
  if (o.pullPolicy) c.imagePullPolicy = o.pullPolicy;
  if (o.interactive) c.stdin = true; else delete c.stdin;
  if (o.tty) c.tty = true; else delete c.tty;
  applyProfile(o.profile, o.keep, copied, c.name, 'podCopy');
  return { pod: copied, container: name };
}

/** debugByCopy: create the copy; with --replace, delete the original at once. */
function debugByCopy(ctx: KubectlContext, o: DebugOptions, pod: NamedPod): { pod: NamedPod; container: string } {
  const { pod: copied, container } = podCopyWithDebugContainer(ctx, o, pod);
  const created = ctx.store.create(copied as KubeObject) as NamedPod;
  if (o.replace) ctx.store.delete('Pod', pod.metadata.namespace, pod.metadata.name, { gracePeriodSeconds: 0 });
  return { pod: created, container };
}

/** generateNodeDebugPod: a pod bound to the node, in its namespaces as the profile says, tolerating every taint. */
function nodeDebugPod(ctx: KubectlContext, o: DebugOptions, node: Node & KubeObject): Pod {
  const container = o.container || 'debugger';
  const name = `node-debugger-${node.metadata.name}-${ctx.rng.string(5)}`;
  if (!o.quiet) ctx.out.push(`Creating debugging pod ${name} with container ${container} on node ${node.metadata.name}.`);
  const pod: Pod = {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, labels: { 'app.kubernetes.io/managed-by': 'kubectl-debug' } },
    spec: {
      containers: [debugContainer(o, container)],
      nodeName: node.metadata.name,
      restartPolicy: 'Never',
      tolerations: [{ operator: 'Exists' }],
    },
  };
  applyProfile(o.profile, o.keep, pod, container, 'node');
  return pod;
}

function visitNode(ctx: KubectlContext, o: DebugOptions, node: Node & KubeObject): { pod: NamedPod; container: string } {
  const pod = nodeDebugPod(ctx, o, node);
  const created = ctx.store.create({ ...pod, metadata: { ...pod.metadata, namespace: o.namespace } } as KubeObject) as NamedPod;
  return { pod: created, container: created.spec!.containers[0].name };
}

