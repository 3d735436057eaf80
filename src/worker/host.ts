// The engine host: owns one KubesimCluster, drives its virtual time while playing, turns its watch stream
// into coalesced view-model deltas for subscribers, and saves snapshots. No Comlink, Dexie or timers here:
// they are injected, so the whole host runs in Vitest with a fake clock and a fake store.
import type { Event as KubeEvent, Node, Pod } from 'kubernetes-types/core/v1';
import type { ApplyOptions, ApplyResult, ClusterSnapshot, CreateClusterOptions, ExecResult, KubesimCluster, WatchEvent } from '../engine/index.ts';
import type { SavedCluster } from '../storage/db.ts';
import type {
  BatchListener, ClockView, Delta, DetailTab, EngineApi, EventView, InitOptions, InitResult, LoopStats, LoopView, NodeView, ObjectRef,
  PersistView, PodView, ResourceAmounts, ResourceKindView, ResourceTableView, SchedulingExplanation, Speed, ViewBatch,
} from './protocol.ts';
import { browsableKinds, detailCommand, resourceTable } from './objects.ts';
import { createFlagNames } from '../engine/kubectl/commands/create/flags.ts';
import { SPEEDS } from './protocol.ts';
import { eventView, nodeView, podOccupiesNode, podView } from './views.ts';
import { ScenarioService } from './exercise.ts';
import { dataPlaneView, type DataPlaneView } from './dataplane.ts';
import { platformView, type PlatformView } from './platform.ts';
import { ownerGraph, type OwnerGraphQuery, type OwnerGraphView } from './owners.ts';
import { selectPods } from './selectpods.ts';
import type { ClusterSettings, ExerciseView, GalleryItem, ScenarioSource, ScenarioSummary, StepResultView } from './protocol.ts';
import type { SpawnSandbox } from './operators/sandbox.ts';
import { UserOperators } from './operators/userOperators.ts';
import type { UserOperatorSource, UserOperatorView } from './operators/protocol.ts';
import type { EditResult, EditSession, LastChangeView, RelatedRef, SpecStatusView, TimelineView, WatchListener } from './protocol.ts';
import { ClusterHistory } from './history.ts';
import { isReadOnly, pastCluster, readOnlyRefusal, type PastView } from './pastview.ts';
import { Watches } from './watches.ts';
import { timelineView } from './timeline.ts';
import { specStatusView } from './specstatus.ts';
import { relatedObjects } from './related.ts';
import { lastChangeView } from './lastchange.ts';

/** `kubectl config …`: it may change the kubeconfig. */
const KUBECTL_CONFIG = /^\s*(kubectl|k)\s+config(\s|$)/;

export interface SnapshotStore {
  load(): Promise<SavedCluster | undefined>;
  save(record: Omit<SavedCluster, 'id'>): Promise<void>;
  clear(): Promise<void>;
}

export interface HostDeps {
  createCluster(opts: CreateClusterOptions): KubesimCluster;
  store?: SnapshotStore;
  /** Wall clock in ms (Date.now in the worker). */
  wallNow(): number;
  /** Call fn every ms of wall time; returns a cancel function (setInterval in the worker). */
  every(ms: number, fn: () => void): () => void;
  /** Wall ms between ticks: advancing time while playing and flushing the change feed. */
  tickMs?: number;
  /** Wall ms of simulation work per tick (default TICK_BUDGET_MS); the rest of the tick is the page's. */
  tickBudgetMs?: number;
  /** Wall ms between automatic snapshot saves while something changes. */
  saveEveryMs?: number;
  /** Commands that build a new cluster. */
  scenario?: string[];
  seed?: number;
  log?(message: string, error?: unknown): void;
  /** Starts a user operator's sandbox worker (operators/browserSandbox.ts); without it operators cannot be installed. */
  spawnSandbox?: SpawnSandbox;
}

/** The cluster a new workspace starts with: three empty worker nodes. */
export const DEFAULT_SCENARIO = [
  'sim node add w1 --cpu 4 --memory 16Gi',
  'sim node add w2 --cpu 4 --memory 16Gi',
  'sim node add w3 --cpu 4 --memory 16Gi',
];

