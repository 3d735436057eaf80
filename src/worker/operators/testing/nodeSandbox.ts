// Tests run the sandbox's real source in a Node worker thread: a real second thread, so an infinite loop
// really is stopped by terminating it. The adapter gives the thread the Web Worker surface sandboxMain expects.
import type { SandboxWorker, SpawnSandbox } from '../sandbox.ts';
import type { SandboxReply, SandboxRequest } from '../protocol.ts';

interface NodeThread {
  postMessage(m: unknown): void;
  terminate(): Promise<number>;
  on(event: 'message' | 'error', fn: (v: never) => void): void;
}
// Loaded by name: the page's TypeScript project has no Node types (the tests run in Node all the same).
const { Worker } = (await import('node:worker_threads' as string)) as { Worker: new (code: string, opts: { eval: true }) => NodeThread };

const PRELUDE = `
const { parentPort } = require('node:worker_threads');
globalThis.self = globalThis;
globalThis.postMessage = (m) => parentPort.postMessage(m);
parentPort.on('message', (data) => globalThis.onmessage && globalThis.onmessage({ data }));
`;

export const spawnNodeSandbox: SpawnSandbox = (source) => {
  const thread = new Worker(PRELUDE + source, { eval: true });
  const w: SandboxWorker = {
    onmessage: null,
    onerror: null,
    postMessage: (m: SandboxRequest) => thread.postMessage(m),
    terminate: () => void thread.terminate(),
  };
  thread.on('message', (data: SandboxReply) => w.onmessage?.({ data }));
  thread.on('error', (e: Error) => w.onerror?.({ message: e.message }));
  return w;
};
