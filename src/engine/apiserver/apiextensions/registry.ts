// The apiextensions half of the API server: a CustomResourceDefinition becomes a served kind the moment it is
// stored (discovery, validation, defaulting and pruning by its schema, its status and scale subresources and
// printer columns), and stops being served once it is deleted. Its status is written, as upstream, by the naming,
// establishing and finalizer controllers, which run inside the API server (here: on the simulated clock, right
// after the write that woke them).
import type { CustomResourceDefinition, CustomResourceDefinitionCondition, CustomResourceDefinitionStatus } from 'kubernetes-types/apiextensions/v1';
import type { CustomKindInfo, KindInfo, KindRegistry } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import type { SimClock } from '../../sim/clock.ts';
import { StatusError, isStatusError, type FieldError } from '../errors.ts';
import { validateObjectMeta, validateObjectMetaUpdate, nameIsDNSSubdomain } from '../admission/validation/objectmeta.ts';
import type { Strategy } from '../registry/strategy.ts';
import { CLEANUP_FINALIZER, conditionOf, crdStrategy, setCondition, setCRDDefaults, storageVersion, validateCRD, validateCRDUpdate, type CRD } from './crd.ts';
import { applyDefaults, prune, validateValue, type Schema } from './schema.ts';

export const CRD_KIND = 'CustomResourceDefinition';

/** What the registry needs from the API server's storage. */
export interface CRDStore {
  tryGet<T = KubeObject>(kind: string, namespace: string | undefined, name: string): (T & KubeObject) | undefined;
  list<T = KubeObject>(kind: string): (T & KubeObject)[];
  update<T extends KubeObject>(input: T, opts?: { subresource?: 'status' }): T;
  delete(kind: string, namespace: string | undefined, name: string): KubeObject;
}

interface Served { crd: CRD; schema: Schema | undefined; info: KindInfo }

/** A custom resource's JSON Schema for an editor: the storage version's openAPIV3Schema with apiVersion and kind. */
export interface CustomResourceSchema { apiVersion: string; kind: string; schema: Schema }

/**
 * A create drops the status; the schema's default for it (the Gateway API's "Waiting for controller") then applies,
 * as upstream's defaulting on read from etcd gives it to a stored object without one.
 */
const crStrategyWithStatus = (schema: Schema | undefined): Strategy => ({ generation: true, prepareForCreate(obj) { delete obj.status; applyDefaults(obj, schema); } });
const CR_STRATEGY: Strategy = { generation: true };

/** How long the finalizer controller waits before looking again at instances that are still being deleted. */
const CLEANUP_RETRY_MS = 1000;

export class CustomResources {
  /** By kind: the CRDs whose kind is served. */
  private readonly served = new Map<string, Served>();
  private readonly strategy: Strategy;
  private readonly listeners = new Set<(kinds: KindInfo[]) => void>();

  constructor(private readonly store: CRDStore, private readonly kinds: KindRegistry, private readonly clock: SimClock) {
    this.strategy = crdStrategy(() => clock.nowRFC3339());
  }

  // ---- hooks the store calls ----

  /** The strategy for CRDs and custom resources; undefined for other kinds. */
  strategyFor(info: KindInfo): Strategy | undefined {
    if (info.kind === CRD_KIND && info.group === 'apiextensions.k8s.io') return this.strategy;
    if (!info.custom) return undefined;
    return info.hasStatus ? crStrategyWithStatus(this.served.get(info.kind)?.schema) : CR_STRATEGY;
  }

  /** Decoding a custom resource: it is stored in the storage version, pruned to its schema, then defaulted. */
  mutate(info: KindInfo, obj: KubeObject): void {
    if (info.kind === CRD_KIND) return setCRDDefaults(obj);
    const served = info.custom && this.served.get(info.kind);
    if (!served) return;
    obj.apiVersion = `${info.group}/${info.version}`;
    prune(obj, served.schema, true);
    applyDefaults(obj, served.schema);
  }

  /**
   * The fields a custom resource's schema would prune from obj (dropped from obj here), for field validation; undefined
   * for a kind no CRD serves.
   */
  unknownFields(info: KindInfo, obj: KubeObject): string[] | undefined {
    const served = info.custom && this.served.get(info.kind);
    if (!served) return undefined;
    const pruned: string[] = [];
    prune(obj, served.schema, true, pruned);
    return pruned;
  }

