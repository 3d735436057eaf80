// What runs inside a user operator's own worker. The function is turned into the worker's source text
// (`(${sandboxMain})(self)`), so it must be self-contained: it references nothing outside its own body.
//
// Order matters: the user's code is compiled first (it needs the Function constructor), then every way out is
// removed (network, storage, other workers, timers that evaluate strings, the eval and Function constructors),
// then the code runs. Its reconcile receives the object and a client whose reads come from the request's cache
// and whose writes only build actions; the engine worker validates and applies them.
import type { SandboxReply, SandboxRequest } from './protocol.ts';

export function sandboxMain(scope: {
  postMessage(message: SandboxReply): void;
  onmessage: ((e: { data: SandboxRequest }) => void) | null;
}): void {
  const g = globalThis as unknown as Record<string, unknown>;
  const post = scope.postMessage.bind(scope);
  const FORBIDDEN = [
    'fetch', 'XMLHttpRequest', 'WebSocket', 'WebSocketStream', 'WebTransport', 'EventSource', 'importScripts',
    'indexedDB', 'caches', 'BroadcastChannel', 'Worker', 'SharedWorker', 'navigator', 'setTimeout', 'setInterval',
    'postMessage', 'eval', 'Function',
  ];
  const describe = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : `thrown: ${String(e)}`);
  const clone = <T>(v: T, what: string): T => {
    try {
      return JSON.parse(JSON.stringify(v)) as T;
    } catch (e) {
      throw new TypeError(`${what} is not plain data: ${describe(e)}`);
    }
  };

  function lockDown(): void {
    for (const name of FORBIDDEN) {
      for (let o: object | null = g; o; o = Object.getPrototypeOf(o) as object | null) {
        try { delete (o as Record<string, unknown>)[name]; } catch { /* not configurable: shadowed below */ }
      }
      if (name in g) {
        try { Object.defineProperty(g, name, { value: undefined, writable: false, configurable: false }); } catch { /* checked below */ }
      }
    }
    // The Function constructor is reachable from any function; AsyncFunction's and GeneratorFunction's too.
    const samples: unknown[] = [function () {}, async function () {}, function* () {}, async function* () {}];
    for (const f of samples) {
      try { Object.defineProperty(Object.getPrototypeOf(f) as object, 'constructor', { value: undefined, writable: false, configurable: false }); } catch { /* checked below */ }
    }
    const left = FORBIDDEN.filter((name) => g[name] !== undefined);
    if (left.length) throw new Error(`the sandbox could not remove ${left.join(', ')}`);
  }

  // Virtual time and a seeded Math.random per reconcile: the same requests give the same answers.
  // Simplification: Date.now(), new Date() and Math.random are replaced; other wall-clock sources (performance.now) stay.
  let virtualNow = 0;
  let seed = 1;
  const RealDate = Date;
  class VirtualDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(virtualNow);
      else super(...(args as [string]));
    }
    static override now(): number { return virtualNow; }
  }
  g.Date = VirtualDate;
  Math.random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  type Obj = { apiVersion?: string; kind?: string; metadata?: { name?: string; namespace?: string; uid?: string; ownerReferences?: unknown[] } };
  type Reconcile = (object: unknown, client: unknown) => unknown;
  let reconcile: Reconcile | undefined;
  let loadError: string | undefined;

  function load(code: string): void {
    try {
      // Compiled in global scope (not this function's): the code sees only globals, which lockDown trims.
      const compile = new Function(`"use strict";\n${code}\n;return typeof reconcile === "function" ? reconcile : undefined;`) as () => Reconcile | undefined;
      lockDown();
      reconcile = compile();
      if (!reconcile) loadError = 'the code must define a function reconcile(object, client)';
    } catch (e) {
      loadError = describe(e);
    }
  }

  function clientFor(request: SandboxRequest & { type: 'reconcile' }) {
    const { object, owned } = request.request;
    const cache = [object, ...owned].filter((o): o is NonNullable<typeof o> => !!o) as Obj[];
    const ns = (object as Obj | undefined)?.metadata?.namespace ?? request.request.key.split('/').slice(-2, -1)[0];
    const actions: unknown[] = [];
    let requeueAfterSeconds: number | undefined;
    const client = {
      /** An object of the request's cache: the reconciled object or one it owns. */
      get: (kind: string, name: string, namespace = ns) => {
        const found = cache.find((o) => o.kind === kind && o.metadata?.name === name && (o.metadata.namespace ?? undefined) === (namespace || undefined));
        return found && clone(found, 'the cached object');
      },
      /** The objects of a kind in the request's cache. */
      list: (kind: string) => clone(cache.filter((o) => o.kind === kind), 'the cached objects'),
      create: (obj: Obj) => { actions.push({ op: 'create', object: clone(obj, 'the object to create') }); },
      update: (obj: Obj) => { actions.push({ op: 'update', object: clone(obj, 'the object to update') }); },
      updateStatus: (obj: Obj) => { actions.push({ op: 'update', object: clone(obj, 'the object to update'), subresource: 'status' }); },
      patch: (kind: string, name: string, patch: unknown, opts: { namespace?: string; type?: string } = {}) => {
        actions.push({ op: 'patch', kind, name, namespace: opts.namespace ?? ns, patch: clone(patch, 'the patch'), type: opts.type ?? 'merge' });
      },
      delete: (kind: string, name: string, namespace = ns) => { actions.push({ op: 'delete', kind, name, namespace }); },
      event: (type: string, reason: string, message: string) => { actions.push({ op: 'event', type, reason, message }); },
      requeueAfter: (seconds: number) => { requeueAfterSeconds = seconds; },
      /** As controller-runtime's SetControllerReference: the reconciled object becomes child's controller. */
      setControllerReference: <T extends Obj>(child: T): T => {
        const owner = object as Obj | undefined;
        if (!owner?.metadata?.uid) throw new TypeError('setControllerReference: the reconciled object is gone');
        const refs = (child.metadata ??= {}).ownerReferences ??= [];
        refs.push({ apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name, uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true });
        child.metadata.namespace ??= owner.metadata.namespace;
        return child;
      },
    };
    return { client, result: () => ({ actions, requeueAfterSeconds }) };
  }

  async function run(req: SandboxRequest & { type: 'reconcile' }): Promise<SandboxReply> {
    if (loadError || !reconcile) return { type: 'result', id: req.id, error: loadError ?? 'the code is not loaded' };
    virtualNow = req.now;
    seed = req.id;
    const { client, result } = clientFor(req);
    try {
      await reconcile(req.request.object, client);
      return { type: 'result', id: req.id, result: result() };
    } catch (e) {
      return { type: 'result', id: req.id, error: describe(e) };
    }
  }

  scope.onmessage = (e) => {
    const req = e.data;
    if (req.type === 'load') {
      load(req.code);
      post({ type: 'loaded', error: loadError });
      return;
    }
    void run(req).then(post);
  };
}
