// The API server's storage (the etcd analog) with its REST semantics: resourceVersion, uid, generation,
// optimistic concurrency, admission, graceful deletion, finalizers and watch with a bounded window.
import { flat } from '../api/flat.ts';
import type { Event, Pod } from 'kubernetes-types/core/v1';
import { KindRegistry, type KindInfo } from '../api/kinds.ts';
import { deepFreeze, type KubeObject, type MutableMeta } from '../api/object.ts';
import type { Selector } from '../api/labels.ts';
import type { FieldSelector } from '../api/fields.ts';
import { QuantityError } from '../api/quantity.ts';
import { toRFC3339, type SimClock } from '../sim/clock.ts';
import type { SeededRng } from '../sim/rng.ts';
import { applyDefaults, canonicalizeQuantities, defaultAdmissionChain, recordedEventValid, validateObject, type AdmissionAttributes, type AdmissionChain, type AdmissionPlugin } from './admission/index.ts';
import { alreadyExists, badRequest, conflict, expired, forbidden, invalid, notFound, unprocessable } from './errors.ts';
import { applyJsonPatch } from './patch/jsonpatch.ts';
import { applyMergePatch, jsonEqual } from './patch/mergepatch.ts';
import { applyStrategicMergePatch, PatchError } from './patch/strategic.ts';
import { evictPod, type EvictOptions } from './registry/eviction.ts';
import { createToken } from './registry/tokenrequest.ts';
import type { TokenRequest } from 'kubernetes-types/authentication/v1';
import { strategyFor } from './registry/strategy.ts';
import { allowedForSigner, populateConditionTimestamps, validateCSRSubresource } from './registry/certificates.ts';
import { ServiceAllocators } from './registry/service/allocators.ts';
import { CustomResources } from './apiextensions/registry.ts';
import { PartInterner } from './intern.ts';
import { decodeBody, decodePatched, type FieldValidationOptions } from './fieldvalidation/index.ts';
import { ObjectTable } from './objecttable.ts';
import { validatePodEphemeralContainersUpdate } from './admission/validation/pod.ts';
import type { UserInfo } from './rbac/authorizer.ts';
import type { WebhookServer } from './admission/plugins/webhook/servers.ts';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface StoreEvent {
  type: WatchEventType;
  object: KubeObject;
  /**
   * The object before this change (MODIFIED and DELETED), for watchers that filter on old and new: live deliveries
   * only (a replay from the watch window carries none, as a watch event carries only the object).
   */
  prevObject?: KubeObject;
  resourceVersion: number;
  /** The object's key, "namespace/name" or "name" (objectKey): the store's own string, built once per change. */
  key: string;
}

export interface ListOptions {
  namespace?: string;
  labelSelector?: Selector;
  fieldSelector?: FieldSelector;
}

export interface WatchOptions {
  namespace?: string;
  /** Replay every change after this resourceVersion (410 Gone when it fell out of the window). */
  resourceVersion?: number;
  /** Only pods bound to this node: an indexed trigger, as the watch cache keeps for spec.nodeName. */
  nodeName?: string;
}

export type PropagationPolicy = 'Background' | 'Foreground' | 'Orphan';

/** Finalizers the garbage collector honours for Orphan and Foreground deletion. */
export const ORPHAN_FINALIZER = 'orphan';
export const FOREGROUND_FINALIZER = 'foregroundDeletion';

export interface DeleteOptions {
  gracePeriodSeconds?: number;
  /** Background (the default) lets the garbage collector delete dependents afterwards. */
  propagationPolicy?: PropagationPolicy;
  dryRun?: boolean;
}

export type PatchType = 'merge' | 'strategic' | 'json';

/**
 * The request a write comes in, as admission's attributes take it (upstream's admission.Attributes are built from
 * the request's user and RequestInfo): a kubectl command's user, and the subresource it names when that is not one
 * the store writes differently (kubectl scale's "scale").
 */
export interface WriteRequest {
  user?: UserInfo;
  subresource?: string;
}

export interface WriteOptions extends FieldValidationOptions {
  dryRun?: boolean;
  /** Unset for the control plane's own writes. */
  request?: WriteRequest;
}

const NO_REQUEST: WriteRequest = {};

