// One elkjs instance for the page, running its layout in elkjs's Web Worker build (started on first use).
import ELK, { type ELK as ElkApi } from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';

let elk: ElkApi | undefined;

export function elkInWorker(): ElkApi {
  elk ??= new ELK({ workerFactory: () => new Worker(elkWorkerUrl, { name: 'kubesim-elk' }) });
  return elk;
}
