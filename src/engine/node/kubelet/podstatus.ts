// Pod status as the kubelet's status manager writes it (generateAPIPodStatus in pkg/kubelet/kubelet_pods.go and
// pkg/kubelet/status/generate.go): the phase from getPhase, the kubelet-owned conditions in upstream order,
// and container statuses in the order of the spec.
import type { Container, ContainerStatus, HostIP, Pod, PodCondition, PodStatus } from 'kubernetes-types/core/v1';
import { deepFreeze } from '../../api/object.ts';
import { sameJson } from '../../api/samejson.ts';
import { isRestartableInitContainer } from './containers.ts';

type Phase = 'Pending' | 'Running' | 'Succeeded' | 'Failed';

// The spec's and the stored status's lists are frozen: they are walked by index, as for-of over a frozen array
// allocates its iterator and a result per element in V8 (about 250 bytes for five elements), at every status build.

const KUBELET_CONDITIONS = new Set(['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled']);

export interface StatusInput {
  now: string;
  hostIP: string;
  podIP?: string;
  sandboxReady: boolean;
  initContainers: ContainerStatus[];
  containers: ContainerStatus[];
  /** Kept apart: the phase and the readiness conditions do not count them. */
  ephemeralContainers?: ContainerStatus[];
  /** The pod worker has finished with the pod: containers will not be restarted. */
  podIsTerminal: boolean;
  /** Set by eviction or an exceeded deadline: the phase is Failed with this reason. */
  failure?: { reason: string; message: string; disruption?: PodCondition };
}