/** Periodic saves take at most one part in this many of the worker's wall time. */
const SAVE_COST_SHARE = 20;

/** A tick never advances more than this much wall time (a throttled background tab must not jump hours). */
const MAX_TICK_WALL_MS = 250;

/**
 * A tick's simulation work stops after this much wall time (ticks come every 50 ms): the virtual time it did not
 * reach is dropped, so a busy cluster runs slower than the chosen speed but the feed and commands keep flowing.
 * The budget is checked between events, so one busy instant (a 10,000-pod rollout's) spans several ticks.
 */
const TICK_BUDGET_MS = 40;

interface Sent<V> {
  view: V;
  json: string;
}

function emptyDelta<T>(): Delta<T> {
  return { upserts: [], deletes: [] };
}

function isSpeed(n: unknown): n is Speed {
  return SPEEDS.includes(n as Speed);
}

export class EngineHost implements EngineApi {
  private readonly deps: HostDeps;
  private readonly tickMs: number;
  private readonly tickBudgetMs: number;
  private readonly saveEveryMs: number;

  private cluster: KubesimCluster | undefined;
  private unwatch: (() => void) | undefined;
  private stopTicker: (() => void) | undefined;
  private initPromise: Promise<InitResult> | undefined;

  // Latest objects, by key, as the watch stream delivered them.
  private readonly pods = new Map<string, Pod>();
  private readonly nodes = new Map<string, Node>();
  private readonly events = new Map<string, KubeEvent>();
  // What changed since the last flush.
  private readonly dirtyPods = new Set<string>();
  private readonly dirtyNodes = new Set<string>();
  private readonly dirtyEvents = new Set<string>();
  // What subscribers currently hold.
  private readonly sentPods = new Map<string, Sent<PodView>>();
  private readonly sentNodes = new Map<string, Sent<NodeView>>();
  private readonly sentEvents = new Map<string, Sent<EventView>>();
  private readonly requested = new Map<string, ResourceAmounts>();
  private lastClockJson = '';
  private lastPersistJson = '';
  private lastNowMs = 0;
  private fileNames = new Set<string>();
  // Issue 7: the recent past (timeline, last change), a past moment being viewed, streaming commands.
  private readonly history = new ClusterHistory();
  private past: PastView | undefined;
  private playingBeforePast = false;
  private readonly watches = new Watches();

  private startMs = 0;
  private playing = false;
  private speed: Speed = 1;
  private lastTickWall = 0;
  private busy = false;
  private chain: Promise<unknown> = Promise.resolve();

  private persistDirty = false;
  private writing = false;
  private savedAt = 0;
  private lastSaveWall = 0;
  /** Wall ms the last save took (snapshot and write): big clusters save less often. */
  private lastSaveCost = 0;
  private saving: Promise<void> | undefined;

  private readonly subscribers = new Map<number, BatchListener>();
  private nextSubscriber = 1;
  private seq = 0;

  constructor(deps: HostDeps) {
    this.deps = deps;
    this.tickMs = deps.tickMs ?? 50;
    this.tickBudgetMs = deps.tickBudgetMs ?? TICK_BUDGET_MS;
    this.saveEveryMs = deps.saveEveryMs ?? 2000;
  }

  /** The editor documents become files for `kubectl apply -f NAME`; removed documents disappear. */
  private syncFiles(files: Record<string, string>): void {
    const cluster = this.need();
    for (const name of this.fileNames) if (!(name in files)) cluster.setFile(name, undefined);
    for (const [name, text] of Object.entries(files)) cluster.setFile(name, text);
    this.fileNames = new Set(Object.keys(files));
  }

  // ---- EngineApi ---------------------------------------------------------------------------------------

  /** Idempotent: later calls (a second page, StrictMode) get the current clock of the same cluster. */
  async init(opts: InitOptions = {}): Promise<InitResult> {
    this.initPromise ??= this.doInit(opts);
    const { restored } = await this.initPromise;
    return { restored, clock: this.clockView() };
  }

