// The kubelet's prober (pkg/kubelet/prober): one worker per container instance and probe type, ticking every
// periodSeconds on a grid that starts when the kubelet took the pod, as the upstream workers' tickers do.
// A result only changes after failureThreshold failures or successThreshold successes in a row; readiness
// starts as Failure, liveness as Success, startup as Unknown; liveness and readiness wait for startup to
// succeed. A failed liveness or startup result puts the worker on hold until the container is replaced.
// Simplifications: simulated handlers answer at once, so timeoutSeconds never trips; no random first delay
// (upstream spreads probes out after a kubelet restart).
import type { Container, Pod, Probe } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { SimClock, TimerId } from '../../sim/clock.ts';
import type { ProbeType } from '../runtime/behavior.ts';
import type { ProbeTarget } from '../runtime/cri.ts';

export type ProbeResult = 'success' | 'failure' | 'unknown';

const INITIAL: Record<ProbeType, ProbeResult> = { liveness: 'success', readiness: 'failure', startup: 'unknown' };
const FIELD: Record<ProbeType, 'livenessProbe' | 'readinessProbe' | 'startupProbe'> = { liveness: 'livenessProbe', readiness: 'readinessProbe', startup: 'startupProbe' };
const TITLE: Record<ProbeType, string> = { liveness: 'Liveness', readiness: 'Readiness', startup: 'Startup' };

type Emit = (pod: Pod & KubeObject, type: 'Normal' | 'Warning', reason: string, message: string, fieldPath?: string) => void;

interface Worker {
  type: ProbeType;
  probe: Probe;
  containerId: string;
  startedAt: number;
  result: ProbeResult;
  lastResult?: ProbeResult;
  resultRun: number;
  onHold: boolean;
  timer?: TimerId;
}

export interface ProberContext {
  pod: Pod & KubeObject;
  container: Container;
  fieldPath: string;
  podIP: string;
  /** The grid probes tick on: when the kubelet began working on the pod. */
  epoch: number;
}

export interface ProberHost {
  /** A result changed (readiness drives Ready; startup lets the others begin; liveness failure restarts). */
  resultChanged(podUid: string, containerId: string, type: ProbeType, result: ProbeResult): void;
}

export class Prober {
  /** containerId → its workers. */
  private readonly byContainer = new Map<string, { ctx: ProberContext; workers: Worker[] }>();

  constructor(private readonly clock: SimClock, private readonly target: ProbeTarget, private readonly emit: Emit, private readonly host: ProberHost) {}

  /** Start the workers of a container instance that began to run (optionally seeded with known results). */
  start(ctx: ProberContext, containerId: string, startedAt: number, seed: Partial<Record<ProbeType, ProbeResult>> = {}): void {
    this.stop(containerId);
    const workers: Worker[] = [];
    for (const type of ['startup', 'liveness', 'readiness'] as ProbeType[]) {
      const probe = ctx.container[FIELD[type]];
      if (!probe) continue;
      workers.push({ type, probe, containerId, startedAt, result: seed[type] ?? INITIAL[type], resultRun: 0, onHold: false });
    }
    if (!workers.length) return;
    this.byContainer.set(containerId, { ctx, workers });
    for (const w of workers) this.schedule(w, firstTick(ctx.epoch, startedAt, w.probe, this.clock.now()));
  }

  /** The container stopped: its workers stop with it. */
  stop(containerId: string): void {
    const entry = this.byContainer.get(containerId);
    if (!entry) return;
    for (const w of entry.workers) if (w.timer !== undefined) this.clock.cancel(w.timer);
    this.byContainer.delete(containerId);
  }

  /** The latest pod object, so that events and messages use it. */
  updatePod(containerId: string, pod: Pod & KubeObject): void {
    const entry = this.byContainer.get(containerId);
    if (entry) entry.ctx = { ...entry.ctx, pod };
  }

  has(containerId: string, type: ProbeType): boolean {
    return !!this.byContainer.get(containerId)?.workers.some((w) => w.type === type);
  }

  result(containerId: string, type: ProbeType): ProbeResult | undefined {
    return this.byContainer.get(containerId)?.workers.find((w) => w.type === type)?.result;
  }

  private schedule(w: Worker, at: number): void {
    w.timer = this.clock.after(at - this.clock.now(), () => {
      w.timer = undefined;
      const entry = this.byContainer.get(w.containerId);
      if (!entry) return;
      this.tick(entry.ctx, entry.workers, w);
      if (this.byContainer.get(w.containerId) === entry) this.schedule(w, this.clock.now() + periodMs(w.probe));
    });
  }

  /** worker.doProbe. */
  private tick(ctx: ProberContext, workers: Worker[], w: Worker): void {
    if (w.onHold) return;
    const startup = workers.find((x) => x.type === 'startup');
    if (w.type !== 'startup' && startup && startup.result !== 'success') return;
    if (w.type === 'startup' && w.result === 'success') return;
    const { ok, output } = this.run(ctx, w);
    const result: ProbeResult = ok ? 'success' : 'failure';
    if (!ok) this.emit(ctx.pod, 'Warning', 'Unhealthy', `${TITLE[w.type]} probe failed: ${output}`, ctx.fieldPath);
    if (w.lastResult === result) w.resultRun++;
    else { w.lastResult = result; w.resultRun = 1; }
    const threshold = result === 'failure' ? w.probe.failureThreshold ?? 3 : w.probe.successThreshold ?? 1;
    if (w.resultRun < threshold) return;
    const changed = w.result !== result;
    w.result = result;
    if ((w.type === 'liveness' || w.type === 'startup') && result === 'failure') {
      w.onHold = true;
      w.resultRun = 0;
    }
    if (changed) this.host.resultChanged(ctx.pod.metadata.uid!, w.containerId, w.type, result);
  }

  /** prober.runProbe with the simulated handlers. */
  private run(ctx: ProberContext, w: Worker): { ok: boolean; output: string } {
    const p = w.probe;
    if (p.exec) {
      const r = this.target.execProbe(w.containerId, p.exec.command ?? [], w.type);
      return { ok: r.exitCode === 0, output: r.stdout };
    }
    const ok = this.target.answers(w.containerId, w.type);
    if (p.httpGet) {
      const status = ok ? 200 : 500;
      this.target.logProbeRequest(w.containerId, p.httpGet.path ?? '/', status);
      return { ok, output: ok ? '' : `HTTP probe failed with statuscode: ${status}` };
    }
    if (p.tcpSocket) {
      const port = resolvePort(ctx.container, p.tcpSocket.port);
      return { ok, output: ok ? '' : `dial tcp ${p.tcpSocket.host ?? ctx.podIP}:${port}: connect: connection refused` };
    }
    if (p.grpc) return { ok, output: ok ? '' : 'service unhealthy (responded with "NOT_SERVING")' };
    return { ok, output: '' };
  }
}

function periodMs(p: Probe): number { return (p.periodSeconds ?? 10) * 1000; }

/** The first tick of the grid (epoch + k·period) at which `initialDelaySeconds` of running have passed. */
export function firstTick(epoch: number, startedAt: number, p: Probe, now: number): number {
  const period = periodMs(p);
  // doProbe skips while int(seconds since start) < initialDelaySeconds.
  const ready = Math.max(now, startedAt + (p.initialDelaySeconds ?? 0) * 1000);
  const k = Math.ceil((ready - epoch) / period);
  return epoch + Math.max(0, k) * period;
}

function resolvePort(c: Container, port: number | string): number | string {
  if (typeof port === 'number') return port;
  return c.ports?.find((p) => p.name === port)?.containerPort ?? port;
}
