// The Container Network Interface as the container runtime uses it (CNI spec 1.0): a network configuration list
// from /etc/cni/net.d, the ADD / DEL / CHECK operations with their runtime arguments, the Result an ADD returns,
// and the spec's error codes. The simulated plugins are TypeScript objects rather than binaries in /opt/cni/bin.
import type { HostFiles } from './hostfiles.ts';
import type { HostLocal } from './hostlocal.ts';

export const CNI_VERSION = '1.0.0';

/** One range of a host-local range set. */
export interface IpamRange { subnet: string; rangeStart?: string; rangeEnd?: string; gateway?: string }

export interface IpamConf { type: 'host-local'; ranges?: IpamRange[][]; subnet?: string; dataDir?: string }

/** A plugin's configuration inside a list (flannel's `delegate`, calico's `ipam` …). */
export interface NetConf {
  type: string;
  ipam?: IpamConf | { type: 'host-local'; subnet: 'usePodCidr' };
  delegate?: Record<string, unknown>;
  capabilities?: Record<string, boolean>;
  [key: string]: unknown;
}

/** A *.conflist file: plugins run in order for ADD (chained), reverse order for DEL. */
export interface NetConfList { cniVersion: string; name: string; plugins: NetConf[] }

/** The runtime's arguments: CNI_CONTAINERID, CNI_NETNS, CNI_IFNAME and the kubelet's CNI_ARGS. */
export interface RuntimeConf {
  containerId: string;
  netns: string;
  ifName: string;
  args: { K8S_POD_NAMESPACE: string; K8S_POD_NAME: string; K8S_POD_INFRA_CONTAINER_ID: string; K8S_POD_UID: string };
}

export interface CniInterface { name: string; mac?: string; sandbox?: string }
export interface CniIpConfig { address: string; gateway?: string; interface?: number }
export interface CniResult { cniVersion: string; interfaces: CniInterface[]; ips: CniIpConfig[]; routes?: { dst: string; gw?: string }[] }

/**
 * What a plugin may read and change on its node, the node's podCIDR (UpdateRuntimeConfig), and the node's
 * host-local IPAM of a network (kept per node: it keeps the ranges it parsed).
 */
export interface PluginHost { files: HostFiles; podCIDR: string | undefined; ipam(network: string): HostLocal }

/** The CNI spec's well-known error codes. */
export const CniErrorCode = {
  IncompatibleVersion: 1, UnsupportedField: 2, UnknownContainer: 3, InvalidEnvironment: 4, IOFailure: 5,
  DecodeFailure: 6, InvalidNetworkConfig: 7, TryAgainLater: 11,
} as const;

/** Code of a plugin's error that is none of the well-known ones (skel's ErrInternal). */
export const CNI_ERR_INTERNAL = 999;

/** A plugin's error result {code, msg, details}, printed as libcni's types.Error prints it. */
export class CniError extends Error {
  constructor(readonly code: number, readonly msg: string, readonly details = '') {
    super(details ? `${msg}; ${details}` : msg);
  }
}

export interface CniPlugin {
  readonly type: string;
  /** Whether the network enforces NetworkPolicy (Calico does; flannel does not). */
  readonly supportsNetworkPolicy: boolean;
  /** Whether a node's pods share one bridge (flannel's cni0), so packets between them are not routed by the node. */
  readonly bridged: boolean;
  /** ADD: reserves the sandbox's addresses; returns them as its Result lists them (ips). */
  add(conf: NetConf, rt: RuntimeConf, host: PluginHost, network: string): CniIpConfig[];
  /**
   * The whole Result of that ADD (interfaces, routes): made from its arguments and addresses alone, so only when
   * someone reads it (the runtime reads only the addresses; the MACs and names cost about 1 KB a pod).
   */
  result(conf: NetConf, rt: RuntimeConf, network: string, ips: CniIpConfig[]): CniResult;
  /** DEL must succeed when the container is already gone (the spec asks plugins to be idempotent). */
  del(conf: NetConf, rt: RuntimeConf, host: PluginHost, network: string): void;
  check(conf: NetConf, rt: RuntimeConf, host: PluginHost, network: string, prev: CniResult): void;
}