  exec(line: string, stdin?: string, files?: Record<string, string>): Promise<ExecResult> {
    return this.serial(async () => {
      if (files) this.syncFiles(files);
      if (this.past && !isReadOnly(line)) return { code: 1, stdout: '', stderr: readOnlyRefusal(line, this.need().now(), this.past.atMs) };
      const r = await this.reader().exec(line, stdin);
      // The snapshot keeps the kubeconfig, whose changes no watch event announces.
      if (KUBECTL_CONFIG.test(line)) this.persistDirty = true;
      this.flush();
      return { code: r.code, stdout: r.stdout, stderr: r.stderr, ...(r.files ? { files: r.files } : {}) };
    });
  }

  editOpen(line: string, files?: Record<string, string>): Promise<EditResult> {
    return this.serial(async () => {
      if (files) this.syncFiles(files);
      // The objects open from the moment on view; only saving writes (and is refused while viewing the past).
      return await this.reader().editOpen(line);
    });
  }

  editSave(session: EditSession, saved: string): Promise<EditResult> {
    return this.serial(async () => {
      if (this.past) return { code: 1, stdout: '', stderr: readOnlyRefusal(session.commandLine, this.need().now(), this.past.atMs) };
      const r = await this.need().editSave(session, saved);
      this.flush();
      return r;
    });
  }

  apply(yamlText: string, opts?: ApplyOptions): Promise<ApplyResult> {
    return this.serial(async () => {
      if (this.past && !opts?.dryRun) return { code: 1, stdout: '', stderr: readOnlyRefusal('kubectl apply', this.need().now(), this.past.atMs), documents: [] };
      const r = await this.need().apply(yamlText, opts);
      if (!opts?.dryRun) this.flush();
      return {
        code: r.code,
        stdout: r.stdout,
        stderr: r.stderr,
        documents: r.documents.map((d) => ({ index: d.index, startLine: d.startLine, endLine: d.endLine, ok: d.ok, message: d.message, ...(d.warnings ? { warnings: d.warnings } : {}) })),
      };
    });
  }

  play(speed: Speed): Promise<void> {
    return this.serial(() => {
      if (!isSpeed(speed)) throw new Error(`speed must be one of ${SPEEDS.join(', ')}`);
      this.resumeLive();
      this.playing = true;
      this.speed = speed;
      this.lastTickWall = this.deps.wallNow();
      this.persistDirty = true;
      this.flush();
    });
  }

  async pause(): Promise<void> {
    await this.serial(() => {
      this.playing = false;
      this.persistDirty = true;
      this.flush();
    });
    await this.save();
  }

  step(): Promise<boolean> {
    return this.serial(async () => {
      this.resumeLive();
      this.playing = false;
      this.persistDirty = true;
      const ran = await this.need().step();
      this.flush();
      return ran;
    });
  }

  async reset(settings: ClusterSettings = {}): Promise<InitResult> {
    await this.init();
    const result = await this.serial(async () => {
      this.resumeLive();
      await this.startFresh(this.deps.seed ?? 1, settings);
      this.broadcastReset();
      return { restored: false, clock: this.clockView() };
    });
    await this.save();
    return result;
  }

  async save(): Promise<void> {
    while (this.saving) await this.saving;
    if (!this.deps.store || !this.cluster || !this.persistDirty) return;
    this.saving = this.doSave().finally(() => {
      this.saving = undefined;
    });
    await this.saving;
  }

  subscribe(listener: BatchListener): number {
    const id = this.nextSubscriber++;
    if (this.cluster) this.flush(); // others get what is pending; the newcomer starts from the full state
    this.subscribers.set(id, listener);
    if (this.cluster) this.send(id, listener, this.fullBatch());
    return id;
  }

  unsubscribe(id: number): void {
    this.subscribers.delete(id);
  }

  detail(ref: ObjectRef, tab: DetailTab): Promise<ExecResult> {
    return this.serial(async () => {
      const r = await this.reader().exec(detailCommand(ref, tab));
      return { code: r.code, stdout: r.stdout, stderr: r.stderr };
    });
  }

  explain(namespace: string, name: string): Promise<SchedulingExplanation | null> {
    return this.serial(async () => {
      const r = await this.reader().exec(`sim explain pod ${name} -n ${namespace} -o json`);
      if (r.code !== 0) throw new Error(r.stderr.trim());
      return JSON.parse(r.stdout) as SchedulingExplanation | null;
    });
  }