export interface CreateOptions extends WriteOptions {
  /**
   * The caller built the object for this write and never touches it again (the event recorder): it is stored
   * as it is, not copied. Its strings must be flat (api/flat.ts).
   */
  handOver?: boolean;
  /**
   * With handOver: the object's key ("namespace/name", flat), built by the caller, whose metadata.name is the key's
   * part after "namespace/" (see nameInKey). The store keeps it rather than building the same string again.
   */
  key?: string;
  /**
   * With handOver and key: the object is an Event an EventRecorder built (client/events.ts). Its mutating admission
   * is the plugins' alone (defaulting, quantities and allocation have nothing to do on it) and its validation a
   * check that it is certainly valid (recordedEventValid), falling back to the full one.
   */
  recordedEvent?: boolean;
  /**
   * A uid the caller drew from an RNG of its own (the API server's bootstrap objects), so that the objects it adds
   * do not shift the draws, and so the uids and generated names, of everything after them.
   */
  uid?: string;
}

/**
 * The subresources a write may go to: status, a pod's ephemeralcontainers (only they change through it), and a
 * CertificateSigningRequest's approval (its status conditions).
 */
export type WriteSubresource = 'status' | 'ephemeralcontainers' | 'approval';

export interface UpdateOptions extends WriteOptions {
  subresource?: WriteSubresource;
  /**
   * With subresource status: the caller built the status for this write and never touches it again (a kubelet's
   * pod status): its objects are stored as they are (see adopt), not copied.
   */
  handOver?: boolean;
}

type Handler = (e: StoreEvent) => void;

/**
 * A kind's retained changes, oldest first: what each stored, and how. The rest of a change (its resourceVersion
 * and key) is the object's own, rebuilt on the rare replay: a StoreEvent and a key string kept per change for the
 * window's length were two objects that outlived the young generation for every write.
 */
interface WatchWindowEntries { objects: KubeObject[]; types: WatchEventType[] }

/**
 * A watch as deliver reads it: its namespace is copied out of the caller's options, whose shapes vary (a read
 * there was megamorphic, for every watcher on every change).
 */
interface Watcher { namespace: string | undefined; handler: Handler }

/** How many changes per kind a watch can replay: the watch cache's window. */
export const DEFAULT_WATCH_WINDOW = 10_000;

export class Store {
  readonly kinds: KindRegistry;
  private rv = 0;
  private readonly objects = new Map<string, ObjectTable<KubeObject>>();
  private readonly history = new Map<string, WatchWindowEntries>();
  /** Per kind, the newest resourceVersion whose event fell out of the window. */
  private readonly compactedRV = new Map<string, number>();
  private readonly watchers = new Map<string, Set<Watcher>>();
  private readonly podWatchersByNode = new Map<string, Set<Watcher>>();
  private readonly allWatchers = new Set<Handler>();
  /** Pods share their template parts (intern.ts). */
  private readonly interner = new PartInterner();
  /** The admission plugins (admission/plugins): NamespaceLifecycle … ResourceQuota. */
  private readonly admission: AdmissionChain;
  /** Service ClusterIPs and NodePorts (registry/service). */
  readonly serviceAllocators: ServiceAllocators;
  /** CustomResourceDefinitions and the kinds they serve (apiextensions). */
  readonly customResources: CustomResources;
  constructor(
    private readonly clock: SimClock,
    private readonly rng: SeededRng,
    kinds = new KindRegistry(),
    private readonly watchWindow = DEFAULT_WATCH_WINDOW,
  ) {
    this.kinds = kinds;
    this.admission = defaultAdmissionChain({ store: this, clock });
    this.serviceAllocators = new ServiceAllocators(rng, () => this.info('Service'));
    this.watchAll((e) => this.serviceAllocators.observe(e.type, e.object, e.prevObject));
    this.customResources = new CustomResources(this, kinds, clock);
    this.watchAll((e) => this.customResources.observe(e.type, e.object));
  }

  get resourceVersion(): number { return this.rv; }

  /**
   * False while the API server is stopped (`sim controlplane stop apiserver`): clients cannot connect. The
   * composition root refuses kubectl and holds the in-process components while it is down.
   */
  available = true;

  info(kind: string): KindInfo {
    const info = this.kinds.byKindName(kind);
    if (!info) throw badRequest(`no kind "${kind}" is registered`);
    return info;
  }

  // ---- reads ----

  tryGet<T = KubeObject>(kind: string, namespace: string | undefined, name: string): (T & KubeObject) | undefined {
    return this.bucket(kind).entry(namespace, name)?.value as (T & KubeObject) | undefined;
  }

  /**
   * tryGet by the object's key (objectKey), for a caller that reads one object often (a kubelet its pods' on every
   * status flush) and keeps its key: no key is built and hashed per read.
   */
  tryGetByKey<T = KubeObject>(kind: string, key: string): (T & KubeObject) | undefined {
    return this.bucket(kind).get(key) as (T & KubeObject) | undefined;
  }

  get<T = KubeObject>(kind: string, namespace: string | undefined, name: string): T & KubeObject {
    const obj = this.tryGet<T>(kind, namespace, name);
    if (!obj) throw notFound(this.info(kind), name);
    return obj;
  }

