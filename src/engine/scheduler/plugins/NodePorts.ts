// NodePorts: a pod asking for a hostPort fits only where no other pod holds the same protocol/IP/port.
import type { Container, Pod } from 'kubernetes-types/core/v1';
import type { CycleState, FilterPlugin, PreFilterPlugin } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';
import type { ClusterEventWithHint } from '../framework/events.ts';

export const ERR_REASON_PORTS = "node(s) didn't have free ports for the requested pod ports";
const KEY = 'PreFilterNodePorts';

interface HostPort { protocol: string; ip: string; port: number }

function hostPorts(pod: Pod): HostPort[] {
  const out: HostPort[] = [];
  // Sidecars (restartable init containers) first, as upstream lists them; no list is built per call.
  for (const c of pod.spec?.initContainers ?? []) if (c.restartPolicy === 'Always') addHostPorts(c, out);
  for (const c of pod.spec?.containers ?? []) addHostPorts(c, out);
  return out;
}

function addHostPorts(c: Container, out: HostPort[]): void {
  for (const p of c.ports ?? []) if (p.hostPort) out.push({ protocol: p.protocol ?? 'TCP', ip: p.hostIP || '0.0.0.0', port: p.hostPort });
}

/** Two host ports conflict on the same protocol and port when either IP is 0.0.0.0 or both are equal. */
function conflicts(a: HostPort, b: HostPort): boolean {
  return a.protocol === b.protocol && a.port === b.port && (a.ip === '0.0.0.0' || b.ip === '0.0.0.0' || a.ip === b.ip);
}

export class NodePorts implements PreFilterPlugin, FilterPlugin {
  readonly name = 'NodePorts';
  preFilter(state: CycleState, pod: Pod): { status: Status } {
    const wanted = hostPorts(pod);
    if (!wanted.length) return { status: Status.skip() };
    state.write(KEY, wanted);
    return { status: Status.success() };
  }
  /** An assigned pod holding one of the wanted ports goes; any new node has every port free. */
  eventsToRegister(): ClusterEventWithHint[] {
    return [
      { resource: 'Pod', actions: ['Delete'], hint: (pod, old) => ((old as Pod).spec?.nodeName && hostPorts(old as Pod).some((used) => hostPorts(pod).some((w) => conflicts(w, used))) ? 'Queue' : 'QueueSkip') },
      { resource: 'Node', actions: ['Add'] },
    ];
  }

  filter(state: CycleState, _pod: Pod, node: NodeInfo): Status {
    const wanted = state.read<HostPort[]>(KEY) ?? [];
    for (const info of node.pods.values()) {
      for (const used of hostPorts(info.pod)) if (wanted.some((w) => conflicts(w, used))) return Status.unschedulable(ERR_REASON_PORTS);
    }
    return Status.success();
  }
}