  loops(): Promise<LoopStats[]> {
    return this.serial(() => this.simJson<LoopStats[]>('sim controller list -o json'));
  }

  loopTrace(controller: string, sinceSeq: number): Promise<LoopView> {
    return this.serial(() => this.simJson<LoopView>(`sim controller trace ${controller} -o json --since ${Math.max(0, Math.floor(sinceSeq))}`));
  }

  dataPlane(): Promise<DataPlaneView> {
    return this.serial(() => dataPlaneView(this.reader()));
  }

  platform(): Promise<PlatformView> {
    return this.serial(() => platformView(this.need()));
  }

  ownerGraph(query: OwnerGraphQuery): Promise<OwnerGraphView> {
    return this.serial(() => ownerGraph(this.need(), query));
  }

  selectPods(selector: string): Promise<string[]> {
    return this.serial(() => selectPods(this.pods.values(), selector));
  }

  private async simJson<T>(line: string): Promise<T> {
    const r = await this.need().exec(line);
    if (r.code !== 0) throw new Error(r.stderr.trim());
    return JSON.parse(r.stdout) as T;
  }

  kinds(): ResourceKindView[] {
    return browsableKinds();
  }

  createFlags(words: string[]): string[] {
    return createFlagNames(words);
  }

  table(kind: string): Promise<ResourceTableView> {
    return this.serial(() => {
      const cluster = this.reader();
      return resourceTable(kind, cluster.list(kind), cluster.now());
    });
  }

  // ---- user-written operators (operators/userOperators.ts) ----------------------------------------------

  private userOps: UserOperators | undefined;
  private get operators(): UserOperators {
    if (!this.deps.spawnSandbox) throw new Error('user operators need a sandbox worker, which this engine host has none of');
    this.userOps ??= new UserOperators({ spawn: this.deps.spawnSandbox });
    return this.userOps;
  }
  installOperator(source: UserOperatorSource): Promise<UserOperatorView[]> {
    return this.serial(async () => { await this.operators.install(this.need(), source); this.persistDirty = true; return this.operators.views(); });
  }
  removeOperator(name: string): Promise<UserOperatorView[]> {
    return this.serial(() => { this.operators.remove(this.need(), name); this.persistDirty = true; return this.operators.views(); });
  }
  userOperators(): Promise<UserOperatorView[]> {
    return this.serial(() => this.userOps?.views() ?? []);
  }
  /** A restored cluster's operators run again from their saved code. */
  private async reinstallOperators(sources: UserOperatorSource[] | undefined): Promise<void> {
    for (const s of sources ?? []) {
      try { await this.operators.install(this.need(), s); } catch (e) { this.log(`could not reinstall operator ${s.name}`, e); }
    }
  }

  // ---- issue 7: streaming commands, the timeline, spec vs status, related objects, last change -------------

  watch(line: string, files: Record<string, string> | undefined, listener: WatchListener): Promise<{ result: ExecResult; id: number }> {
    return this.serial(() => {
      if (files) this.syncFiles(files);
      if (this.past) return { result: { code: 1, stdout: '', stderr: readOnlyRefusal(line, this.need().now(), this.past.atMs) }, id: 0 };
      const started = this.watches.start(this.need(), line, listener);
      this.flush();
      return started;
    });
  }

  stopWatch(id: number): void {
    this.watches.stop(id);
  }

  timeline(): Promise<TimelineView> {
    return this.serial(() => timelineView(this.history, this.need().now(), this.past?.atMs));
  }

  viewAt(atMs: number | null): Promise<ClockView> {
    return this.serial(() => {
      const live = this.need();
      const at = atMs === null ? undefined : Math.max(this.history.fromMs, Math.min(Math.floor(atMs), live.now()));
      if (at === undefined || at >= live.now()) {
        this.resumeLive();
        return this.clockView();
      }
      if (!this.past) this.playingBeforePast = this.playing;
      this.playing = false;
      this.watches.flush();
      this.past = pastCluster(live, this.history, at, (o) => this.deps.createCluster(o));
      this.show(this.past.cluster);
      this.broadcastReset();
      return this.clockView();
    });
  }

