// User-written operators: a reconcile function that lives outside the engine (the page runs it in an isolated
// worker) driven by the same informer / workqueue machinery as every controller. The engine hands it a request
// (the object and the objects it owns, as a cached client reads them) and applies the writes it returns, in
// order, through the API server. A reconcile that fails, writes more than its budget, or loops (the same object
// reconciled again and again within one simulated second) is reported as a Warning Event on the object; a
// looping operator is stopped while the cluster keeps running.
// Simplification: reads see the informer cache at the moment of the request (no reads after a write within one
// reconcile); the code itself and its wall-clock time budget belong to the page, so external operators are not
// part of snapshots. While an asynchronous answer is out the clock is held: `advance` and `sim advance` stop at that
// instant and time passes again once it arrives.
import type { KubeObject } from '../api/object.ts';
import { objectKey, splitKey } from '../api/object.ts';
import type { PatchType } from '../apiserver/store.ts';
import { Controller } from '../client/controller.ts';
import type { EventRecorder } from '../client/events.ts';
import type { Informer } from '../client/informer.ts';
import { ExponentialRateLimiter } from '../client/workqueue.ts';
import type { OperatorDeps } from './operator.ts';

export interface ReconcileRequest {
  id: number;
  operator: string;
  /** "namespace/name" (or "name") of the object to reconcile. */
  key: string;
  /** The object, or undefined once it is gone. */
  object?: KubeObject;
  /** The objects whose controller is this object, of the kinds the operator owns. */
  owned: KubeObject[];
}

export type ReconcileAction =
  | { op: 'create'; object: KubeObject }
  | { op: 'update'; object: KubeObject; subresource?: 'status' }
  | { op: 'patch'; kind: string; namespace?: string; name: string; patch: unknown; type?: PatchType }
  | { op: 'delete'; kind: string; namespace?: string; name: string }
  | { op: 'event'; type: 'Normal' | 'Warning'; reason: string; message: string };

export interface ReconcileResult {
  actions?: ReconcileAction[];
  /** Reconcile again after this many simulated seconds. */
  requeueAfterSeconds?: number;
  /** What the reconcile function threw (or its runner reported: a time-out, a syntax error). */
  error?: string;
  /** The runner gives up on the operator (it keeps overrunning its time budget): stop it, saying why. */
  stop?: string;
}

/** Runs one reconcile; may answer at once or later (from a worker). */
export type ReconcileDriver = (req: ReconcileRequest) => ReconcileResult | Promise<ReconcileResult>;

export interface ExternalOperatorSpec {
  name: string;
  /** The kind it reconciles (a CRD's kind, or a built-in one). */
  kind: string;
  /** Kinds it creates and owns: a change to one wakes its owner. */
  owns?: string[];
  /** Writes allowed per reconcile (default 50). */
  maxWritesPerReconcile?: number;
}

const DEFAULT_WRITE_BUDGET = 50;
/** More reconciles of one object than this within one simulated second is a loop. */
const LOOP_LIMIT = 100;

export class ExternalOperator extends Controller {
  private readonly primary: Informer;
  private readonly owned: Informer[];
  private readonly event: ReturnType<EventRecorder['forSource']>;
  private nextId = 1;
  /** Keys whose reconcile is running outside, with the clock hold released when it answers. */
  private readonly inFlight = new Map<string, () => void>();
  private readonly dirty = new Set<string>();
  private readonly recent = new Map<string, { second: number; count: number }>();
  /** The retry backoff of failed reconciles, kept here: the queue sees every (asynchronous) request succeed. */
  private readonly backoff = new ExponentialRateLimiter();
  /** Why the operator was stopped, if it was. */
  stopped: string | undefined;
  /** Reconciles answered (successful or not), and those that failed. */
  reconciles = 0;
  failures = 0;

  constructor(private readonly deps: OperatorDeps, readonly spec: ExternalOperatorSpec, private readonly driver: ReconcileDriver) {
    super(spec.name, deps.clock);
    this.primary = deps.informers.informerFor(spec.kind);
    this.owned = (spec.owns ?? []).map((k) => deps.informers.informerFor(k));
    this.event = deps.recorder.forSource({ component: spec.name });
  }

  start(): void {
    this.primary.addEventHandler({ add: (o) => this.queue.add(objectKey(o)), update: (_p, o) => this.queue.add(objectKey(o)), delete: (o) => this.queue.add(objectKey(o)) });
    const wakeOwner = (o: KubeObject) => {
      const ref = o.metadata.ownerReferences?.find((r) => r.controller && r.kind === this.spec.kind);
      if (ref) this.queue.add(o.metadata.namespace ? `${o.metadata.namespace}/${ref.name}` : ref.name);
    };
    for (const inf of this.owned) inf.addEventHandler({ add: wakeOwner, update: (_p, o) => wakeOwner(o), delete: wakeOwner });
  }

