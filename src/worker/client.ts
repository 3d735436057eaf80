// The page's side of the worker: start it, wrap it with Comlink, and hand the page an EngineClient.
import * as Comlink from 'comlink';
import type { BatchListener, EngineApi, ExecResult, WatchListener } from './protocol.ts';

type Promisify<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/** EngineApi as the page sees it: every call is asynchronous, subscribe returns an unsubscribe function. */
export type EngineClient = Omit<Promisify<EngineApi>, 'subscribe' | 'unsubscribe' | 'watch' | 'stopWatch'> & {
  subscribe(listener: BatchListener): Promise<() => void>;
  /** A streaming command: its first output, and stop() (a no-op when it does not stream). */
  watch(line: string, files: Record<string, string> | undefined, listener: WatchListener): Promise<{ result: ExecResult; stop(): void }>;
};

export function connectEngine(): EngineClient {
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'kubesim-engine' });
  const remote = Comlink.wrap<EngineApi>(worker);
  return {
    init: (opts) => remote.init(opts),
    exec: (line, stdin, files) => remote.exec(line, stdin, files),
    editOpen: (line, files) => remote.editOpen(line, files),
    editSave: (session, saved) => remote.editSave(session, saved),
    apply: (yamlText, opts) => remote.apply(yamlText, opts),
    play: (speed) => remote.play(speed),
    pause: () => remote.pause(),
    step: () => remote.step(),
    reset: (settings) => remote.reset(settings),
    save: () => remote.save(),
    detail: (ref, tab) => remote.detail(ref, tab),
    explain: (namespace, name) => remote.explain(namespace, name),
    kinds: () => remote.kinds(),
    createFlags: (words) => remote.createFlags(words),
    table: (kind) => remote.table(kind),
    gallery: () => remote.gallery(),
    inspectScenario: (yaml) => remote.inspectScenario(yaml),
    loadScenario: (source, student, snapshot) => remote.loadScenario(source, student, snapshot),
    exercise: (source, student) => remote.exercise(source, student),
    checkStep: (source, student, step) => remote.checkStep(source, student, step),
    loops: () => remote.loops(),
    loopTrace: (controller, sinceSeq) => remote.loopTrace(controller, sinceSeq),
    dataPlane: () => remote.dataPlane(),
    platform: () => remote.platform(),
    installOperator: (source) => remote.installOperator(source),
    removeOperator: (name) => remote.removeOperator(name),
    userOperators: () => remote.userOperators(),
    timeline: () => remote.timeline(),
    viewAt: (atMs) => remote.viewAt(atMs),
    specStatus: (ref) => remote.specStatus(ref),
    related: (ref) => remote.related(ref),
    lastChange: (ref) => remote.lastChange(ref),
    watch: async (line, files, listener) => {
      const { result, id } = await remote.watch(line, files, Comlink.proxy(listener));
      return { result, stop: () => void (id && remote.stopWatch(id)) };
    },
    ownerGraph: (query) => remote.ownerGraph(query),
    selectPods: (selector) => remote.selectPods(selector),
    subscribe: async (listener) => {
      const id = await remote.subscribe(Comlink.proxy(listener));
      return () => void remote.unsubscribe(id);
    },
  };
}