  specStatus(ref: ObjectRef): Promise<SpecStatusView> {
    return this.serial(() => {
      const c = this.reader();
      const obj = this.find(c, ref);
      return specStatusView(obj, obj.kind === 'Service' ? c.list('EndpointSlice') : []);
    });
  }

  related(ref: ObjectRef): Promise<RelatedRef[]> {
    return this.serial(() => {
      const c = this.reader();
      return relatedObjects(this.find(c, ref), (kind) => c.list(kind), browsableKinds().map((k) => k.kind));
    });
  }

  lastChange(ref: ObjectRef): LastChangeView | null {
    const change = this.history.lastChange(ref.kind, ref.namespace || undefined, ref.name);
    return change ? lastChangeView(change) : null;
  }

  /** What reads see: the past moment being viewed, or the live cluster. */
  private reader(): KubesimCluster {
    return this.past?.cluster ?? this.need();
  }

  private find(c: KubesimCluster, ref: ObjectRef) {
    const obj = c.list(ref.kind).find((o) => o.metadata?.name === ref.name && (o.metadata?.namespace ?? '') === (ref.namespace ?? ''));
    if (!obj) throw new Error(`${ref.kind} "${ref.name}" not found`);
    return obj;
  }

  /** Back to the live cluster (no-op when already live): its objects go to subscribers as a reset. */
  private resumeLive(): void {
    if (!this.past) return;
    this.past = undefined;
    this.playing = this.playingBeforePast;
    this.lastTickWall = this.deps.wallNow();
    this.show(this.need());
    this.broadcastReset();
  }

  // ---- scenarios and exercises (exercise.ts) ------------------------------------------------------------

  private scenarioService: ScenarioService | undefined;
  private get scenarios(): ScenarioService {
    this.scenarioService ??= new ScenarioService(this, this.deps);
    return this.scenarioService;
  }
  gallery(): GalleryItem[] { return this.scenarios.gallery(); }
  inspectScenario(yaml: string): ScenarioSummary { return this.scenarios.inspect(yaml); }
  loadScenario(source: ScenarioSource, student?: string, snapshot?: ClusterSnapshot): Promise<ExerciseView> { return this.scenarios.load(source, student, snapshot); }
  exercise(source: ScenarioSource, student?: string): ExerciseView { return this.scenarios.exercise(source, student); }
  checkStep(source: ScenarioSource, student: string | undefined, step: number): Promise<StepResultView> { return this.scenarios.check(source, student, step); }

  /** Run fn on the cluster in turn with every other engine call. */
  withCluster<T>(fn: (c: KubesimCluster) => T | Promise<T>): Promise<T> {
    return this.serial(() => fn(this.need()));
  }

  /** Replace the cluster with one that `build` makes (a scenario), as reset() does with the default one. */
  async replace(build: () => KubesimCluster | Promise<KubesimCluster>): Promise<InitResult> {
    await this.init();
    const result = await this.serial(async () => {
      this.resumeLive();
      const cluster = await build();
      this.attach(cluster);
      this.startMs = cluster.now();
      this.playing = true;
      this.speed = 1;
      this.lastTickWall = this.deps.wallNow();
      this.persistDirty = true;
      this.broadcastReset();
      return { restored: false, clock: this.clockView() };
    });
    await this.save();
    return result;
  }

  /** Stop the ticker and the watch (tests; the worker lives as long as the page). */
  dispose(): void {
    this.stopTicker?.();
    this.stopTicker = undefined;
    this.unwatch?.();
    this.unwatch = undefined;
    this.subscribers.clear();
  }

  // ---- lifecycle -------------------------------------------------------------------------------------------

