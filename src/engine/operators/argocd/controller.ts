// argocd-application-controller: for each Application in the argocd namespace, compare the repository's manifests
// with the live objects (on any change of the application, of a resource it tracks, of the documents — the
// repository's webhook — and every 180 s, timeout.reconciliation), keep status (sync, health, resources,
// conditions), run the operation a sync request wrote (.operation), and with an automated sync policy start one
// itself: at once for a new revision, and with selfHeal 5 s after the last sync for drift of the same revision.
// Simplification: one work queue for refreshes and operations; no sync retries, hooks, waves or sync windows;
// an operation runs within one pass (see sync.ts).
import { objectKey, splitKey } from '../../api/object.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer } from '../../client/informer.ts';
import type { OperatorDeps } from '../operator.ts';
import { compare, statusResources, type Comparison } from './compare.ts';
import { recordCommit, type DocumentSource } from './repository.ts';
import { runSync } from './sync.ts';
import {
  ARGOCD_NAMESPACE, CONTROLLER, HISTORY_LIMIT, RECONCILIATION_MS, SELF_HEAL_TIMEOUT_MS, TRACKING_LABEL,
  type Application, type ApplicationCondition, type ApplicationStatus, type Operation, type OperationState,
} from './types.ts';

const NO_DOCUMENTS: DocumentSource = { files: new Map(), onChange: () => () => undefined };
/** The running controller of a cluster's API server, for the argocd CLI's wait on an operation. */
const running = new WeakMap<object, ApplicationController>();
export const applicationController = (store: object) => running.get(store);

const ms = (rfc3339: string | undefined) => (rfc3339 ? Date.parse(rfc3339) : 0);

export class ApplicationController extends Controller {
  private readonly apps: Informer<Application>;
  private readonly event: ReturnType<OperatorDeps['recorder']['forSource']>;
  private readonly docs: DocumentSource;

  constructor(private readonly deps: OperatorDeps) {
    super(CONTROLLER, deps.clock);
    this.apps = deps.informers.informerFor<Application>('Application');
    this.event = deps.recorder.forSource({ component: CONTROLLER });
    this.docs = deps.documents ?? NO_DOCUMENTS;
    running.set(deps.store, this);
  }

  start(): void {
    const mine = (a: Application) => { if (a.metadata.namespace === ARGOCD_NAMESPACE) this.queue.add(objectKey(a)); };
    this.apps.addEventHandler({ add: mine, update: (_o, a) => mine(a) });
    // The cluster cache: a change to an object carrying an application's tracking label refreshes that application.
    this.deps.store.watchAll((e) => {
      const app = e.object.kind !== 'Application' ? e.object.metadata.labels?.[TRACKING_LABEL] : undefined;
      if (app) this.queue.add(`${ARGOCD_NAMESPACE}/${app}`);
    });
    this.docs.onChange(() => { for (const a of this.apps.list()) mine(a); });
  }

