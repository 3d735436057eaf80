// `sim controlplane stop|start|status`: the control plane's processes as switches. A stopped
// kube-controller-manager or kube-scheduler takes no work from its queues (informers keep filling them, so it
// catches up when started, level-triggered); a stopped kube-apiserver refuses kubectl, holds every component
// (they cannot reach it) and cuts the kubelets off, while their containers keep running.
// Simplification: components that cannot reach the API server wait instead of failing and retrying each
// request; the outcome is the same.
import { CommandError } from '../kubectl/context.ts';
import { TABLE_TABWRITER, tabwrite } from '../kubectl/printers/tabwriter.ts';

export const CONTROL_PLANE_COMPONENTS = ['apiserver', 'controller-manager', 'scheduler'] as const;
export type ControlPlaneComponent = (typeof CONTROL_PLANE_COMPONENTS)[number];

/** What kubectl answers while the API server is stopped. */
export const CONNECTION_REFUSED = 'The connection to the server 127.0.0.1:6443 was refused - did you specify the right host or port?';

export interface Pausable { pause(): void; resume(): void }

export interface ControlPlaneParts {
  apiserver: { available: boolean };
  controllers: readonly Pausable[];
  scheduler: Pausable;
  /** The kubelets lose or regain the API server. */
  nodes: { apiServerChanged(up: boolean): void };
}

export class ControlPlane {
  private readonly stopped = new Set<ControlPlaneComponent>();

  constructor(private readonly parts: ControlPlaneParts) {}

  isRunning(c: ControlPlaneComponent): boolean { return !this.stopped.has(c); }

  stop(c: ControlPlaneComponent): void {
    if (this.stopped.has(c)) throw new CommandError(`kube-${c} is already stopped`);
    this.stopped.add(c);
    this.apply();
  }

  start(c: ControlPlaneComponent): void {
    if (!this.stopped.has(c)) throw new CommandError(`kube-${c} is already running`);
    this.stopped.delete(c);
    this.apply();
  }

  /** One row per component: Running, Stopped, or running but unable to reach the API server. */
  status(): { component: string; status: string }[] {
    return CONTROL_PLANE_COMPONENTS.map((c) => ({
      component: `kube-${c}`,
      status: this.stopped.has(c) ? 'Stopped' : c !== 'apiserver' && this.stopped.has('apiserver') ? 'Running (API server unreachable)' : 'Running',
    }));
  }

  /** Kubelets reconnect before the controllers resume, so that the first node health check sees fresh leases. */
  private apply(): void {
    const apiUp = !this.stopped.has('apiserver');
    if (this.parts.apiserver.available !== apiUp) {
      this.parts.apiserver.available = apiUp;
      this.parts.nodes.apiServerChanged(apiUp);
    }
    const cm = apiUp && !this.stopped.has('controller-manager');
    for (const ctl of this.parts.controllers) if (cm) ctl.resume(); else ctl.pause();
    if (apiUp && !this.stopped.has('scheduler')) this.parts.scheduler.resume(); else this.parts.scheduler.pause();
  }
}

export function controlPlaneCommand(cp: ControlPlane, args: string[], out: string[]): void {
  const [verb, component] = args;
  if (verb === 'status' && component === undefined) {
    const rows = cp.status().map((r) => `${r.component}\t${r.status}`);
    out.push(tabwrite(['COMPONENT\tSTATUS', ...rows].join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, ''));
    return;
  }
  if ((verb !== 'stop' && verb !== 'start') || !isComponent(component)) {
    throw new CommandError(`usage: sim controlplane stop|start ${CONTROL_PLANE_COMPONENTS.join('|')}, or sim controlplane status`);
  }
  if (verb === 'stop') cp.stop(component); else cp.start(component);
  out.push(`kube-${component} ${verb === 'stop' ? 'stopped' : 'started'}`);
}

function isComponent(c: string | undefined): c is ControlPlaneComponent {
  return (CONTROL_PLANE_COMPONENTS as readonly string[]).includes(c ?? '');
}