/** getPhase (v1.32, without the ContainerRestartRules gate). */
export function podPhase(pod: Pod, init: ContainerStatus[], main: ContainerStatus[], podIsTerminal: boolean): Phase {
  const spec = pod.spec;
  let pendingInit = 0;
  let pendingSidecars = 0;
  let failedInit = 0;
  const inits = spec?.initContainers ?? [];
  const mains = spec?.containers ?? [];
  for (let i = 0; i < inits.length; i++) {
    const c = inits[i];
    if (isRestartableInitContainer(c)) continue;
    const s = named(init, c.name);
    if (!s || s.state?.running) pendingInit++;
    else if (s.state?.terminated) { if (s.state.terminated.exitCode !== 0) failedInit++; }
    else if (s.lastState?.terminated) { if (s.lastState.terminated.exitCode !== 0) failedInit++; }
    else pendingInit++;
  }
  let unknown = 0, running = 0, waiting = 0, stopped = 0, succeeded = 0;
  for (let i = 0; i < inits.length; i++) {
    const c = inits[i];
    if (!isRestartableInitContainer(c)) continue;
    const s = named(init, c.name);
    if (!s) { unknown++; continue; }
    if (s.state?.running) { if (!s.started) pendingSidecars++; running++; }
    else if (s.state?.terminated) { /* stopped sidecars do not count */ }
    else if (!s.lastState?.terminated) { pendingSidecars++; waiting++; }
  }
  for (let i = 0; i < mains.length; i++) {
    const c = mains[i];
    const s = named(main, c.name);
    if (!s) { unknown++; continue; }
    if (s.state?.running) running++;
    else if (s.state?.terminated) { stopped++; if (s.state.terminated.exitCode === 0) succeeded++; }
    else if (s.lastState?.terminated) stopped++;
    else waiting++;
  }
  if (failedInit > 0 && spec?.restartPolicy === 'Never') return 'Failed';
  const initialized = anyStarted(main);
  if (pendingInit > 0 || (pendingSidecars > 0 && !initialized) || waiting > 0) return 'Pending';
  if (running > 0 && unknown === 0) return 'Running';
  if (running === 0 && stopped > 0 && unknown === 0) {
    if (podIsTerminal) return stopped === succeeded ? 'Succeeded' : 'Failed';
    if (spec?.restartPolicy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    if (spec?.restartPolicy === 'Never') return 'Failed';
    return 'Running';
  }
  return 'Pending';
}

/** Whether some container has run (running, terminated, or terminated before): a loop, not some() with a closure. */
function anyStarted(list: ContainerStatus[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    if (s.state?.running || s.state?.terminated || s.lastState?.terminated) return true;
  }
  return false;
}

/** The status of the container with this name (a loop: this runs for every container on every status build). */
function named(list: ContainerStatus[], name: string): ContainerStatus | undefined {
  for (let i = 0; i < list.length; i++) if (list[i].name === name) return list[i];
  return undefined;
}

/** A kubelet-owned condition: the stored one when it is unchanged, its transition time kept while the status is. */
export function condition(type: string, status: boolean, now: string, prev: PodCondition[] | undefined, reason?: string, message?: string): PodCondition {
  const old = conditionOf(prev, type);
  const s = status ? 'True' : 'False';
  if (old && builtAlike(old, s, reason, message)) return old;
  const lastTransitionTime = old && old.status === s ? old.lastTransitionTime : now;
  const last = lastConditions.get(type);
  if (last && last.status === s && last.lastTransitionTime === lastTransitionTime && last.reason === (reason || undefined) && last.message === (message || undefined)) return last;
  const c: PodCondition = { type, status: s, lastProbeTime: null as unknown as string, lastTransitionTime };
  if (reason) c.reason = reason;
  if (message) c.message = message;
  lastConditions.set(type, Object.freeze(c));
  return c;
}

/**
 * The condition of each type built last (frozen): the pods whose condition turns alike in the same second (a
 * rollout's) share one object, which each stored status would otherwise keep a copy of.
 */
const lastConditions = new Map<string, PodCondition>();

/** The keys of a condition as `condition` builds it, in order: with a reason (2) and with a message (1). */
const CONDITION_KEYS = [[], ['message'], ['reason'], ['reason', 'message']].map((tail) => ['type', 'status', 'lastProbeTime', 'lastTransitionTime', ...tail]);

/**
 * Whether `condition` would build `old` again (the same JSON, key order included, as `stored` checks): most
 * status builds leave a pod's conditions as they were, and then no copy is made to be compared and dropped.
 */
export function builtAlike(old: PodCondition, s: string, reason: string | undefined, message: string | undefined): boolean {
  if (old.status !== s || old.lastProbeTime !== null || (reason && old.reason !== reason) || (message && old.message !== message)) return false;
  const proto = Object.getPrototypeOf(old);
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = CONDITION_KEYS[(reason ? 2 : 0) + (message ? 1 : 0)];
  let i = 0;
  for (const k in old) if (keys[i++] !== k) return false;
  return i === keys.length;
}

/** The condition of this type (a loop rather than find with a closure: seven per status build). */
function conditionOf(list: PodCondition[] | undefined, type: string): PodCondition | undefined {
  if (list) for (let i = 0; i < list.length; i++) if (list[i].type === type) return list[i];
  return undefined;
}

/**
 * The stored (frozen) part instead of the fresh one when both are the same JSON, key order included: the status
 * write then shares it rather than copying and freezing it again, and its no-op check ends at the identity.
 */
export function stored<T>(fresh: T, old: T | undefined): T {
  return old !== undefined && sameJson(fresh, old) ? old : fresh;
}

/** [{ ip }], one frozen list per node address: every pod of a node stores the same one. */
function hostIPsOf(ip: string): HostIP[] {
  let v = hostIPLists.get(ip);
  if (!v) hostIPLists.set(ip, (v = deepFreeze([{ ip }])));
  return v;
}
const hostIPLists = new Map<string, HostIP[]>();

const list = (names: string[]) => `[${names.join(' ')}]`;

/**
 * The containers (of those the readiness counts) without a status, and those not ready: their names joined by
 * spaces as the message lists them, only when there are some (no list per build to be joined).
 */
interface Readiness { unknown?: string; unready?: string }

function readiness(c: Container, init: ContainerStatus[], main: ContainerStatus[], r: Readiness): void {
  const s = named(init, c.name) ?? named(main, c.name);
  if (!s) r.unknown = r.unknown === undefined ? c.name : `${r.unknown} ${c.name}`;
  else if (!s.ready) r.unready = r.unready === undefined ? c.name : `${r.unready} ${c.name}`;
}

const READY = { ok: true };

/** GenerateContainersReadyCondition: status, reason and message. */
function containersReady(pod: Pod, init: ContainerStatus[], main: ContainerStatus[], phase: Phase): { ok: boolean; reason?: string; message?: string } {
  const r: Readiness = {};
  const inits = pod.spec?.initContainers ?? [];
  const mains = pod.spec?.containers ?? [];
  for (let i = 0; i < inits.length; i++) if (isRestartableInitContainer(inits[i])) readiness(inits[i], init, main, r);
  for (let i = 0; i < mains.length; i++) readiness(mains[i], init, main, r);
  if (phase === 'Succeeded' && r.unknown === undefined) return { ok: false, reason: 'PodCompleted' };
  if (phase === 'Failed') return { ok: false, reason: 'PodFailed' };
  if (r.unknown === undefined && r.unready === undefined) return READY;
  const unknown = r.unknown !== undefined ? `containers with unknown status: [${r.unknown}]` : undefined;
  const unready = r.unready !== undefined ? `containers with unready status: [${r.unready}]` : undefined;
  return { ok: false, reason: 'ContainersNotReady', message: unknown && unready ? `${unknown}, ${unready}` : (unknown ?? unready) };
}

const COMPLETED = { ok: true, reason: 'PodCompleted' };

/** GeneratePodInitializedCondition (the name lists made only when there are names: most pods have no init containers). */
function initialized(pod: Pod, init: ContainerStatus[], main: ContainerStatus[], phase: Phase): { ok: boolean; reason?: string; message?: string } {
  let unknown: string[] | undefined;
  let incomplete: string[] | undefined;
  const inits = pod.spec?.initContainers ?? [];
  for (let i = 0; i < inits.length; i++) {
    const c = inits[i];
    const s = named(init, c.name);
    if (!s) { (unknown ??= []).push(c.name); continue; }
    if (isRestartableInitContainer(c) ? !s.started : !s.ready) (incomplete ??= []).push(c.name);
  }
  if (phase === 'Succeeded' && !unknown) return COMPLETED;
  if (anyStarted(main)) return READY;
  if (!unknown && !incomplete) return READY;
  const msgs = [
    ...(unknown ? [`containers with unknown status: ${list(unknown)}`] : []),
    ...(incomplete ? [`containers with incomplete status: ${list(incomplete)}`] : []),
  ];
  return { ok: false, reason: 'ContainersNotInitialized', message: msgs.join(', ') };
}

/** The pod's readiness gates: conditions that other components set. */
function readinessGates(pod: Pod, conditions: readonly PodCondition[]): string | undefined {
  const msgs: string[] = [];
  for (const g of pod.spec?.readinessGates ?? []) {
    const c = conditions.find((x) => x.type === g.conditionType);
    if (!c) msgs.push(`corresponding condition of pod readiness gate "${g.conditionType}" does not exist.`);
    else if (c.status !== 'True') msgs.push(`the status of pod readiness gate "${g.conditionType}" is not "True", but ${c.status}`);
  }
  return msgs.length ? msgs.join(', ') : undefined;
}

/**
 * The conditions other components own, in their order, then DisruptionTarget if any: a list only when there are
 * some (most pods have none; the status's conditions list is made either way).
 */
function othersOf(prev: PodCondition[] | undefined, disruption: PodCondition | undefined): readonly PodCondition[] {
  let out: PodCondition[] | undefined;
  if (prev) {
    for (let i = 0; i < prev.length; i++) {
      const c = prev[i];
      if (!KUBELET_CONDITIONS.has(c.type) && c.type !== 'DisruptionTarget') (out ??= []).push(c);
    }
  }
  if (disruption) (out ??= []).push(disruption);
  return out ?? NO_CONDITIONS;
}
const NO_CONDITIONS: readonly PodCondition[] = Object.freeze([]);

export function podStatus(pod: Pod, input: StatusInput): PodStatus {
  const prev = pod.status?.conditions;
  let phase = podPhase(pod, input.initContainers, input.containers, input.podIsTerminal);
  if (input.failure) phase = 'Failed';
  // Pods never leave a terminal phase.
  const old = pod.status?.phase;
  if ((old === 'Failed' || old === 'Succeeded') && phase !== old) phase = old;
  const disruption = input.failure?.disruption ?? conditionOf(prev, 'DisruptionTarget');
  const others = othersOf(prev, disruption);
  const cr = containersReady(pod, input.initContainers, input.containers, phase);
  const gates = cr.ok ? readinessGates(pod, others) : undefined;
  const ready = gates ? { ok: false, reason: 'ReadinessGatesNotReady', message: gates } : cr;
  const init = initialized(pod, input.initContainers, input.containers, phase);
  const scheduled = conditionOf(prev, 'PodScheduled');
  const sameFailure = old === phase;
  const reason = input.failure?.reason ?? (sameFailure ? pod.status?.reason : undefined);
  const message = input.failure?.message ?? (sameFailure ? pod.status?.message : undefined);
  // The stored status's other fields first, in their order (as a spread of it would place them), then the
  // kubelet's. Assigned one by one: a spread per optional field costs a runtime call each, and a status spread
  // from the stored (frozen) one gets a hidden class of its own, kept per pod since the store keeps this status
  // as it is built (handed over).
  const status: PodStatus = {};
  const was = pod.status as Record<string, unknown> | undefined;
  if (was) for (const k in was) if (k !== 'reason' && k !== 'message' && k !== 'initContainerStatuses') (status as Record<string, unknown>)[k] = was[k];
  status.phase = phase;
  const own = [
    condition('PodReadyToStartContainers', input.sandboxReady, input.now, prev),
    condition('Initialized', init.ok, input.now, prev, init.reason, init.message),
    condition('Ready', ready.ok, input.now, prev, ready.reason, ready.message),
    condition('ContainersReady', cr.ok, input.now, prev, cr.reason, cr.message),
    scheduled ? (scheduled.status === 'True' ? scheduled : { ...scheduled, status: 'True' }) : condition('PodScheduled', true, input.now, prev),
  ];
  status.conditions = stored(others.length ? [...others, ...own] : own, prev);
  if (reason) status.reason = reason;
  if (message) status.message = message;
  status.hostIP = input.hostIP;
  status.hostIPs = stored(hostIPsOf(input.hostIP), pod.status?.hostIPs);
  // The lists that are new (not the stored ones) are frozen here: the store keeps a frozen part of a handed-over
  // status as it is, where it would copy an unfrozen list. The conditions are left to the store, which shares
  // equal lists between pods.
  if (input.podIP) {
    status.podIP = input.podIP;
    status.podIPs = deepFreeze(stored([{ ip: input.podIP }], pod.status?.podIPs));
  }
  status.startTime = pod.status?.startTime ?? input.now;
  if (input.initContainers.length) status.initContainerStatuses = deepFreeze(stored(input.initContainers, pod.status?.initContainerStatuses));
  status.containerStatuses = deepFreeze(stored(input.containers, pod.status?.containerStatuses));
  if (input.ephemeralContainers?.length) status.ephemeralContainerStatuses = deepFreeze(stored(input.ephemeralContainers, pod.status?.ephemeralContainerStatuses));
  return status;
}