  list<T = KubeObject>(kind: string, opts: ListOptions = {}): (T & KubeObject)[] {
    const out: (T & KubeObject)[] = [];
    for (const obj of this.bucket(kind).values()) {
      if (opts.namespace && obj.metadata.namespace !== opts.namespace) continue;
      if (opts.labelSelector && !opts.labelSelector.matches(obj.metadata.labels)) continue;
      if (opts.fieldSelector && !opts.fieldSelector.matches(obj)) continue;
      out.push(obj as T & KubeObject);
    }
    return out;
  }

  count(kind: string): number { return this.bucket(kind).size; }

  // ---- writes ----

  create<T extends KubeObject>(input: T, opts: CreateOptions = {}): T {
    const info = this.info(input.kind);
    const recorded = opts.recordedEvent === true && info.kind === 'Event' && !info.custom;
    const obj = (opts.handOver ? input : copyJson(input)) as KubeObject;
    if (opts.fieldValidation) decodeBody(info, obj, opts, this.customResources);
    const meta = (obj.metadata ??= {}) as MutableMeta;
    this.checkNamespace(info, obj);
    // Mutating admission sees the generateName; the name is generated after it, as in BeforeCreate.
    // One set of admission attributes for the mutating and the validating chain, as upstream's record of a request.
    const attrs = this.attributes(info, obj, undefined, opts);
    if (recorded) this.admission.admit(attrs);
    else this.mutate(info, obj, undefined, attrs);
    if (!meta.name && meta.generateName) meta.name = meta.generateName + this.rng.string(5);
    const name = meta.name ?? '';
    // As upstream BeforeCreate: system fields, then the strategy's PrepareForCreate (a Job's generated selector
    // needs the uid), then validation.
    const strategy = this.strategyOf(info);
    meta.uid = opts.uid ?? this.rng.uuid();
    meta.creationTimestamp = this.clock.nowRFC3339();
    // Deleting a key that is not there is a runtime call (about 0.5 µs, measured on Event creates).
    if ('deletionTimestamp' in meta) delete meta.deletionTimestamp;
    if ('deletionGracePeriodSeconds' in meta) delete meta.deletionGracePeriodSeconds;
    strategy.prepareForCreate?.(obj, opts.request?.user);
    if (strategy.generation) meta.generation = 1;
    if (recorded && recordedEventValid(obj as unknown as Event)) this.admission.validate(attrs);
    else this.validate(info, obj, undefined, attrs);
    const key = opts.key ?? storedKey(meta.namespace, name);
    if (this.bucket(info.kind).has(key)) throw alreadyExists(info, name);
    if (opts.dryRun) return deepFreeze(obj) as T;
    if (meta.namespace && opts.key === undefined) meta.name = nameInKey(key, meta.namespace, name);
    return this.commit('ADDED', obj, undefined, key) as T;
  }

  /**
   * Replace an object. With `subresource: 'status'` only the status is taken from the input; otherwise the
   * status is kept from storage for kinds that have a status subresource. A set resourceVersion must match.
   */
  update<T extends KubeObject>(input: T, opts: UpdateOptions = {}): T {
    const info = this.info(input.kind);
    if (opts.fieldValidation) decodeBody(info, input, opts, this.customResources);
    const ns = info.namespaced ? input.metadata?.namespace : undefined;
    const name = input.metadata?.name ?? '';
    // The stored key rather than a new one: the watchers' maps find it by identity, its hash known.
    const found = this.bucket(info.kind).entry(ns, name);
    if (!found) throw notFound(info, name);
    const { key, value: old } = found;
    const rv = input.metadata?.resourceVersion;
    if (rv !== undefined && rv !== '' && rv !== old.metadata.resourceVersion) throw conflict(info, name);
    if (opts.subresource === 'status' || opts.subresource === 'approval') {
      // Only status changes: share old's frozen spec and copy just what is written. Nothing mutates the status
      // after this copy, so frozen parts of it (stored before, e.g. a kubelet's unchanged container statuses) are kept.
      const status = opts.handOver ? adopt(input.status) : copyJson(input.status, true);
      const next = nextVersion(old, { ...old.metadata }, KEEP, status);
      if (info.kind === 'CertificateSigningRequest' && !info.custom) this.checkCSRStatus(info, next, old, opts.subresource, opts.request?.user);
      else if (opts.subresource === 'approval') throw notFound(info, name);
      return this.finishUpdate(info, next, old, opts, key) as T;
    }
    if (opts.subresource === 'ephemeralcontainers') return this.updateEphemeralContainers(info, input, old, opts, key) as T;
    // The input's status is not copied where storage's replaces it (a Node's is most of the object).
    const obj = (info.hasStatus ? copyWithStatus(input, old.status) : copyJson(input)) as KubeObject;
    obj.metadata.namespace = ns;
    this.strategyOf(info).prepareForUpdate?.(obj, old);
    this.admit(info, obj, old, opts);
    return this.finishUpdate(info, obj, old, opts, key) as T;
  }