  protected sync(key: string): void {
    if (this.stopped) return;
    if (this.inFlight.has(key)) { this.dirty.add(key); return; }
    if (this.isLooping(key)) return;
    const { namespace, name } = splitKey(key);
    const object = this.primary.getByName(namespace, name);
    const owned = object ? this.owned.flatMap((inf) => inf.list().filter((o) => o.metadata.ownerReferences?.some((r) => r.controller && r.uid === object.metadata.uid))) : [];
    const req: ReconcileRequest = { id: this.nextId++, operator: this.spec.name, key, object, owned };
    let answer: ReconcileResult | Promise<ReconcileResult>;
    try {
      answer = this.driver(req);
    } catch (e) {
      answer = { error: (e as Error).message ?? String(e) };
    }
    if (!(answer instanceof Promise)) {
      this.inFlight.set(key, () => undefined);
      this.complete(key, answer);
      return;
    }
    // An answer from a worker: virtual time stands still until it comes (the simulation waits for the reconcile),
    // and the loop's trace shows the reconcile ending then, with its writes.
    this.inFlight.set(key, this.deps.clock.hold());
    this.loop.deferEnd();
    const later = (r: ReconcileResult) => this.complete(key, r, true);
    answer.then(later, (e: unknown) => later({ error: e instanceof Error ? e.message : String(e) }));
  }

  /** Stopped (removed, or looping): reconciles still out are not waited for. */
  override pause(): void {
    super.pause();
    for (const release of this.inFlight.values()) release();
    this.inFlight.clear();
  }

  /** Apply a reconcile's writes, or report why it failed; then let the key run again. */
  private complete(key: string, result: ReconcileResult, deferred = false): void {
    const release = this.inFlight.get(key);
    if (!release) return; // the operator was stopped meanwhile
    this.inFlight.delete(key);
    this.reconciles++;
    try {
      if (deferred) this.loop.endDeferred(key, () => this.finish(key, result));
      else this.finish(key, result);
    } finally {
      release();
    }
  }

  /** Returns the error, if the reconcile failed. */
  private finish(key: string, result: ReconcileResult): string | undefined {
    const { namespace, name } = splitKey(key);
    const object = this.primary.getByName(namespace, name);
    const actions = result.actions ?? [];
    const budget = this.spec.maxWritesPerReconcile ?? DEFAULT_WRITE_BUDGET;
    let error = result.error;
    if (!error && actions.length > budget) error = `the reconcile asked for ${actions.length} writes, more than its budget of ${budget}: none was made`;
    if (!error) {
      for (const a of actions) {
        try {
          this.apply(a, object);
        } catch (e) {
          error = (e as Error).message;
          break;
        }
      }
    }
    if (error) {
      this.failures++;
      this.lastError = { key, message: error };
      if (object) this.event(object, 'Warning', 'ReconcileError', `Reconciler error: ${error}`);
      this.queue.addAfter(key, this.backoff.when(key));
    } else {
      this.backoff.forget(key);
      if (result.requeueAfterSeconds !== undefined && result.requeueAfterSeconds > 0) this.queue.addAfter(key, result.requeueAfterSeconds * 1000);
    }
    if (result.stop) this.halt(key, 'OperatorStopped', result.stop);
    else if (this.dirty.delete(key)) this.queue.add(key);
    return error;
  }

  private apply(a: ReconcileAction, object: KubeObject | undefined): void {
    const store = this.deps.store;
    switch (a.op) {
      case 'create': store.create(a.object); break;
      case 'update': store.update(a.object, a.subresource ? { subresource: a.subresource } : {}); break;
      case 'patch': store.patch(a.kind, a.namespace, a.name, a.patch, { type: a.type ?? 'merge' }); break;
      case 'delete': store.delete(a.kind, a.namespace, a.name); break;
      case 'event': if (object) this.event(object, a.type, a.reason, a.message); break;
      default: throw new Error(`unknown write "${(a as { op: string }).op}"`);
    }
  }

  /** Stop the operator when one object keeps being reconciled within the same simulated second. */
  private isLooping(key: string): boolean {
    const second = Math.floor(this.deps.clock.now() / 1000);
    const r = this.recent.get(key);
    const count = r && r.second === second ? r.count + 1 : 1;
    this.recent.set(key, { second, count });
    if (count <= LOOP_LIMIT) return false;
    this.halt(key, 'ReconcileLoop', `${key} was reconciled more than ${LOOP_LIMIT} times within one second of simulated time: the operator is stopped`);
    return true;
  }

  /** Stop reconciling for good, with a Warning Event on the object that made it stop. */
  private halt(key: string, reason: string, message: string): void {
    this.stopped = message;
    this.lastError = { key, message };
    const { namespace, name } = splitKey(key);
    const object = this.primary.getByName(namespace, name);
    if (object) this.event(object, 'Warning', reason, message);
    this.pause();
  }
}
