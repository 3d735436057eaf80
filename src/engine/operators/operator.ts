// Operators: controllers for custom resources that run inside the simulation on the same informer / workqueue /
// reconcile machinery as the built-in controllers. Each built-in operator brings its CRDs, which it registers
// when it is installed (as applying an operator's manifests does).
import type { CustomResourceDefinition } from 'kubernetes-types/apiextensions/v1';
import type { KubeObject, Stored } from '../api/object.ts';
import type { AdmissionPlugin } from '../apiserver/admission/index.ts';
import type { Store } from '../apiserver/store.ts';
import type { Controller } from '../client/controller.ts';
import type { EventRecorder } from '../client/events.ts';
import type { SharedInformerFactory } from '../client/informer.ts';
import type { SimClock } from '../sim/clock.ts';

export interface OperatorDeps {
  store: Store;
  clock: SimClock;
  informers: SharedInformerFactory;
  recorder: EventRecorder;
  /** The page's editor documents and word of their changes (Argo CD's repositories are folders of them). */
  documents?: { readonly files: ReadonlyMap<string, string>; onChange(listener: () => void): () => void; readonly tools?: ManifestTools };
}

/** helm template's inputs as Argo CD's repo-server passes them (value files are paths in the file map). */
export interface HelmTemplateOptions {
  releaseName: string;
  namespace: string;
  valueFiles: string[];
  /** spec.source.helm.values (or valuesObject as JSON), applied after the value files. */
  values?: string;
  parameters: { name: string; value: string; forceString?: boolean }[];
}

/**
 * The manifest generators a repository server runs, which live outside the operators (helm template, kustomize
 * build over the file map); each throws an Error with the tool's own text.
 */
export interface ManifestTools {
  helmTemplate(files: ReadonlyMap<string, string>, path: string, opts: HelmTemplateOptions): KubeObject[];
  kustomizeBuild(files: ReadonlyMap<string, string>, path: string): KubeObject[];
}

/** The scheduler profiles an operator may need (the training operator's gang scheduler). */
export interface SchedulerProfiles {
  /** Make sure a profile of this name exists with Coscheduling enabled (scheduler-plugins' sample configuration). */
  ensureCoschedulingProfile(schedulerName: string): void;
}

export interface BuiltinOperator {
  /** What `sim operator install NAME` takes. */
  name: string;
  description: string;
  crds: Stored<CustomResourceDefinition>[];
  controllers(deps: OperatorDeps): Controller[];
  /** The operator's admission webhooks (e.g. Kueue suspends a queued Job as it is created). */
  webhooks?(deps: OperatorDeps): AdmissionPlugin[];
  /** Objects installing it creates (its namespace, workloads, webhook configurations); uninstalling deletes them. */
  manifests?(): KubeObject[];
  /** The webhooks its pods serve behind their Services (store.serveWebhook); each returns its stop. */
  serve?(deps: OperatorDeps): (() => void)[];
  /** Scheduler profiles the operator's pods use. */
  schedulerName?: string;
  /** Why it cannot be installed on this cluster (a kind name another group serves), or undefined. */
  conflict?(deps: OperatorDeps): string | undefined;
}

/** An owner reference that makes the operator's object a dependent the garbage collector removes with its owner. */
export function controllerRef(owner: KubeObject) {
  return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true };
}

export type Condition = { type: string; status: 'True' | 'False' | 'Unknown'; reason?: string; message?: string; lastUpdateTime?: string; lastTransitionTime?: string };