  /**
   * Validation of a CRD, or of a custom resource by its ObjectMeta and schema (undefined for other kinds). A create
   * while the CRD is being deleted is refused, as the custom resource handler does.
   */
  validate(info: KindInfo, obj: KubeObject, old?: KubeObject): FieldError[] | undefined {
    if (info.kind === CRD_KIND && info.group === 'apiextensions.k8s.io') return old ? validateCRDUpdate(obj, old) : validateCRD(obj);
    const served = info.custom && this.served.get(info.kind);
    if (!served) return undefined;
    if (!old && served.crd.metadata.deletionTimestamp) {
      throw new StatusError({ reason: 'MethodNotAllowed', code: 405, message: 'create not allowed while custom resource definition is terminating' });
    }
    const errs = old ? validateObjectMetaUpdate(obj.metadata, old.metadata) : validateObjectMeta(obj.metadata, nameIsDNSSubdomain);
    if (served.schema) errs.push(...validateValue(obj, served.schema, '', old));
    return errs;
  }

  /** Every committed change: CRDs register, change and unregister their kinds. */
  observe(type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: KubeObject): void {
    if (obj.kind !== CRD_KIND) return;
    const crd = obj as CRD;
    if (type === 'DELETED') {
      this.unserve(crd);
      return;
    }
    this.serve(crd);
    if (crd.metadata.deletionTimestamp) {
      if (crd.metadata.finalizers?.includes(CLEANUP_FINALIZER)) this.clock.defer(() => this.cleanup(crd.metadata.name!));
    } else {
      this.clock.defer(() => this.updateNames(crd.metadata.name!));
    }
  }

