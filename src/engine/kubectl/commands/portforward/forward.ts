// One running `kubectl port-forward`: its listeners on the workstation and its connections to the one pod it was
// pinned to, as client-go's PortForwarder runs them. It prints "Handling connection for PORT" per connection; an
// error on the pod's side (nothing listens there) is logged through klog and closes the stream connection, and a
// closed connection ends the command with "error: lost connection to pod" (ErrLostConnectionToPod).
import type { Pod } from 'kubernetes-types/core/v1';
import { sha256Hex } from '../../../api/sha256.ts';
import type { Store } from '../../../apiserver/store.ts';
import type { SimClock } from '../../../sim/clock.ts';
import { podListens } from '../../../node/runtime/nettools/server.ts';
import type { ForwardedPort } from './ports.ts';

/** The process the forward runs as: where it prints, and how it exits. */
export interface ForwardProcess {
  pid: number;
  out(line: string): void;
  err(line: string): void;
  exit(code: number): void;
}

/** A connection the forward accepted: to the pod's port, or closed by kubectl once the pod's side failed. */
export type ForwardedConnection = { kind: 'connected'; pod: Pod; port: number } | { kind: 'closed' };

export const LOST_CONNECTION = 'error: lost connection to pod';

export class PortForward {
  private process: ForwardProcess | undefined;
  private ended = false;

  constructor(
    readonly pod: { namespace: string; name: string; uid: string },
    readonly ports: ForwardedPort[],
    private readonly env: { store: Store; clock: SimClock; release(forward: PortForward): void },
  ) {}

  /** From now on the forward prints through `p` (the job the command line became). */
  run(p: ForwardProcess): void { this.process = p; }

  get running(): boolean { return !this.ended; }

  /** A connection to a local port of this forward (`curl localhost:8080`). */
  accept(localPort: number): ForwardedConnection {
    const fp = this.ports.find((p) => p.local === localPort);
    const p = this.process;
    if (!fp || !p || this.ended) return { kind: 'closed' };
    p.out(`Handling connection for ${localPort}`);
    const pod = this.env.store.tryGet<Pod>('Pod', this.pod.namespace, this.pod.name);
    if (pod?.metadata?.uid === this.pod.uid && podListens(pod, fp.remote)) return { kind: 'connected', pod, port: fp.remote };
    // The kubelet's error stream answers; the client logs it and closes the connection (so the command ends).
    p.err(this.klogError(`an error occurred forwarding ${fp.local} -> ${fp.remote}: ${this.runtimeError(fp.remote, pod !== undefined)}`));
    this.lost();
    return { kind: 'closed' };
  }

  /** The pod went: the stream connection closes and the command fails. */
  lost(): void {
    if (this.ended) return;
    this.process?.err(LOST_CONNECTION);
    this.end(1);
  }

  /** Interrupted (Ctrl+C) or killed: the listeners close, nothing is printed. */
  stop(code: number): void {
    if (!this.ended) this.end(code);
  }

  private end(code: number): void {
    this.ended = true;
    this.env.release(this);
    this.process?.exit(code);
  }

  /**
   * containerd's answer to a port-forward request. SIMULATION: the sandbox id and the network namespace's name are
   * derived from the pod's uid (the simulated runtime keeps no such ids).
   */
  private runtimeError(port: number, podExists: boolean): string {
    const sandbox = sha256Hex(`sandbox/${this.pod.uid}`);
    if (!podExists) return `error forwarding port ${port} to pod ${sandbox}, uid : failed to find sandbox \\"${sandbox}\\" in store: not found`;
    const h = sha256Hex(`netns/${this.pod.uid}`);
    const netns = `cni-${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
    return `error forwarding port ${port} to pod ${sandbox}, uid : failed to execute portforward in network namespace \\"/var/run/netns/${netns}\\": failed to connect to localhost:${port} inside namespace \\"${sandbox}\\", IPv4: dial tcp4 127.0.0.1:${port}: connect: connection refused IPv6 dial tcp6 [::1]:${port}: connect: connection refused `;
  }

  /** runtime.HandleError through klog: `E1207 07:20:15.000000    4242 portforward.go:424] "Unhandled Error" err="…"`. */
  private klogError(message: string): string {
    const d = new Date(this.env.clock.now());
    const p2 = (n: number) => String(n).padStart(2, '0');
    const micros = String(d.getUTCMilliseconds() * 1000).padStart(6, '0');
    const stamp = `${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}.${micros}`;
    return `E${stamp} ${String(this.process?.pid ?? 0).padStart(7)} portforward.go:424] "Unhandled Error" err="${message}"`;
  }
}
