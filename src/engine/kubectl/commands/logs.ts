// kubectl logs (POD | TYPE/NAME) [CONTAINER] [-c CONTAINER] [-p] [--tail N] [--timestamps] [--all-containers]
// [--prefix] [-l SELECTOR]: the API server checks the container name (pods/log LogLocation), the kubelet picks
// the container instance and returns its lines.
import type { Pod } from 'kubernetes-types/core/v1';
import { parseSelector, type Selector } from '../../api/labels.ts';
import { goType, selectorsForObject } from './podselector.ts';
import { badRequest, notFound } from '../../apiserver/errors.ts';
import { authorizeRequest, CommandError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { resolveKind } from '../resources.ts';
import { namespaceOf } from '../namespace.ts';

/** What kubelets serve for `kubectl logs` (cluster.ts hands it over). */
export interface PodLogSource {
  containerLogs(pod: Pod, container: string, previous: boolean): { at: number; text: string }[];
}

const DEFAULT_CONTAINER_ANNOTATION = 'kubectl.kubernetes.io/default-container';

export function logsCommand(ctx: KubectlContext, args: ParsedArgs): number {
  if (boolFlag(args, 'follow')) throw new CommandError('--follow streams only in the page terminal; headless callers advance time and read the logs again');
  const namespace = namespaceOf(ctx, args);
  const sel = flag(args, 'selector');
  const tailText = flag(args, 'tail');
  const tail = tailText === undefined ? (sel !== undefined ? 10 : -1) : Number(tailText);
  if (!Number.isInteger(tail)) throw new CommandError(`invalid argument "${tailText}" for "--tail" flag: strconv.ParseInt: parsing "${tailText}": invalid syntax`);
  let pods: (Pod & { metadata: { name: string } })[];
  let container = flag(args, 'container');
  if (sel !== undefined) {
    if (args.positional.length) throw new CommandError('only a selector (-l) or a POD name is allowed');
    const selector = parseSelector(sel);
    pods = ctx.store.list<Pod>('Pod', { namespace, labelSelector: selector }).sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1)) as typeof pods;
    if (!pods.length) { ctx.err.push(`No resources found in ${namespace} namespace.`); return 0; }
  } else {
    const [target, second] = args.positional;
    if (!target) throw new CommandError('expected POD or TYPE/NAME is a required argument for the logs command\nSee \'kubectl logs -h\' for help and examples');
    if (second !== undefined) {
      if (container !== undefined) throw new CommandError('only one of -c or an inline [CONTAINER] arg is allowed');
      container = second;
    }
    pods = [podFor(ctx, target, namespace)];
  }
  const lines: string[] = [];
  const all = boolFlag(args, 'all-containers');
  const prefix = boolFlag(args, 'prefix') || (sel !== undefined && pods.length > 1);
  for (const pod of pods) {
    authorizeRequest(ctx, { verb: 'get', apiGroup: '', resource: 'pods', subresource: 'log', namespace: pod.metadata.namespace, name: pod.metadata.name });
    const names = all ? [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])].map((c) => c.name) : [containerFor(ctx, pod, container)];
    for (const name of names) {
      const out = ctx.nodes?.containerLogs(pod, name, boolFlag(args, 'previous')) ?? [];
      const picked = tail >= 0 ? out.slice(Math.max(0, out.length - tail)) : out;
      for (const l of picked) {
        const stamp = boolFlag(args, 'timestamps') ? `${new Date(l.at).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z')} ` : '';
        lines.push(`${prefix ? `[pod/${pod.metadata.name}/${name}] ` : ''}${stamp}${l.text}`);
      }
    }
  }
  if (lines.length) ctx.out.push(lines.join('\n'));
  return 0;
}

/**
 * What a pod is looked up for: logs (LogsForObject) or exec and attach (AttachablePodForObject), which word their
 * errors differently, pick among a workload's pods by different orders and only logs says how many there were.
 */
export type PodPurpose = 'logs' | 'attach';

