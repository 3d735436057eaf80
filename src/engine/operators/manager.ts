// Installing and removing the built-in operators: their CRDs are created (kept when they exist) and their
// controllers start on the cluster's shared informers. Which operators run is kept in snapshots.
// Simplification: uninstalling stops the operator's controllers, deletes the objects its install created and keeps
// its CRDs and custom resources (as `helm uninstall` keeps CRDs); an operator is not paused with the controller-manager (it runs as its own Deployment).
import type { Controller } from '../client/controller.ts';
import type { BuiltinOperator, OperatorDeps, SchedulerProfiles } from './operator.ts';
import { ExternalOperator, type ExternalOperatorSpec, type ReconcileDriver } from './external.ts';
import { trainingOperator } from './training/index.ts';
import { servingOperator } from './serving/index.ts';
import { kueueOperator } from './kueue/index.ts';
import { rayOperator } from './ray/index.ts';
import { istioOperator } from './istio/index.ts';
import { argocdOperator } from './argocd/index.ts';
import { envoyGatewayOperator } from './envoygateway/index.ts';

export const BUILTIN_OPERATORS: BuiltinOperator[] = [trainingOperator, servingOperator, kueueOperator, rayOperator, istioOperator, argocdOperator, envoyGatewayOperator];

export interface OperatorStatus { name: string; description: string; installed: boolean; crds: string[] }

export class OperatorManager {
  private readonly running = new Map<string, Controller[]>();
  private readonly unhook = new Map<string, (() => void)[]>();
  private readonly external = new Map<string, ExternalOperator>();

  constructor(private readonly deps: OperatorDeps, private readonly scheduler: SchedulerProfiles) {}

  list(): OperatorStatus[] {
    return BUILTIN_OPERATORS.map((o) => ({ name: o.name, description: o.description, installed: this.running.has(o.name), crds: o.crds.map((c) => c.metadata.name!) }));
  }

  installed(): string[] {
    return [...this.running.keys()];
  }

  /** Install (or, restoring a snapshot, restart) an operator; its CRDs are created when missing. */
  install(name: string): void {
    const op = BUILTIN_OPERATORS.find((o) => o.name === name);
    if (!op) throw new Error(`unknown operator "${name}": expected one of ${BUILTIN_OPERATORS.map((o) => o.name).join(', ')}`);
    if (this.running.has(name)) throw new Error(`operator "${name}" is already installed`);
    const conflict = op.conflict?.(this.deps);
    if (conflict) throw new Error(`operator "${name}" cannot be installed: ${conflict}`);
    for (const crd of op.crds) if (!this.deps.store.tryGet(crd.kind, undefined, crd.metadata.name!)) this.deps.store.create(structuredClone(crd));
    for (const m of op.manifests?.() ?? []) if (!this.deps.store.tryGet(m.kind, m.metadata.namespace, m.metadata.name!)) this.deps.store.create(m);
    if (op.schedulerName) this.scheduler.ensureCoschedulingProfile(op.schedulerName);
    const controllers = op.controllers(this.deps);
    // Registered through the loop tap, so the control-loops view and `sim controller` see the operator's loops.
    for (const c of controllers) c.loop.registerHandlers(() => c.start());
    this.deps.informers.start();
    this.running.set(name, controllers);
    this.unhook.set(name, [...(op.webhooks?.(this.deps) ?? []).map((w) => this.deps.store.registerWebhook(w)), ...(op.serve?.(this.deps) ?? [])]);
  }

  /** Run a user-written operator (its reconcile function runs wherever the driver runs it). */
  installExternal(spec: ExternalOperatorSpec, driver: ReconcileDriver): ExternalOperator {
    if (this.external.has(spec.name) || BUILTIN_OPERATORS.some((o) => o.name === spec.name)) throw new Error(`operator "${spec.name}" already exists`);
    for (const kind of [spec.kind, ...(spec.owns ?? [])]) if (!this.deps.store.kinds.byKindName(kind)) throw new Error(`the server doesn't have a resource type "${kind}"`);
    const op = new ExternalOperator(this.deps, spec, driver);
    op.loop.registerHandlers(() => op.start()); // its informer events show in the control-loops view
    this.deps.informers.start();
    this.external.set(spec.name, op);
    return op;
  }

  removeExternal(name: string): void {
    const op = this.external.get(name);
    if (!op) throw new Error(`operator "${name}" is not installed`);
    op.pause();
    this.external.delete(name);
  }

  externalOperators(): ExternalOperator[] {
    return [...this.external.values()];
  }

  /** Every running operator loop, for `sim controller` and the control-loops view. */
  loopControllers(): Controller[] {
    return [...[...this.running.values()].flat(), ...this.external.values()];
  }

  uninstall(name: string): void {
    const controllers = this.running.get(name);
    if (!controllers) throw new Error(`operator "${name}" is not installed`);
    for (const c of controllers) c.pause();
    this.running.delete(name);
    for (const off of this.unhook.get(name) ?? []) off();
    this.unhook.delete(name);
    // Last created, first deleted: the namespace goes after what lives in it.
    const op = BUILTIN_OPERATORS.find((o) => o.name === name)!;
    for (const m of (op.manifests?.() ?? []).reverse()) if (this.deps.store.tryGet(m.kind, m.metadata.namespace, m.metadata.name!)) this.deps.store.delete(m.kind, m.metadata.namespace, m.metadata.name!);
  }
}