  /** Restoring a snapshot: serve every stored CRD again (objects are loaded without events). */
  rebuild(objects: KubeObject[]): void {
    const crds = objects.filter((o) => o.kind === CRD_KIND) as CRD[];
    crds.sort((a, b) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') || a.metadata.name!.localeCompare(b.metadata.name!));
    for (const crd of crds) this.observe('MODIFIED', crd);
  }

  /** Called with the served custom kinds whenever they change (the garbage collector watches the new ones). */
  onKindsChanged(listener: (kinds: KindInfo[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The served custom kinds. */
  servedKinds(): KindInfo[] {
    return [...this.served.values()].map((s) => s.info);
  }

  /** The schema of a served custom kind (kubectl explain). */
  schemaOf(kind: string): Schema | undefined {
    return this.served.get(kind)?.schema;
  }

  /** Every served custom kind's schema, per apiVersion and kind (the page's editor). */
  schemas(): CustomResourceSchema[] {
    const out: CustomResourceSchema[] = [];
    for (const { crd, info } of this.served.values()) {
      for (const v of crd.spec.versions ?? []) {
        if (v.served && v.schema?.openAPIV3Schema) out.push({ apiVersion: `${info.group}/${v.name}`, kind: info.kind, schema: v.schema.openAPIV3Schema as Schema });
      }
    }
    return out;
  }

  // ---- serving ----

  /** The names this CRD may not have, or undefined: NamesAccepted's reason and message. */
  private conflict(crd: CRD): { reason: string; message: string } | undefined {
    const names = crd.spec.names;
    const group = crd.spec.group;
    for (const other of this.kinds.all()) {
      if (other.custom?.crd === crd.metadata.name) continue;
      if (other.kind === names.kind) {
        // Simplification: one kind name is served by one group at a time (kinds are stored by kind name).
        if (other.group !== group || other.custom) return { reason: 'KindConflict', message: `"${names.kind}" is already in use` };
        continue;
      }
      if (other.group !== group) continue;
      if (other.plural === names.plural) return { reason: 'PluralConflict', message: `"${names.plural}" is already in use` };
      if (names.singular && (other.singular === names.singular || other.plural === names.singular)) return { reason: 'SingularConflict', message: `"${names.singular}" is already in use` };
      const short = (names.shortNames ?? []).find((s) => other.shortNames.includes(s) || other.plural === s);
      if (short) return { reason: 'ShortNamesConflict', message: `"${short}" is already in use` };
    }
    return undefined;
  }

  /** A built-in kind the CRD describes (scheduler-plugins' PodGroup CRD): accepted, the built-in keeps serving it. */
  private builtin(crd: CRD): KindInfo | undefined {
    const existing = this.kinds.byKindName(crd.spec.names.kind);
    return existing && !existing.custom && existing.group === crd.spec.group ? existing : undefined;
  }

  private serve(crd: CRD): void {
    if (this.builtin(crd) || this.conflict(crd)) return;
    const storage = storageVersion(crd);
    if (!storage) return;
    const custom: CustomKindInfo = {
      crd: crd.metadata.name!,
      servedVersions: (crd.spec.versions ?? []).filter((v) => v.served).map((v) => v.name),
      categories: crd.spec.names.categories ?? [],
      printerColumns: storage.additionalPrinterColumns ?? [],
    };
    const scale = storage.subresources?.scale;
    if (scale) custom.scale = { specReplicasPath: scale.specReplicasPath, statusReplicasPath: scale.statusReplicasPath, labelSelectorPath: scale.labelSelectorPath };
    const names = crd.spec.names;
    const info: KindInfo = {
      kind: names.kind, group: crd.spec.group, version: storage.name, plural: names.plural, singular: names.singular ?? names.kind.toLowerCase(),
      shortNames: names.shortNames ?? [], namespaced: crd.spec.scope === 'Namespaced', hasStatus: !!storage.subresources?.status, custom,
    };
    const isNew = !this.served.has(info.kind);
    this.served.set(info.kind, { crd, schema: storage.schema?.openAPIV3Schema as Schema | undefined, info });
    this.kinds.register(info);
    if (isNew) this.notify();
  }

  private unserve(crd: CRD): void {
    const served = this.served.get(crd.spec.names.kind);
    if (served?.crd.metadata.uid !== crd.metadata.uid) return;
    this.served.delete(crd.spec.names.kind);
    this.kinds.unregister(crd.spec.names.kind);
    this.notify();
  }

  private notify(): void {
    const kinds = this.servedKinds();
    for (const l of this.listeners) l(kinds);
  }

  // ---- the controllers that write a CRD's status ----

  /**
   * The naming and establishing controllers: accepted names and NamesAccepted, then Established (at once here:
   * the simulated API server has no other instances to wait for).
   */
  private updateNames(name: string): void {
    const crd = this.store.tryGet<CustomResourceDefinition>(CRD_KIND, undefined, name) as CRD | undefined;
    if (!crd || crd.metadata.deletionTimestamp) return;
    const now = this.clock.nowRFC3339();
    const conflict = this.builtin(crd) ? undefined : this.conflict(crd);
    const status: CustomResourceDefinitionStatus = { ...crd.status!, acceptedNames: conflict ? crd.status?.acceptedNames ?? { kind: '', plural: '' } : { ...crd.spec.names } };
    let conditions = setCondition(status.conditions, conflict
      ? { type: 'NamesAccepted', status: 'False', reason: conflict.reason, message: conflict.message, lastTransitionTime: now }
      : { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found', lastTransitionTime: now });
    const established: CustomResourceDefinitionCondition = conflict
      ? { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'not all names are accepted', lastTransitionTime: now }
      : { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted', lastTransitionTime: now };
    // Once established, a CRD stays established (a later name change does not take it away).
    if (!conflict || conditionOf(crd, 'Established')?.status !== 'True') conditions = setCondition(conditions, established);
    status.conditions = conditions;
    const stored = storageVersion(crd)?.name;
    if (stored && !status.storedVersions?.includes(stored)) status.storedVersions = [...(status.storedVersions ?? []), stored];
    if (JSON.stringify(status) === JSON.stringify(crd.status)) return;
    this.store.update({ ...crd, status }, { subresource: 'status' });
  }

  /** The finalizer controller: delete every instance, then let the CRD go. */
  private cleanup(name: string): void {
    const crd = this.store.tryGet<CustomResourceDefinition>(CRD_KIND, undefined, name) as CRD | undefined;
    if (!crd?.metadata.deletionTimestamp || !crd.metadata.finalizers?.includes(CLEANUP_FINALIZER)) return;
    const kind = crd.spec.names.kind;
    const mine = this.served.get(kind)?.crd.metadata.uid === crd.metadata.uid;
    const instances = mine ? this.store.list(kind) : [];
    const now = this.clock.nowRFC3339();
    const setTerminating = (reason: string, message: string) => {
      const cur = this.store.tryGet<CustomResourceDefinition>(CRD_KIND, undefined, name) as CRD;
      this.store.update({ ...cur, status: { ...cur.status!, conditions: setCondition(cur.status?.conditions, { type: 'Terminating', status: 'True', reason, message, lastTransitionTime: now }) } }, { subresource: 'status' });
    };
    if (instances.length) {
      if (conditionOf(crd, 'Terminating')?.reason !== 'InstanceDeletionInProgress') setTerminating('InstanceDeletionInProgress', 'CustomResource deletion is in progress');
      for (const o of instances) {
        if (o.metadata.deletionTimestamp) continue;
        try {
          this.store.delete(kind, o.metadata.namespace, o.metadata.name!);
        } catch (e) {
          if (!isStatusError(e, 'NotFound')) throw e;
        }
      }
      if (this.store.list(kind).length) {
        this.clock.after(CLEANUP_RETRY_MS, () => this.cleanup(name));
        return;
      }
    }
    setTerminating('InstanceDeletionCompleted', 'removed all instances');
    const cur = this.store.tryGet<CustomResourceDefinition>(CRD_KIND, undefined, name) as CRD;
    const finalizers = (cur.metadata.finalizers ?? []).filter((f) => f !== CLEANUP_FINALIZER);
    this.store.update({ ...cur, metadata: { ...cur.metadata, finalizers: finalizers.length ? finalizers : undefined } });
  }
}
