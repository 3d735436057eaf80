// The engine's home in the browser: a module Web Worker that hosts one simulated cluster and exposes
// EngineApi (protocol.ts) to the page through Comlink.
import * as Comlink from 'comlink';
import { createCluster } from '../engine/index.ts';
import { clusterStore } from '../storage/cluster.ts';
import { openDb } from '../storage/db.ts';
import { EngineHost } from './host.ts';
import type { BatchListener, EngineApi, InitOptions, Speed } from './protocol.ts';

const host = new EngineHost({
  createCluster,
  store: clusterStore(openDb()),
  wallNow: () => Date.now(),
  every: (ms, fn) => {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
});

// An explicit object (not the class instance) so only the protocol is reachable from the page.
const api: EngineApi = {
  init: (opts?: InitOptions) => host.init(opts),
  exec: (line: string, stdin?: string, files?: Record<string, string>) => host.exec(line, stdin, files),
  apply: (yamlText: string) => host.apply(yamlText),
  play: (speed: Speed) => host.play(speed),
  pause: () => host.pause(),
  step: () => host.step(),
  reset: () => host.reset(),
  save: () => host.save(),
  subscribe: (listener: BatchListener) => host.subscribe(listener),
  unsubscribe: (id: number) => host.unsubscribe(id),
};

Comlink.expose(api);
