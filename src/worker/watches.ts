// Streaming commands (`kubectl get -w`, `kubectl port-forward`) the page's terminal runs: each one's output is
// buffered as the cluster changes and sent with the change feed's flush, so a burst of changes arrives as one message.
import type { KubesimCluster } from '../engine/index.ts';
import type { ExecResult, WatchListener } from './protocol.ts';

interface Running {
  stop(): void;
  listener: WatchListener;
  pending: { text: string; err: boolean }[];
  /** The command ended by itself (a port-forward's pod went): delivered after its last output. */
  ended: boolean;
}

export class Watches {
  private readonly running = new Map<number, Running>();
  private nextId = 1;

  /** Start `line`; returns the first output and, while it streams, the watch id (0: it does not stream). */
  start(cluster: KubesimCluster, line: string, listener: WatchListener): { result: ExecResult; id: number } {
    const w: Running = { stop: () => undefined, listener, pending: [], ended: false };
    const { result, stop, streaming } = cluster.watch(line, (text) => w.pending.push({ text, err: false }), {
      stderr: (text) => w.pending.push({ text, err: true }),
      end: () => { w.ended = true; },
    });
    if (result.code !== 0 || !streaming || w.ended) {
      stop();
      return { result, id: 0 };
    }
    w.stop = stop;
    const id = this.nextId++;
    this.running.set(id, w);
    return { result, id };
  }

  stop(id: number): void {
    const w = this.running.get(id);
    if (!w) return;
    w.stop();
    this.running.delete(id);
  }

  /** Send what each watch printed since the last flush; a listener that fails is dropped. */
  flush(): void {
    for (const [id, w] of this.running) {
      // Runs of one stream go as one message each, in order.
      for (let i = 0; i < w.pending.length;) {
        const err = w.pending[i].err;
        let text = '';
        for (; i < w.pending.length && w.pending[i].err === err; i++) text += w.pending[i].text;
        this.deliver(id, w, text, err ? 'err' : undefined);
      }
      w.pending.length = 0;
      if (w.ended) {
        this.running.delete(id);
        this.deliver(id, w, null, 'exit');
      }
    }
  }

  /** The cluster is replaced: every watch ends (the listener gets null). */
  endAll(): void {
    this.flush();
    for (const [id, w] of this.running) {
      w.stop();
      this.deliver(id, w, null);
    }
    this.running.clear();
  }

  get size(): number {
    return this.running.size;
  }

  private deliver(id: number, w: Running, text: string | null, stream?: 'err' | 'exit'): void {
    try {
      const r: unknown = w.listener(text, stream);
      if (r instanceof Promise) r.catch(() => this.stop(id));
    } catch {
      this.stop(id);
    }
  }
}