  /** A JSON merge patch (the default), strategic merge patch or JSON patch of the resource or its status. */
  patch<T = KubeObject>(kind: string, namespace: string | undefined, name: string, patch: unknown, opts: WriteOptions & { subresource?: WriteSubresource; type?: PatchType } = {}): T & KubeObject {
    const info = this.info(kind);
    const old = this.get(kind, info.namespaced ? namespace : undefined, name);
    let merged: KubeObject;
    try {
      merged = (opts.type === 'strategic' ? applyStrategicMergePatch(old, patch) : opts.type === 'json' ? applyJsonPatch(old, patch) : applyMergePatch(old, patch)) as KubeObject;
    } catch (e) {
      if (e instanceof PatchError) throw unprocessable(e.message);
      throw e;
    }
    if (merged?.kind !== old.kind || merged.metadata?.name !== old.metadata.name) throw badRequest('the name of the object and the kind may not be changed by a patch');
    if (opts.fieldValidation) decodePatched(info, merged, patch, opts, this.customResources);
    const p = patch as { metadata?: { resourceVersion?: string } };
    if (!p?.metadata?.resourceVersion) merged.metadata = { ...merged.metadata, resourceVersion: old.metadata.resourceVersion };
    return this.update(merged, opts.fieldValidation ? { ...opts, fieldValidation: undefined } : opts) as T & KubeObject;
  }

  /**
   * Delete: objects with finalizers, or pods that still run on a node, get a deletionTimestamp and stay until
   * their finalizers are gone (or the kubelet confirms with grace period 0); everything else goes at once.
   */
  delete(kind: string, namespace: string | undefined, name: string, opts: DeleteOptions = {}): KubeObject {
    const info = this.info(kind);
    const ns = info.namespaced ? namespace : undefined;
    const old = this.get(kind, ns, name);
    if (info.kind === 'Namespace' && ['default', 'kube-system', 'kube-public'].includes(name)) {
      throw forbidden(info, name, 'this namespace may not be deleted');
    }
    // The priorityclass storage's Delete: the system classes stay (validation reserves the "system-" prefix to them).
    if (info.kind === 'PriorityClass' && name.startsWith('system-')) throw forbidden(info, name, 'this is a system priority class and cannot be deleted');
    const strategy = this.strategyOf(info);
    const grace = strategy.deletionGracePeriod?.(old, opts.gracePeriodSeconds) ?? 0;
    const gcFinalizer = opts.propagationPolicy === 'Orphan' ? ORPHAN_FINALIZER : opts.propagationPolicy === 'Foreground' ? FOREGROUND_FINALIZER : undefined;
    const had = old.metadata.finalizers ?? [];
    const finalizers = gcFinalizer && !had.includes(gcFinalizer) ? [...had, gcFinalizer] : had;
    const held = strategy.specFinalizers?.pending(old) ?? false;
    if (grace === 0 && finalizers.length === 0 && !held) return this.remove(info, old, opts);
    if (held && old.metadata.deletionTimestamp) throw conflict(info, name, strategy.specFinalizers!.conflict);
    const current = old.metadata.deletionGracePeriodSeconds;
    // Already being deleted: a second delete may only shorten the grace period.
    if (old.metadata.deletionTimestamp && current !== undefined && grace >= current && finalizers === had) return old;
    const next = copyJson(old);
    const meta = next.metadata as MutableMeta;
    // As upstream BeforeDelete: the timestamp is the moment the grace period ends; a later delete keeps it.
    meta.deletionTimestamp = old.metadata.deletionTimestamp && (current === undefined || grace >= current)
      ? old.metadata.deletionTimestamp : toRFC3339(this.clock.now() + grace * 1000);
    if (!held) meta.deletionGracePeriodSeconds = current === undefined ? grace : Math.min(grace, current);
    if (finalizers !== had) meta.finalizers = finalizers;
    if (!old.metadata.deletionTimestamp) strategy.specFinalizers?.begin(next);
    if (opts.dryRun) return deepFreeze(next);
    return this.commit('MODIFIED', next, old);
  }

  /**
   * pods/eviction: delete the pod unless its PodDisruptionBudget forbids it (429 TooManyRequests), as the
   * Eviction API does (registry/eviction.ts).
   */
  evict(namespace: string, name: string, opts: EvictOptions = {}): void {
    evictPod(this, this.clock, namespace, name, opts);
  }

