// Streaming commands (`kubectl get -w`) the page's terminal runs: each one's output is buffered as the
// cluster changes and sent with the change feed's flush, so a burst of changes arrives as one message.
import type { KubesimCluster } from '../engine/index.ts';
import type { ExecResult, WatchListener } from './protocol.ts';

interface Running {
  stop(): void;
  listener: WatchListener;
  pending: string[];
}

export class Watches {
  private readonly running = new Map<number, Running>();
  private nextId = 1;

  /** Start `line`; returns the first output and, while it streams, the watch id (0: it does not stream). */
  start(cluster: KubesimCluster, line: string, listener: WatchListener): { result: ExecResult; id: number } {
    const pending: string[] = [];
    const { result, stop } = cluster.watch(line, (text) => pending.push(text));
    const streams = result.code === 0 && /\s(-w|--watch|--watch-only)(=true)?(\s|$)/.test(` ${line} `);
    if (!streams) {
      stop();
      return { result, id: 0 };
    }
    const id = this.nextId++;
    this.running.set(id, { stop, listener, pending });
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
      if (!w.pending.length) continue;
      const text = w.pending.join('');
      w.pending.length = 0;
      this.deliver(id, w, text);
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

  private deliver(id: number, w: Running, text: string | null): void {
    try {
      const r: unknown = w.listener(text);
      if (r instanceof Promise) r.catch(() => this.stop(id));
    } catch {
      this.stop(id);
    }
  }
}