  /** Run the application's pass now (argocd app sync waits for its operation this way). */
  syncNow(namespace: string, name: string): void { this.sync(`${namespace}/${name}`); }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    let app = this.deps.store.tryGet<Application>('Application', namespace, name);
    if (!app || namespace !== ARGOCD_NAMESPACE || app.metadata.deletionTimestamp) return;
    if (app.operation) app = this.runOperation(app);
    const now = this.clock.nowRFC3339();
    const cmp = compare(this.deps.store, this.docs, app, now);
    if (cmp.repo) recordCommit(this.deps.store, cmp.repo);
    const autoSync = this.autoSync(app, cmp);
    app = this.persist(app, cmp, autoSync.condition);
    if (autoSync.operation) this.startOperation(app, autoSync.operation);
    // timeout.reconciliation: the next comparison comes at the latest 180 s after this one.
    this.queue.addAfter(key, Math.max(1, ms(app.status?.reconciledAt) + RECONCILIATION_MS - this.clock.now()));
  }

  /** The status this comparison gives, written (with its Events) when it differs from what is stored. */
  private persist(app: Application, cmp: Comparison, syncError?: ApplicationCondition): Application {
    const old = app.status ?? {};
    const now = this.clock.nowRFC3339();
    const conditions: ApplicationCondition[] = [];
    for (const c of [cmp.error, syncError]) {
      if (!c) continue;
      const prev = old.conditions?.find((p) => p.type === c.type && p.message === c.message);
      conditions.push(prev ?? c);
    }
    const status: ApplicationStatus = {
      ...old,
      resources: cmp.error ? old.resources ?? [] : statusResources(cmp),
      sync: { status: cmp.sync, ...(cmp.repo ? { revision: cmp.repo.revision } : old.sync?.revision ? { revision: old.sync.revision } : {}), comparedTo: { source: app.spec.source, destination: app.spec.destination } },
      health: cmp.health,
      sourceType: cmp.repo?.type ?? old.sourceType ?? 'Directory',
      controllerNamespace: ARGOCD_NAMESPACE,
    };
    if (conditions.length) status.conditions = conditions; else delete status.conditions;
    const due = ms(old.reconciledAt) + RECONCILIATION_MS <= this.clock.now();
    if (!due && jsonEqual({ ...status, reconciledAt: undefined }, { ...old, reconciledAt: undefined })) return app;
    status.reconciledAt = now;
    if (old.sync?.status !== status.sync!.status) this.event(app, 'Normal', 'ResourceUpdated', `Updated sync status: ${old.sync?.status ?? ''} -> ${status.sync!.status}`);
    if (old.health?.status !== status.health!.status) this.event(app, 'Normal', 'ResourceUpdated', `Updated health status: ${old.health?.status ?? ''} -> ${status.health!.status}`);
    return this.deps.store.update<Application>({ ...app, status });
  }

  /** Automated sync: what operation to start, if any, or why an attempt is held back. */
  private autoSync(app: Application, cmp: Comparison): { operation?: Operation; condition?: ApplicationCondition } {
    const auto = app.spec.syncPolicy?.automated;
    if (!auto || app.operation || cmp.error || cmp.sync !== 'OutOfSync' || !cmp.repo) return {};
    const revision = cmp.repo.revision;
    const outOfSync = cmp.resources.filter((r) => r.status.status === 'OutOfSync');
    // Nothing to do but delete, and deleting is not allowed.
    if (!auto.prune && outOfSync.every((r) => r.status.requiresPruning)) return {};
    const last = app.status?.operationState;
    const attempted = last?.syncResult?.revision === revision && jsonEqual(last.syncResult.source, app.spec.source);
    let resources;
    if (attempted) {
      if (last.phase !== 'Succeeded') return { condition: { type: 'SyncError', message: `Failed sync attempt to ${revision}: ${last.message}`, lastTransitionTime: this.clock.nowRFC3339() } };
      if (!auto.selfHeal) return {};
      const wait = ms(last.finishedAt) + SELF_HEAL_TIMEOUT_MS - this.clock.now();
      if (wait > 0) { this.queue.addAfter(objectKey(app), wait); return {}; }
      resources = outOfSync.filter((r) => !r.status.requiresPruning || auto.prune).map((r) => ({ ...(r.group ? { group: r.group } : {}), kind: r.kind, ...(r.namespace ? { namespace: r.namespace } : {}), name: r.name }));
    }
    const syncOptions = app.spec.syncPolicy?.syncOptions;
    return { operation: { sync: { revision, ...(auto.prune ? { prune: true } : {}), ...(syncOptions?.length ? { syncOptions } : {}), ...(resources ? { resources } : {}) }, initiatedBy: { automated: true }, retry: { limit: 5 } } };
  }

  private startOperation(app: Application, operation: Operation): void {
    try {
      this.deps.store.update<Application>({ ...app, operation });
    } catch (e) {
      if (isStatusError(e, 'Conflict')) return; // the next pass decides again
      throw e;
    }
    this.event(app, 'Normal', 'OperationStarted', `Initiated automated sync to '${operation.sync!.revision}'`);
  }

  /** Run the requested sync, record its state and history, and clear the request. */
  private runOperation(app: Application): Application {
    const op = app.operation!;
    const sync = op.sync ?? {};
    const startedAt = this.clock.nowRFC3339();
    const target = sync.source ? { ...app, spec: { ...app.spec, source: sync.source } } : app;
    const cmp = compare(this.deps.store, this.docs, target, startedAt, sync.revision);
    let state: OperationState;
    if (cmp.error || !cmp.repo) {
      state = { operation: op, phase: 'Error', message: `ComparisonError: ${cmp.error?.message ?? ''}`, startedAt, finishedAt: startedAt };
    } else {
      const out = runSync(this.deps.store, target, sync, cmp);
      state = { operation: op, phase: out.phase, message: out.message, startedAt, finishedAt: startedAt, syncResult: { resources: out.results, revision: cmp.repo.revision, source: target.spec.source } };
    }
    const status: ApplicationStatus = { ...(app.status ?? {}), operationState: state };
    if (state.phase === 'Succeeded' && !sync.dryRun) {
      const history = [...(app.status?.history ?? [])];
      history.push({ id: (history.at(-1)?.id ?? -1) + 1, revision: cmp.repo!.revision, deployedAt: startedAt, deployStartedAt: startedAt, source: target.spec.source, ...(op.initiatedBy ? { initiatedBy: op.initiatedBy } : {}) });
      status.history = history.slice(-(app.spec.revisionHistoryLimit ?? HISTORY_LIMIT));
    }
    const next: Application = { ...app, status };
    delete next.operation;
    const written = this.deps.store.update<Application>(next);
    const partial = sync.resources?.length ? 'Partial sync operation' : 'Sync operation';
    const to = cmp.repo?.revision ?? sync.revision ?? '';
    if (state.phase === 'Succeeded') this.event(written, 'Normal', 'OperationCompleted', `${partial} to ${to} succeeded`);
    else this.event(written, 'Warning', 'OperationCompleted', `${partial} to ${to} failed: ${state.message}`);
    return written;
  }
}