  /**
   * serviceaccounts/token: a token for the service account (registry/tokenrequest.ts). Nothing is stored. `atMs`
   * is when it is asked (the clock's now unless a caller models an earlier request).
   */
  createToken(namespace: string, name: string, request: TokenRequest, atMs = this.clock.now()): TokenRequest {
    return createToken(this, atMs, namespace, name, request);
  }

  /** pods/binding: assign a pod to a node (what the scheduler's DefaultBinder posts). */
  bind(namespace: string, podName: string, nodeName: string): Pod & KubeObject {
    const info = this.info('Pod');
    // The stored key, for the commit (whose default would build one) and the watchers, as update does.
    const found = this.bucket('Pod').entry(namespace, podName);
    if (!found) throw notFound(info, podName);
    const key = found.key;
    const old = found.value as Pod & KubeObject;
    if (old.metadata.deletionTimestamp) throw conflict(info, podName, 'pod is being deleted, cannot be assigned to a host');
    if (old.spec?.nodeName) throw conflict(info, podName, `pod ${podName} is already assigned to node "${old.spec.nodeName}"`);
    // Only the changed paths are new; the rest is shared with the (frozen) old object.
    const conditions = (old.status?.conditions ?? []).filter((c) => c.type !== 'PodScheduled');
    conditions.push({ type: 'PodScheduled', status: 'True', lastProbeTime: null as unknown as string, lastTransitionTime: this.clock.nowRFC3339() });
    const next = nextVersion(old, { ...old.metadata }, { ...old.spec!, nodeName }, { ...old.status, conditions }) as Pod & KubeObject;
    return this.commit('MODIFIED', next, old, key) as Pod & KubeObject;
  }

  // ---- watch ----

  /**
   * Watch one kind. The handler runs synchronously inside the write that caused the event, so it must only
   * queue work (informers do), never write back.
   */
  watch(kind: string, opts: WatchOptions, handler: Handler): () => void {
    const w: Watcher = { namespace: opts.namespace, handler };
    if (opts.resourceVersion !== undefined) {
      const compacted = this.compactedRV.get(kind) ?? 0;
      if (opts.resourceVersion < compacted) throw expired(opts.resourceVersion, compacted);
      this.replay(kind, opts.resourceVersion, w);
    }
    if (kind === 'Pod' && opts.nodeName !== undefined) {
      let set = this.podWatchersByNode.get(opts.nodeName);
      if (!set) this.podWatchersByNode.set(opts.nodeName, (set = new Set()));
      set.add(w);
      return () => set!.delete(w);
    }
    let set = this.watchers.get(kind);
    if (!set) this.watchers.set(kind, (set = new Set()));
    set.add(w);
    return () => set!.delete(w);
  }

  /** Every committed change of every kind (the page's change feed, persistence). */
  watchAll(handler: Handler): () => void {
    this.allWatchers.add(handler);
    return () => this.allWatchers.delete(handler);
  }

  // ---- snapshot ----

  dump(): KubeObject[] {
    const out: KubeObject[] = [];
    for (const bucket of this.objects.values()) out.push(...bucket.values());
    return out;
  }

  /** Load objects as they were saved (no admission, no events): restoring a snapshot. */
  load(objects: KubeObject[], resourceVersion: number): void {
    for (const o of objects) {
      const copy = structuredClone(o);
      if (copy.kind === 'Pod') this.interner.internPod(copy as Pod & KubeObject);
      this.bucket(o.kind).set(storedKey(o.metadata.namespace, o.metadata.name ?? ''), deepFreeze(copy));
    }
    this.rv = resourceVersion;
    this.serviceAllocators.rebuild(objects);
    this.customResources.rebuild(objects);
  }

  // ---- internals ----

  private bucket(kind: string): ObjectTable<KubeObject> {
    let b = this.objects.get(kind);
    if (!b) this.objects.set(kind, (b = new ObjectTable()));
    return b;
  }

  private strategyOf(info: KindInfo) {
    return this.customResources.strategyFor(info) ?? strategyFor(info.kind);
  }

  private checkNamespace(info: KindInfo, obj: KubeObject): void {
    if (!info.namespaced) {
      delete obj.metadata.namespace;
      return;
    }
    const ns = obj.metadata.namespace;
    if (!ns) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    // Whether the namespace exists and is not terminating is the NamespaceLifecycle admission plugin's.
  }

  /** An admission webhook (an operator's MutatingWebhookConfiguration); the returned function removes it. */
  registerWebhook(p: AdmissionPlugin): () => void {
    return this.admission.addWebhook(p);
  }