  private async doInit(opts: InitOptions): Promise<InitResult> {
    let restored = false;
    const saved = opts.fresh ? undefined : await this.loadSaved();
    if (saved) {
      try {
        this.attach(await this.deps.createCluster({ snapshot: saved.snapshot }));
        await this.reinstallOperators(saved.operators);
        this.startMs = saved.startMs;
        this.playing = saved.playing;
        this.speed = isSpeed(saved.speed) ? saved.speed : 1;
        this.savedAt = saved.savedAt;
        this.persistDirty = false;
        restored = true;
      } catch (e) {
        this.log('could not restore the saved cluster; starting a new one', e);
      }
    }
    if (!restored) await this.startFresh(opts.seed ?? this.deps.seed ?? 1);
    this.lastTickWall = this.deps.wallNow();
    this.lastSaveWall = this.lastTickWall;
    this.stopTicker = this.deps.every(this.tickMs, () => void this.tick());
    this.broadcastReset();
    return { restored, clock: this.clockView() };
  }

  private async loadSaved(): Promise<SavedCluster | undefined> {
    try {
      return await this.deps.store?.load();
    } catch (e) {
      this.log('could not read the saved cluster', e);
      return undefined;
    }
  }

  /** createCluster throws for bad settings before anything is replaced. */
  private async startFresh(seed: number, settings: ClusterSettings = {}): Promise<void> {
    const cluster = await this.deps.createCluster({ seed, ...settings });
    this.attach(cluster);
    this.startMs = cluster.now();
    for (const line of this.deps.scenario ?? DEFAULT_SCENARIO) {
      const r = await cluster.exec(line);
      if (r.code !== 0) this.log(`scenario: ${line}: ${r.stderr.trim()}`);
    }
    this.playing = true;
    this.speed = 1;
    this.lastTickWall = this.deps.wallNow();
    this.persistDirty = true;
  }

  /** Take a cluster: forget the previous one's state, load every object, watch for changes. */
  private attach(cluster: KubesimCluster): void {
    this.unwatch?.();
    this.userOps?.clear();
    this.watches.endAll();
    this.cluster = cluster;
    this.history.reset(cluster.snapshot().objects, cluster.now());
    this.show(cluster);
    this.unwatch = cluster.onChange((e) => {
      this.history.record(e, cluster.now());
      if (!this.past) this.onWatch(e);
    });
    this.lastNowMs = cluster.now();
  }

  /** Load the views from a cluster (the live one, or a past moment's): forget what was shown before. */
  private show(cluster: KubesimCluster): void {
    for (const m of [this.pods, this.nodes, this.events, this.sentPods, this.sentNodes, this.sentEvents, this.requested]) m.clear();
    for (const s of [this.dirtyPods, this.dirtyNodes, this.dirtyEvents]) s.clear();
    this.lastClockJson = '';
    for (const kind of ['Node', 'Pod', 'Event']) {
      for (const object of cluster.list(kind)) this.onWatch({ type: 'ADDED', object });
    }
    this.computeDelta(); // fill the caches; subscribers get them as a reset
  }

  private onWatch(e: WatchEvent): void {
    this.persistDirty = true;
    const obj = e.object;
    const meta = obj.metadata ?? {};
    const key = `${meta.namespace ?? 'default'}/${meta.name ?? ''}`;
    const deleted = e.type === 'DELETED';
    switch (obj.kind) {
      case 'Pod':
        if (deleted) this.pods.delete(key);
        else this.pods.set(key, obj as Pod);
        this.dirtyPods.add(key);
        break;
      case 'Node': {
        const name = meta.name ?? '';
        if (deleted) this.nodes.delete(name);
        else this.nodes.set(name, obj as Node);
        this.dirtyNodes.add(name);
        break;
      }
      case 'Event':
        if (deleted) this.events.delete(key);
        else this.events.set(key, obj as unknown as KubeEvent);
        this.dirtyEvents.add(key);
        break;
    }
  }

  // ---- time ------------------------------------------------------------------------------------------------

  private async tick(): Promise<void> {
    if (this.busy || !this.cluster) return;
    this.busy = true;
    try {
      await this.serial(async () => {
        const now = this.deps.wallNow();
        const elapsed = Math.min(Math.max(now - this.lastTickWall, 0), MAX_TICK_WALL_MS);
        this.lastTickWall = now;
        if (this.playing && !this.past && elapsed > 0) await this.advanceWithin(elapsed * this.speed, now);
        this.flush();
      });
      if (this.persistDirty && this.deps.wallNow() - this.lastSaveWall >= this.saveInterval() && !this.saving) {
        await this.save();
      }
    } catch (e) {
      this.playing = false;
      this.log('the simulation stopped with an error', e);
      this.flush();
    } finally {
      this.busy = false;
    }
  }

