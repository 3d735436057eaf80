// The Node object a kubelet registers: labels, capacity, allocatable, conditions, addresses and node info.
import type { Node, NodeCondition, Taint } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { Quantity } from '../../api/quantity.ts';
import { KUBERNETES_VERSION } from '../../api/version.ts';
import type { GpuConfig } from '../deviceplugin/nvidia/config.ts';
import { DEFAULT_RUNTIME_HANDLER } from '../runtime/cri.ts';

export interface NodeConfig {
  name: string;
  cpu: string; // e.g. "8"
  memory: string; // e.g. "32Gi"
  pods: number;
  ephemeralStorage: string;
  labels: Record<string, string>;
  taints: Taint[];
  internalIP: string;
  /** The machine's GPUs (an NVIDIA device plugin runs on it). */
  gpus?: GpuConfig;
  /** containerd runtimes configured beyond runc (e.g. kata, runsc), which RuntimeClass handlers name. */
  runtimeHandlers?: string[];
}

/**
 * The runtimes containerd is configured with: runc, nvidia on a GPU machine (the NVIDIA Container Toolkit adds
 * it), then the machine's extra ones.
 */
export function runtimeHandlersOf(cfg: Pick<NodeConfig, 'gpus' | 'runtimeHandlers'>): string[] {
  return [...new Set([DEFAULT_RUNTIME_HANDLER, ...(cfg.gpus ? ['nvidia'] : []), ...(cfg.runtimeHandlers ?? [])])];
}

export const KUBELET_VERSION = KUBERNETES_VERSION;

/** --eviction-hard defaults: memory.available<100Mi, nodefs.available<10%; no kube/system reservations. */
export const EVICTION_HARD_MEMORY = '100Mi';
export const EVICTION_HARD_NODEFS_PERCENT = 10;

export function allocatableOf(cfg: NodeConfig): Record<string, string> {
  const memory = Quantity.parse(cfg.memory).sub(Quantity.parse(EVICTION_HARD_MEMORY));
  const storage = Quantity.parse(cfg.ephemeralStorage);
  const storageAlloc = Quantity.fromValue(Math.floor((storage.value() * (100 - EVICTION_HARD_NODEFS_PERCENT)) / 100));
  return {
    cpu: Quantity.parse(cfg.cpu).toString(),
    'ephemeral-storage': storageAlloc.toString(),
    'hugepages-1Gi': '0',
    'hugepages-2Mi': '0',
    memory: memory.toString(),
    pods: String(cfg.pods),
  };
}

export function conditions(now: string, ready: boolean, readyMessage = 'kubelet is posting ready status'): NodeCondition[] {
  const c = (type: string, status: string, reason: string, message: string): NodeCondition =>
    ({ type, status, reason, message, lastHeartbeatTime: now, lastTransitionTime: now });
  return [
    c('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
    c('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
    c('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
    ready ? c('Ready', 'True', 'KubeletReady', readyMessage) : c('Ready', 'False', 'KubeletNotReady', readyMessage),
  ];
}

/** notReady: why the node is not ready at registration (the runtime's network, until a CNI is configured). */
export function nodeObject(cfg: NodeConfig, now: string, machineId: string, bootId: string, notReady?: string): Node & KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: cfg.name,
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': cfg.name,
        'kubernetes.io/os': 'linux',
        ...cfg.labels,
      },
      annotations: {
        'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///var/run/containerd/containerd.sock',
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec: cfg.taints.length ? { taints: cfg.taints } : {},
    status: {
      capacity: {
        cpu: Quantity.parse(cfg.cpu).toString(),
        'ephemeral-storage': Quantity.parse(cfg.ephemeralStorage).toString(),
        'hugepages-1Gi': '0',
        'hugepages-2Mi': '0',
        memory: Quantity.parse(cfg.memory).toString(),
        pods: String(cfg.pods),
      },
      allocatable: allocatableOf(cfg),
      conditions: notReady ? conditions(now, false, notReady) : conditions(now, true),
      addresses: [{ type: 'InternalIP', address: cfg.internalIP }, { type: 'Hostname', address: cfg.name }],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        machineID: machineId,
        systemUUID: machineId,
        bootID: bootId,
        kernelVersion: '6.1.0-28-amd64',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        containerRuntimeVersion: 'containerd://1.7.24',
        kubeletVersion: KUBELET_VERSION,
        kubeProxyVersion: KUBELET_VERSION,
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
    },
  };
}