/** POD, pod/NAME, or a workload (TYPE/NAME) whose first pod is used, as kubectl's LogsForObject and AttachablePodForObject do. */
export function podFor(ctx: KubectlContext, target: string, namespace: string, purpose: PodPurpose = 'logs'): Pod & { metadata: { name: string } } {
  const slash = target.indexOf('/');
  const info = slash < 0 ? resolveKind(ctx.store, 'pods') : resolveKind(ctx.store, target.slice(0, slash));
  const name = slash < 0 ? target : target.slice(slash + 1);
  // A cluster-scoped TYPE/NAME (nodes/w1) is read without the namespace, and then has no pods to offer.
  const obj = ctx.store.tryGet(info.kind, info.namespaced ? namespace : undefined, name);
  if (!obj) throw notFound(info, name);
  if (info.kind === 'Pod') return obj as Pod & { metadata: { name: string } };
  let selector: Selector;
  try {
    selector = selectorsForObject(info, obj);
  } catch (e) {
    throw new CommandError(`${purpose === 'logs' ? 'cannot get the logs from' : 'cannot attach to'} ${goType(info)}: ${(e as Error).message}`);
  }
  const pods = ctx.store.list<Pod>('Pod', { namespace, labelSelector: selector }).sort(purpose === 'logs' ? byLogging : byActivity);
  if (!pods.length) throw new CommandError(`timed out waiting for the condition`);
  if (pods.length > 1 && purpose === 'logs') ctx.err.push(`Found ${pods.length} pods, using pod/${pods[0].metadata.name}`);
  return pods[0] as Pod & { metadata: { name: string } };
}

/** podutils.ByLogging: scheduled, then running, then ready pods first; then more restarts; then older. */
function byLogging(a: Pod, b: Pod): number {
  return compareRanks(a, b, -1);
}

/** sort.Reverse(podutils.ActivePods): as ByLogging but for restarts, where fewer come first. */
function byActivity(a: Pod, b: Pod): number {
  return compareRanks(a, b, 1);
}

function compareRanks(a: Pod, b: Pod, restarts: 1 | -1): number {
  const rank = (p: Pod) => [
    p.spec?.nodeName ? 0 : 1,
    p.status?.phase === 'Running' ? 0 : p.status?.phase === 'Unknown' ? 1 : p.status?.phase === 'Pending' ? 2 : 3,
    p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ? 0 : 1,
    restarts * Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount ?? 0)),
  ];
  const ra = rank(a), rb = rank(b);
  for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
  return (a.metadata?.creationTimestamp ?? '').localeCompare(b.metadata?.creationTimestamp ?? '') || (a.metadata!.name! < b.metadata!.name! ? -1 : 1);
}

/** The container the request is for: -c, else the default-container annotation, else the first (with a note). */
export function containerFor(ctx: KubectlContext, pod: Pod & { metadata: { name: string } }, requested: string | undefined): string {
  const init = pod.spec?.initContainers ?? [];
  const main = pod.spec?.containers ?? [];
  const ephemeral = pod.spec?.ephemeralContainers ?? [];
  if (requested !== undefined) {
    if (![...init, ...main, ...ephemeral].some((c) => c.name === requested)) throw badRequest(`container ${requested} is not valid for pod ${pod.metadata.name}`);
    return requested;
  }
  const annotated = pod.metadata.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
  if (annotated) {
    if ([...init, ...main, ...ephemeral].some((c) => c.name === annotated)) return annotated;
    ctx.err.push(`Default container name "${annotated}" not found in pod ${pod.metadata.name}`);
  }
  const first = main[0]?.name ?? '';
  if (main.length > 1 || init.length || ephemeral.length) {
    const names = [...main.map((c) => c.name), ...init.map((c) => `${c.name} (init)`), ...ephemeral.map((c) => `${c.name} (ephem)`)];
    ctx.err.push(`Defaulted container "${first}" out of: ${names.join(', ')}`);
  }
  return first;
}
