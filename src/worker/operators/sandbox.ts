// Runs one user operator's reconcile function in its own worker, one reconcile at a time, each within a
// wall-clock budget. A reconcile that overruns (an infinite loop) cannot be interrupted inside the worker, so
// the worker is terminated and a fresh one loads the code again. Every failure becomes the result's error
// (the engine turns it into a Warning Event); an answer's actions are validated before the engine sees them.
import type { ReconcileRequest, ReconcileResult } from '../../engine/operators/external.ts';
import { InvalidResultError, validateResult } from './actions.ts';
import type { SandboxReply, SandboxRequest } from './protocol.ts';
import { sandboxMain } from './sandboxMain.ts';

/** The part of a Web Worker the runner uses (a Node worker_threads adapter in tests). */
export interface SandboxWorker {
  postMessage(message: SandboxRequest): void;
  terminate(): void;
  onmessage: ((e: { data: SandboxReply }) => void) | null;
  onerror: ((e: { message?: string }) => void) | null;
}

/** Start a worker running `source` (a classic script). */
export type SpawnSandbox = (source: string) => SandboxWorker;

/** The sandbox worker's whole source text. */
export const SANDBOX_SOURCE = `(${sandboxMain.toString()})(self);\n`;

/** Wall-clock ms one reconcile may take. */
export const RECONCILE_BUDGET_MS = 500;
/** Wall-clock ms a fresh worker may take to start and run the code's top level. */
export const LOAD_BUDGET_MS = 5000;

export interface SandboxOptions {
  spawn: SpawnSandbox;
  budgetMs?: number;
  loadBudgetMs?: number;
}

interface Waiting {
  id: number;
  resolve(r: ReconcileResult): void;
  timer: ReturnType<typeof setTimeout>;
}

export class SandboxRunner {
  private worker: SandboxWorker | undefined;
  private waiting: Waiting | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private disposed = false;
  /** Why the code did not load (a syntax error, no reconcile function), once a worker said so. */
  loadError: string | undefined;
  /** Workers started (the first, and one after each time-out). */
  starts = 0;
  /** Reconciles in a row that overran the budget (0 after any answer). */
  overruns = 0;

  constructor(private readonly code: string, private readonly opts: SandboxOptions) {}

  /** Reconciles run one after another; each answers within the budget. */
  reconcile(request: ReconcileRequest, nowMs: number): Promise<ReconcileResult> {
    const run = this.queue.then(() => this.runOne(request, nowMs));
    this.queue = run.catch(() => undefined);
    return run;
  }

  dispose(): void {
    this.disposed = true;
    this.stopWorker();
    this.settle({ error: 'the operator was removed' });
  }

  private async runOne(request: ReconcileRequest, nowMs: number): Promise<ReconcileResult> {
    if (this.disposed) return { error: 'the operator was removed' };
    const loaded = await this.ensureWorker();
    if (loaded.error !== undefined) return loaded;
    if (this.loadError !== undefined) return { error: this.loadError };
    return this.ask(
      this.nextId++,
      (id) => this.worker!.postMessage({ type: 'reconcile', id, now: nowMs, request }),
      this.opts.budgetMs ?? RECONCILE_BUDGET_MS,
      (ms) => `the reconcile did not finish within ${ms} ms: its worker was stopped and a fresh one started`,
    );
  }

  /** A worker with the code loaded; a fresh one after a time-out. Resolves with an error if loading failed. */
  private ensureWorker(): Promise<ReconcileResult> {
    if (this.worker) return Promise.resolve({});
    const worker = this.opts.spawn(SANDBOX_SOURCE);
    this.starts++;
    this.worker = worker;
    worker.onmessage = (e) => this.onReply(e.data);
    worker.onerror = (e) => {
      this.stopWorker();
      this.settle({ error: `the operator's worker failed: ${e.message ?? 'unknown error'}` });
    };
    return this.ask(0, () => worker.postMessage({ type: 'load', code: this.code }), this.opts.loadBudgetMs ?? LOAD_BUDGET_MS,
      (ms) => `the operator's code did not load within ${ms} ms: its worker was stopped`);
  }

  /** Send one message and wait for its answer (id 0: the load) or the budget, whichever comes first. */
  private ask(id: number, send: (id: number) => void, budgetMs: number, overrun: (ms: number) => string): Promise<ReconcileResult> {
    return new Promise<ReconcileResult>((resolve) => {
      const timer = setTimeout(() => {
        this.stopWorker(); // the next reconcile starts a fresh worker
        this.overruns++;
        this.settle({ error: overrun(budgetMs) });
      }, budgetMs);
      this.waiting = { id, resolve, timer };
      send(id);
    });
  }

  private onReply(reply: SandboxReply): void {
    if (reply.type === 'loaded') {
      this.loadError = reply.error;
      if (this.waiting?.id === 0) this.settle({});
      return;
    }
    if (reply.id !== this.waiting?.id) return;
    this.overruns = 0;
    if (reply.error !== undefined) return this.settle({ error: reply.error });
    try {
      this.settle(validateResult(reply.result));
    } catch (e) {
      if (!(e instanceof InvalidResultError)) throw e;
      this.settle({ error: `invalid reconcile result: ${e.message}` });
    }
  }

  private settle(result: ReconcileResult): void {
    const w = this.waiting;
    if (!w) return;
    this.waiting = undefined;
    clearTimeout(w.timer);
    w.resolve(result);
  }

  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }
}