  /** Serve an admission webhook behind a Service's path (admission/plugins/webhook/servers.ts); returns the stop. */
  serveWebhook(namespace: string, name: string, path: string, server: WebhookServer): () => void {
    return this.admission.webhookServers.serve(namespace, name, path, server);
  }

  /**
   * pods/ephemeralcontainers (the registry's EphemeralContainersREST): dropNonEphemeralContainerUpdates keeps the
   * stored pod but for spec.ephemeralContainers, which ValidatePodEphemeralContainersUpdate checks.
   */
  private updateEphemeralContainers(info: KindInfo, input: KubeObject, old: KubeObject, opts: UpdateOptions, key: string): KubeObject {
    if (info.kind !== 'Pod') throw notFound(info, input.metadata?.name ?? '');
    const obj = copyJson(old);
    const spec = obj.spec as { ephemeralContainers?: unknown };
    const requested = (input.spec as { ephemeralContainers?: unknown } | undefined)?.ephemeralContainers;
    if (requested === undefined || requested === null) delete spec.ephemeralContainers;
    else spec.ephemeralContainers = copyJson(requested);
    const attrs = this.attributes(info, obj, old, opts);
    this.mutate(info, obj, old, attrs);
    const errs = validatePodEphemeralContainersUpdate(obj as Pod, old as Pod);
    if (errs.length) throw invalid(info, obj.metadata.name ?? '', errs);
    this.admission.validate(attrs);
    return this.finishUpdate(info, obj, old, opts, key);
  }

  /**
   * A CertificateSigningRequest's /status (the signer's certificate, Failed) or /approval (Approved, Denied) write:
   * that subresource's validation and, on approval, the CertificateApproval admission plugin's check that the
   * requester may approve for the request's signer.
   */
  private checkCSRStatus(info: KindInfo, next: KubeObject, old: KubeObject, via: 'status' | 'approval', user: UserInfo | undefined): void {
    const name = old.metadata.name ?? '';
    populateConditionTimestamps(next, old, this.clock.nowRFC3339());
    const errs = validateCSRSubresource(next, old, via);
    if (errs.length) throw invalid(info, name, errs);
    const signerName = (old.spec as { signerName?: string }).signerName ?? '';
    if (via === 'approval' && user && !allowedForSigner(this, user, 'approve', signerName)) {
      throw forbidden(info, name, `user not permitted to approve requests with signerName ${JSON.stringify(signerName)}`);
    }
  }

  /** Mutating then validating admission: defaults, canonical quantities and the mutating plugins; validation and the validating plugins. */
  private admit(info: KindInfo, obj: KubeObject, old: KubeObject, opts: WriteOptions): void {
    const attrs = this.attributes(info, obj, old, opts);
    this.mutate(info, obj, old, attrs);
    this.validate(info, obj, old, attrs);
  }

  private mutate(info: KindInfo, obj: KubeObject, old: KubeObject | undefined, attrs: AdmissionAttributes): void {
    try {
      this.customResources.mutate(info, obj);
      applyDefaults(obj, old);
      canonicalizeQuantities(obj);
    } catch (e) {
      if (e instanceof QuantityError) {
        throw badRequest(`${info.kind} in version "${info.version}" cannot be handled as a ${info.kind}: ${e.message}`);
      }
      throw e;
    }
    this.admission.admit(attrs);
    // The Service storage's BeginCreate/BeginUpdate: allocation comes before validation.
    this.serviceAllocators.allocate(obj, old);
  }

  private validate(info: KindInfo, obj: KubeObject, old: KubeObject | undefined, attrs: AdmissionAttributes): void {
    const errs = this.customResources.validate(info, obj, old) ?? validateObject(info, obj, old);
    if (errs.length) throw invalid(info, obj.metadata.name ?? '', errs);
    this.admission.validate(attrs);
  }

  /** The request's admission attributes; the plugins' warnings go where the write's field validation warnings go. */
  private attributes(info: KindInfo, obj: KubeObject, old: KubeObject | undefined, opts: WriteOptions): AdmissionAttributes {
    const namespace = info.namespaced ? obj.metadata.namespace : undefined;
    const { user, subresource } = opts.request ?? NO_REQUEST;
    return { operation: old ? 'UPDATE' : 'CREATE', kind: info, object: obj, oldObject: old, namespace, dryRun: opts.dryRun ?? false, warnings: opts.warnings, user, subresource };
  }

