// The engine's home in the browser: a module Web Worker that hosts one simulated cluster and exposes
// EngineApi (protocol.ts) to the page through Comlink.
import * as Comlink from 'comlink';
import { createCluster } from '../engine/index.ts';
import { clusterStore } from '../storage/cluster.ts';
import { openDb } from '../storage/db.ts';
import type { ClusterSnapshot } from '../engine/index.ts';
import { EngineHost } from './host.ts';
import { spawnBrowserSandbox } from './operators/browserSandbox.ts';
import type { UserOperatorSource } from './operators/protocol.ts';
import type { ApplyOptions, EditSession, OwnerGraphQuery, ScenarioSource } from './protocol.ts';
import type { BatchListener, DetailTab, EngineApi, InitOptions, ObjectRef, Speed, WatchListener } from './protocol.ts';

/**
 * On a two-core machine a worker busy 40 ms of every 50 left the page's main, compositor and raster threads one
 * core to share, and frames blocked for hundreds of ms at 100x; there the simulation works 20 ms per tick.
 */
const TWO_CORE_TICK_BUDGET_MS = 20;

const host = new EngineHost({
  createCluster,
  tickBudgetMs: (navigator.hardwareConcurrency || 4) <= 2 ? TWO_CORE_TICK_BUDGET_MS : undefined,
  store: clusterStore(openDb()),
  wallNow: () => Date.now(),
  every: (ms, fn) => {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
  spawnSandbox: spawnBrowserSandbox,
});

// An explicit object (not the class instance) so only the protocol is reachable from the page.
const api: EngineApi = {
  init: (opts?: InitOptions) => host.init(opts),
  exec: (line: string, stdin?: string, files?: Record<string, string>) => host.exec(line, stdin, files),
  editOpen: (line: string, files?: Record<string, string>) => host.editOpen(line, files),
  editSave: (session: EditSession, saved: string) => host.editSave(session, saved),
  apply: (yamlText: string, opts?: ApplyOptions) => host.apply(yamlText, opts),
  play: (speed: Speed) => host.play(speed),
  pause: () => host.pause(),
  step: () => host.step(),
  reset: (settings) => host.reset(settings),
  save: () => host.save(),
  subscribe: (listener: BatchListener) => host.subscribe(listener),
  unsubscribe: (id: number) => host.unsubscribe(id),
  detail: (ref: ObjectRef, tab: DetailTab) => host.detail(ref, tab),
  explain: (namespace: string, name: string) => host.explain(namespace, name),
  kinds: () => host.kinds(),
  createFlags: (words: string[]) => host.createFlags(words),
  table: (kind: string) => host.table(kind),
  loops: () => host.loops(),
  loopTrace: (controller: string, sinceSeq: number) => host.loopTrace(controller, sinceSeq),
  gallery: () => host.gallery(),
  inspectScenario: (yaml: string) => host.inspectScenario(yaml),
  loadScenario: (source: ScenarioSource, student?: string, snapshot?: ClusterSnapshot) => host.loadScenario(source, student, snapshot),
  exercise: (source: ScenarioSource, student?: string) => host.exercise(source, student),
  checkStep: (source: ScenarioSource, student: string | undefined, step: number) => host.checkStep(source, student, step),
  dataPlane: () => host.dataPlane(),
  platform: () => host.platform(),
  installOperator: (source: UserOperatorSource) => host.installOperator(source),
  removeOperator: (name: string) => host.removeOperator(name),
  userOperators: () => host.userOperators(),
  watch: (line: string, files: Record<string, string> | undefined, listener: WatchListener) => host.watch(line, files, listener),
  stopWatch: (id: number) => host.stopWatch(id),
  timeline: () => host.timeline(),
  viewAt: (atMs: number | null) => host.viewAt(atMs),
  specStatus: (ref: ObjectRef) => host.specStatus(ref),
  related: (ref: ObjectRef) => host.related(ref),
  lastChange: (ref: ObjectRef) => host.lastChange(ref),
  ownerGraph: (query: OwnerGraphQuery) => host.ownerGraph(query),
  selectPods: (selector: string) => host.selectPods(selector),
};

Comlink.expose(api);