  /** Advance up to `virtualMs`, until the tick's wall budget is spent (checked between events, not slices). */
  private async advanceWithin(virtualMs: number, began: number): Promise<void> {
    await this.need().advanceUntil(virtualMs / 1000, () => this.deps.wallNow() - began >= this.tickBudgetMs);
  }

  // ---- persistence -----------------------------------------------------------------------------------------

  /**
   * Every saveEveryMs, but never more than one part in SAVE_COST_SHARE of the worker's time: a snapshot of
   * 10,000 pods takes about a second to take and write, and saving it every 2 s starved the ticks.
   */
  private saveInterval(): number {
    return Math.max(this.saveEveryMs, this.lastSaveCost * SAVE_COST_SHARE);
  }

  private async doSave(): Promise<void> {
    const store = this.deps.store;
    if (!store) return;
    const { snapshot, record, took } = await this.serial(() => {
      const began = this.deps.wallNow();
      const snapshot: ClusterSnapshot = this.need().snapshot();
      this.persistDirty = false;
      const record = { startMs: this.startMs, playing: this.playing, speed: this.speed, operators: this.userOps?.sources() ?? [] };
      return { snapshot, record, took: this.deps.wallNow() - began };
    });
    const savedAt = this.deps.wallNow();
    this.lastSaveWall = savedAt;
    this.writing = true;
    try {
      await store.save({ snapshot, ...record, savedAt });
      this.savedAt = savedAt;
      this.lastSaveCost = took + this.deps.wallNow() - savedAt;
    } catch (e) {
      this.persistDirty = true;
      this.log('could not save the cluster', e);
    } finally {
      this.writing = false;
    }
    this.flush();
  }

  // ---- change feed -----------------------------------------------------------------------------------------

  private clockView(): ClockView {
    const live = this.cluster?.now() ?? 0;
    if (this.past) return { nowMs: this.past.atMs, startMs: this.startMs, playing: false, speed: this.speed, liveMs: live };
    return { nowMs: live, startMs: this.startMs, playing: this.playing, speed: this.speed };
  }

  private persistView(): PersistView {
    return { savedAt: this.savedAt, dirty: this.persistDirty || this.writing };
  }

  private addRequested(node: string, p: PodView, sign: 1 | -1): void {
    const r = this.requested.get(node) ?? { cpuMilli: 0, memoryBytes: 0, pods: 0 };
    r.cpuMilli += sign * p.cpuMilli;
    r.memoryBytes += sign * p.memoryBytes;
    r.pods += sign;
    if (p.gpus) r.gpus = (r.gpus ?? 0) + sign * p.gpus;
    this.requested.set(node, r);
    this.dirtyNodes.add(node);
  }

  /** Turn the dirty sets into deltas against what subscribers hold, and update that. */
  private computeDelta(): { pods: Delta<PodView>; nodes: Delta<NodeView>; events: Delta<EventView> } {
    const pods = emptyDelta<PodView>();
    for (const key of this.dirtyPods) {
      const prev = this.sentPods.get(key);
      const obj = this.pods.get(key);
      if (!obj) {
        if (prev) {
          pods.deletes.push(key);
          this.sentPods.delete(key);
          if (podOccupiesNode(prev.view)) this.addRequested(prev.view.nodeName, prev.view, -1);
        }
        continue;
      }
      const view = podView(obj);
      const json = JSON.stringify(view);
      if (prev?.json === json) continue;
      pods.upserts.push(view);
      this.sentPods.set(key, { view, json });
      if (prev && podOccupiesNode(prev.view)) this.addRequested(prev.view.nodeName, prev.view, -1);
      if (podOccupiesNode(view)) this.addRequested(view.nodeName, view, 1);
    }
    this.dirtyPods.clear();

    const nodes = emptyDelta<NodeView>();
    for (const name of this.dirtyNodes) {
      const prev = this.sentNodes.get(name);
      const obj = this.nodes.get(name);
      if (!obj) {
        if (prev) {
          nodes.deletes.push(name);
          this.sentNodes.delete(name);
        }
        continue;
      }
      const r = this.requested.get(name) ?? { cpuMilli: 0, memoryBytes: 0, pods: 0 };
      const view = nodeView(obj, { ...r });
      const json = JSON.stringify(view);
      if (prev?.json === json) continue;
      nodes.upserts.push(view);
      this.sentNodes.set(name, { view, json });
    }
    this.dirtyNodes.clear();

    const events = emptyDelta<EventView>();
    for (const key of this.dirtyEvents) {
      const prev = this.sentEvents.get(key);
      const obj = this.events.get(key);
      if (!obj) {
        if (prev) {
          events.deletes.push(key);
          this.sentEvents.delete(key);
        }
        continue;
      }
      const view = eventView(obj);
      const json = JSON.stringify(view);
      if (prev?.json === json) continue;
      events.upserts.push(view);
      this.sentEvents.set(key, { view, json });
    }
    this.dirtyEvents.clear();
    return { pods, nodes, events };
  }

