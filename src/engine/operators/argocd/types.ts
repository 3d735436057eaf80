// Argo CD 2.13's Application (argoproj.io/v1alpha1) as its controller and CLI use it: the source (a repository,
// a path, a target revision), the destination, the sync policy, the operation a sync request writes and the status
// the application controller keeps (sync, health, resources, operation state, history, conditions).
import type { KubeObject } from '../../api/object.ts';

export const ARGOCD_VERSION = 'v2.13.2';
export const ARGOCD_NAMESPACE = 'argocd';
export const ARGOCD_IMAGE = `quay.io/argoproj/argocd:${ARGOCD_VERSION}`;
/** The in-cluster destination every Argo CD knows without registering a cluster. */
export const IN_CLUSTER = 'https://kubernetes.default.svc';
/** Resource tracking: 2.x's default method is the label (application.instanceLabelKey). */
export const TRACKING_LABEL = 'app.kubernetes.io/instance';
/** timeout.reconciliation: how often an application is compared with its repository anyway. */
export const RECONCILIATION_MS = 180_000;
/** --self-heal-timeout-seconds: how long after a sync the controller waits before correcting drift again. */
export const SELF_HEAL_TIMEOUT_MS = 5_000;
/** status.history keeps this many entries unless spec.revisionHistoryLimit says otherwise. */
export const HISTORY_LIMIT = 10;
export const CONTROLLER = 'argocd-application-controller';

export type SyncStatusCode = 'Synced' | 'OutOfSync' | 'Unknown';
export type HealthStatusCode = 'Healthy' | 'Progressing' | 'Degraded' | 'Suspended' | 'Missing' | 'Unknown';
export type OperationPhase = 'Running' | 'Succeeded' | 'Failed' | 'Error' | 'Terminating';

/** spec.source.helm: values for helm template (value files relative to the path, values text or object, --set parameters). */
export interface ApplicationSourceHelm {
  valueFiles?: string[]; values?: string; valuesObject?: Record<string, unknown>;
  parameters?: { name: string; value: string; forceString?: boolean }[]; releaseName?: string; ignoreMissingValueFiles?: boolean;
}
/** spec.source.kustomize: what `kustomize edit` sets in the kustomization before the build. */
export interface ApplicationSourceKustomize {
  namePrefix?: string; nameSuffix?: string; images?: string[]; commonLabels?: Record<string, string>; commonAnnotations?: Record<string, string>;
  namespace?: string; replicas?: { name: string; count: number | string }[];
}
export type ApplicationSourceType = 'Directory' | 'Helm' | 'Kustomize';
export interface ApplicationSource {
  repoURL: string; path?: string; targetRevision?: string;
  helm?: ApplicationSourceHelm; kustomize?: ApplicationSourceKustomize; directory?: { recurse?: boolean };
}
export interface SyncOperationResource { group?: string; kind: string; name: string; namespace?: string }
export interface SyncOperation { revision?: string; prune?: boolean; dryRun?: boolean; resources?: SyncOperationResource[]; syncOptions?: string[]; source?: ApplicationSource }
export interface Operation { sync?: SyncOperation; initiatedBy?: { username?: string; automated?: boolean }; info?: { name: string; value: string }[]; retry?: unknown }

export interface HealthStatus { status: HealthStatusCode; message?: string }

export interface ResourceStatus {
  group?: string; version: string; kind: string; namespace?: string; name: string;
  status: SyncStatusCode; health?: HealthStatus; requiresPruning?: boolean;
}

export interface ResourceResult {
  group: string; version: string; kind: string; namespace: string; name: string;
  status: 'Synced' | 'SyncFailed' | 'Pruned' | 'PruneSkipped'; message: string; hookPhase: OperationPhase; syncPhase: 'Sync';
}

export interface OperationState {
  operation: Operation; phase: OperationPhase; message: string; startedAt: string; finishedAt?: string;
  syncResult?: { resources: ResourceResult[]; revision: string; source: ApplicationSource };
}

export interface RevisionHistory { id: number; revision: string; deployedAt: string; deployStartedAt: string; source: ApplicationSource; initiatedBy?: Operation['initiatedBy'] }
export interface ApplicationCondition { type: string; message: string; lastTransitionTime?: string }

export interface ApplicationSpec {
  source: ApplicationSource;
  destination: { server?: string; name?: string; namespace?: string };
  project: string;
  syncPolicy?: { automated?: { prune?: boolean; selfHeal?: boolean; allowEmpty?: boolean }; syncOptions?: string[] };
  revisionHistoryLimit?: number;
}

export interface ApplicationStatus {
  resources?: ResourceStatus[];
  sync?: { status: SyncStatusCode; revision?: string; comparedTo?: { source: ApplicationSource; destination: ApplicationSpec['destination'] } };
  health?: HealthStatus;
  history?: RevisionHistory[];
  conditions?: ApplicationCondition[];
  reconciledAt?: string;
  operationState?: OperationState;
  sourceType?: string;
  summary?: { images?: string[] };
  controllerNamespace?: string;
}

export type Application = KubeObject & { spec: ApplicationSpec; status?: ApplicationStatus; operation?: Operation };

/** An object's identity in an application: group, kind, namespace, name (kube.ResourceKey). */
/**
 * SyncOperationResource.Compare: group, kind and name equal; the namespace too when the selection names one
 * (`--resource apps:Deployment:web` picks web in any namespace, as argocd's).
 */
export function selectsResource(selected: readonly SyncOperationResource[], r: { group?: string; kind: string; namespace?: string; name: string }): boolean {
  return selected.some((s) => (s.group ?? '') === (r.group ?? '') && s.kind === r.kind && s.name === r.name && (!s.namespace || s.namespace === (r.namespace ?? '')));
}

export const resourceKey = (r: { group?: string; kind: string; namespace?: string; name: string }) => `${r.group ?? ''}/${r.kind}/${r.namespace ?? ''}/${r.name}`;