  private finishUpdate(info: KindInfo, obj: KubeObject, old: KubeObject, opts: WriteOptions, key: string): KubeObject {
    const meta = obj.metadata as MutableMeta;
    meta.uid = old.metadata.uid;
    meta.creationTimestamp = old.metadata.creationTimestamp;
    // Written only when set and deleted only when present: adding both and then deleting the first of them
    // turned every updated object's metadata into a hash table (dictionary mode, about 800 bytes more).
    keepOrDelete(meta, 'deletionTimestamp', old.metadata.deletionTimestamp);
    keepOrDelete(meta, 'deletionGracePeriodSeconds', old.metadata.deletionGracePeriodSeconds);
    if (this.strategyOf(info).generation) {
      meta.generation = (old.metadata.generation ?? 1) + (jsonEqual(obj.spec, old.spec) ? 0 : 1);
    }
    meta.resourceVersion = old.metadata.resourceVersion;
    // A no-op write neither bumps resourceVersion nor notifies watchers, as etcd3's GuaranteedUpdate. The status
    // first: a status write differs there, and the comparison stops at the first difference.
    if (jsonEqual(obj.status, old.status) && jsonEqual(obj, old)) return old;
    if (opts.dryRun) return deepFreeze(obj);
    // An object being deleted whose last finalizer is gone is removed now.
    if (meta.deletionTimestamp && !(meta.finalizers ?? []).length && (meta.deletionGracePeriodSeconds ?? 0) === 0 && !this.strategyOf(info).specFinalizers?.pending(obj)) {
      return this.remove(info, old, opts, obj, key);
    }
    return this.commit('MODIFIED', obj, old, key);
  }

  private remove(_info: KindInfo, old: KubeObject, opts: { dryRun?: boolean }, last?: KubeObject, key?: string): KubeObject {
    // Only metadata changes (resourceVersion): the rest is shared, frozen.
    const src = last ?? old;
    const final = nextVersion(src, { ...src.metadata }, KEEP, KEEP);
    if (opts.dryRun) return deepFreeze(final);
    return this.commit('DELETED', final, old, key);
  }

  /** `key`: the object's storedKey, when the caller built it already. */
  private commit(type: WatchEventType, obj: KubeObject, prev: KubeObject | undefined, key = storedKey(obj.metadata.namespace, obj.metadata.name ?? '')): KubeObject {
    this.rv++;
    (obj.metadata as MutableMeta).resourceVersion = String(this.rv);
    if (obj.kind === 'Pod' && type !== 'DELETED') this.interner.internPod(obj as Pod & KubeObject);
    deepFreeze(obj);
    if (type === 'DELETED') this.bucket(obj.kind).delete(key);
    else this.bucket(obj.kind).set(key, obj);
    let hist = this.history.get(obj.kind);
    if (!hist) this.history.set(obj.kind, (hist = { objects: [], types: [] }));
    // A replay from the window delivers the change alone (as a watch does): keeping the old object there too
    // would keep every object's previous version alive for the window's length.
    hist.objects.push(obj);
    hist.types.push(type);
    if (hist.objects.length > this.watchWindow * 2) this.trim(obj.kind, hist, this.watchWindow);
    const e: StoreEvent = { type, object: obj, prevObject: prev, resourceVersion: this.rv, key };
    // forEach with the event as `this`: no iterator and no closure per change (iteration order and additions or
    // removals during delivery behave as for-of's).
    this.watchers.get(obj.kind)?.forEach(deliver, e);
    if (obj.kind === 'Pod') {
      const node = (obj as Pod).spec?.nodeName;
      const prevNode = (prev as Pod | undefined)?.spec?.nodeName;
      this.podWatchersByNode.get(node ?? '')?.forEach(deliver, e);
      if (prevNode !== node) this.podWatchersByNode.get(prevNode ?? '')?.forEach(deliver, e);
    }
    this.allWatchers.forEach(notify, e);
    return obj;
  }

  /** Hand a watcher every retained change of its kind after resourceVersion `from`. */
  private replay(kind: string, from: number, w: Watcher): void {
    const hist = this.history.get(kind);
    if (!hist) return;
    for (let i = 0; i < hist.objects.length; i++) {
      const object = hist.objects[i];
      const resourceVersion = resourceVersionOf(object);
      if (resourceVersion <= from) continue;
      const key = storedKey(object.metadata.namespace, object.metadata.name ?? '');
      deliver.call({ type: hist.types[i], object, prevObject: undefined, resourceVersion, key }, w);
    }
  }

  private trim(kind: string, hist: WatchWindowEntries, keep: number): void {
    const drop = hist.objects.length - keep;
    if (drop <= 0) return;
    this.compactedRV.set(kind, resourceVersionOf(hist.objects[drop - 1]));
    hist.objects.splice(0, drop);
    hist.types.splice(0, drop);
  }
}

/** Hand the change (`this`) to a watcher of its kind. */
function deliver(this: StoreEvent, w: Watcher): void {
  if (w.namespace && this.object.metadata.namespace !== w.namespace) return;
  w.handler(this);
}