  /** Send what changed since the last batch (nothing if nothing did). */
  private flush(): void {
    if (!this.cluster) return;
    const nowMs = this.cluster.now();
    if (nowMs !== this.lastNowMs) {
      this.lastNowMs = nowMs;
      this.persistDirty = true;
    }
    this.watches.flush();
    const delta = this.computeDelta();
    const clock = this.clockView();
    const clockJson = JSON.stringify(clock);
    const empty = [delta.pods, delta.nodes, delta.events].every((d) => d.upserts.length === 0 && d.deletes.length === 0);
    const persist = this.persistView();
    const persistJson = JSON.stringify(persist);
    if (empty && clockJson === this.lastClockJson && persistJson === this.lastPersistJson) return;
    this.lastClockJson = clockJson;
    this.lastPersistJson = persistJson;
    const batch: ViewBatch = { seq: ++this.seq, reset: false, ...delta, clock, persist };
    for (const [id, listener] of this.subscribers) this.send(id, listener, batch);
  }

  private fullBatch(): ViewBatch {
    const all = <V>(m: Map<string, Sent<V>>): Delta<V> => ({ upserts: [...m.values()].map((s) => s.view), deletes: [] });
    return {
      seq: ++this.seq,
      reset: true,
      pods: all(this.sentPods),
      nodes: all(this.sentNodes),
      events: all(this.sentEvents),
      clock: this.clockView(),
      persist: this.persistView(),
    };
  }

  /** Everyone starts over from the full state (a new cluster): pending deltas are folded into it. */
  private broadcastReset(): void {
    if (!this.cluster) return;
    this.computeDelta();
    this.lastNowMs = this.cluster.now();
    const batch = this.fullBatch();
    this.lastClockJson = JSON.stringify(batch.clock);
    this.lastPersistJson = JSON.stringify(batch.persist);
    for (const [id, listener] of this.subscribers) this.send(id, listener, batch);
  }

  private send(id: number, listener: BatchListener, batch: ViewBatch): void {
    const drop = (e: unknown) => {
      this.subscribers.delete(id);
      this.log('dropped a subscriber that failed', e);
    };
    try {
      const r: unknown = listener(batch);
      if (r instanceof Promise) r.catch(drop);
    } catch (e) {
      drop(e);
    }
  }

  // ---- helpers ---------------------------------------------------------------------------------------------

  private need(): KubesimCluster {
    if (!this.cluster) throw new Error('the engine is not initialized: call init() first');
    return this.cluster;
  }

  /**
   * Run engine work one piece at a time, even if the engine's methods become asynchronous; calls that
   * arrive while the cluster is still being restored wait for it.
   */
  private serial<T>(fn: () => T | Promise<T>): Promise<T> {
    const init = this.initPromise;
    const run = this.chain.then(async () => {
      if (init) await init.catch(() => undefined);
      return fn();
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  private log(message: string, error?: unknown): void {
    if (this.deps.log) this.deps.log(message, error);
    else console.warn(`[kubesim worker] ${message}`, error ?? '');
  }
}