/** Hand the change (`this`) to a watcher of every kind. */
function notify(this: StoreEvent, h: Handler): void {
  h(this);
}

/** The resourceVersion a stored object was committed at. */
function resourceVersionOf(obj: KubeObject): number {
  return Number(obj.metadata.resourceVersion);
}

/** meta[key] = value, or no such key when value is undefined. */
function keepOrDelete<K extends 'deletionTimestamp' | 'deletionGracePeriodSeconds'>(meta: MutableMeta, key: K, value: MutableMeta[K]): void {
  if (value !== undefined) meta[key] = value;
  else if (key in meta) delete meta[key];
}

/**
 * The object's key ("namespace/name" or "name"), flat: a bucket keeps its keys as long as the objects, and a
 * concatenated key would keep its pieces (flat.ts). Built once per write and passed on.
 */
function storedKey(namespace: string | undefined, name: string): string {
  return flat(namespace ? `${namespace}/${name}` : name);
}

/**
 * The name as it is stored: the part of its key after "namespace/", which V8 makes a slice of the key (32 bytes)
 * rather than a copy of the characters (about 56 bytes for an Event's name), as the key lives exactly as long.
 * Shorter names would be copied (V8 slices from 13 characters), so they stay as they are.
 */
function nameInKey(key: string, namespace: string, name: string): string {
  return name.length < 13 ? name : key.slice(namespace.length + 1);
}

/**
 * A handed-over value as it is stored: its unfrozen objects kept, with their strings flattened (as copyJson does),
 * and its unfrozen arrays copied to their exact length (one grown by push keeps room for more).
 * The kubelet builds its status key by key: a status spread from the stored one would get a hidden class of its
 * own, one per pod once frozen (+50k hidden classes at 3,000 pods, measured).
 */
function adopt<T>(v: T): T {
  if (typeof v === 'string') return flat(v) as T;
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = adopt(v[i]);
    return out as T;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    const x = o[k];
    if (typeof x === 'object' || typeof x === 'string') o[k] = adopt(x);
  }
  return v;
}

/** The layout of nearly every stored object (a Pod's, a Node's, a Deployment's …), in its order. */
const USUAL_LAYOUT = ['apiVersion', 'kind', 'metadata', 'spec', 'status'];

function hasUsualLayout(obj: KubeObject): boolean {
  let i = 0;
  for (const k in obj) if (k !== USUAL_LAYOUT[i++]) return false;
  return i === USUAL_LAYOUT.length;
}

/** nextVersion's argument for a part kept as it is. */
export const KEEP: unique symbol = Symbol('keep');

/**
 * The next version of a stored object: `{ ...old, metadata, spec, status }`, without spec or status where KEEP is
 * passed. old is frozen, and V8 spreads a frozen object on a slow path (property by property: about 4 times a
 * literal's time, measured, and its properties from the fifth on in a separate array): an object of the usual
 * layout is rebuilt as a literal instead.
 */
export function nextVersion(old: KubeObject, metadata: KubeObject['metadata'], spec: unknown, status: unknown): KubeObject {
  if (hasUsualLayout(old)) {
    return { apiVersion: old.apiVersion, kind: old.kind, metadata, spec: spec === KEEP ? old.spec : spec, status: status === KEEP ? old.status : status };
  }
  const next: KubeObject = { ...old, metadata };
  if (spec !== KEEP) next.spec = spec;
  if (status !== KEEP) next.status = status;
  return next;
}

/**
 * A copy of input with status taken (copied) from `status` instead: keys in input's order, status last when input
 * has none, as assigning it to a copy of input would give.
 */
function copyWithStatus(input: KubeObject, status: unknown): KubeObject {
  const out: Record<string, unknown> = {};
  for (const k in input) out[k] = k === 'status' ? undefined : copyJson((input as Record<string, unknown>)[k]);
  out.status = copyJson(status);
  return out as KubeObject;
}

/**
 * A deep copy of JSON-shaped data (plain objects, arrays, primitives; undefined kept), several times faster than
 * structuredClone on API objects; anything else (a Date …) goes through structuredClone. With shareFrozen, frozen
 * parts are kept as they are: only for writes that mutate nothing of the copy afterwards (no admission).
 */
function copyJson<T>(v: T, shareFrozen = false): T {
  // Stored strings are flattened on the way in (see api/flat.ts).
  if (typeof v === 'string') return flat(v) as T;
  if (v === null || typeof v !== 'object') return v;
  if (shareFrozen && Object.isFrozen(v)) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copyJson(v[i], shareFrozen);
    return out as T;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = {};
  for (const k in v) out[k] = copyJson((v as Record<string, unknown>)[k], shareFrozen);
  return out as T;
}
