// The device plugin API (k8s.io/kubelet/pkg/apis/deviceplugin/v1beta1) as the kubelet and a plugin use it. The
// gRPC services become interfaces: the kubelet's Registration service, and the DevicePlugin service a plugin
// serves on its socket. The server-side stream ListAndWatch becomes a callback the plugin calls with the full
// device list whenever it changes (as the stream sends whole lists); the call returns a function that closes it.

export const VERSION = 'v1beta1';

export type Health = 'Healthy' | 'Unhealthy';

export interface NUMANode { ID: number }
export interface TopologyInfo { nodes: NUMANode[] }

export interface Device {
  ID: string;
  health: Health;
  topology?: TopologyInfo;
}

export interface DevicePluginOptions {
  preStartRequired: boolean;
  getPreferredAllocationAvailable: boolean;
}

export interface RegisterRequest {
  version: string;
  /** The plugin's socket name under /var/lib/kubelet/device-plugins/. */
  endpoint: string;
  resourceName: string;
  options: DevicePluginOptions;
}

export interface ListAndWatchResponse { devices: Device[] }

export interface ContainerPreferredAllocationRequest {
  availableDeviceIDs: string[];
  mustIncludeDeviceIDs: string[];
  allocationSize: number;
}
export interface PreferredAllocationRequest { containerRequests: ContainerPreferredAllocationRequest[] }
export interface PreferredAllocationResponse { containerResponses: { deviceIDs: string[] }[] }

export interface ContainerAllocateRequest { devicesIDs: string[] }
export interface AllocateRequest { containerRequests: ContainerAllocateRequest[] }

export interface Mount { containerPath: string; hostPath: string; readOnly: boolean }
export interface DeviceSpec { containerPath: string; hostPath: string; permissions: string }
/** A fully qualified CDI device name, e.g. nvidia.com/gpu=GPU-…; the runtime injects it. */
export interface CDIDevice { name: string }

export interface ContainerAllocateResponse {
  envs: Record<string, string>;
  mounts: Mount[];
  devices: DeviceSpec[];
  annotations: Record<string, string>;
  cdiDevices: CDIDevice[];
}
export interface AllocateResponse { containerResponses: ContainerAllocateResponse[] }

/** The DevicePlugin service. Allocate and GetPreferredAllocation throw an Error for a failed RPC. */
export interface DevicePlugin {
  getDevicePluginOptions(): DevicePluginOptions;
  listAndWatch(send: (r: ListAndWatchResponse) => void): () => void;
  getPreferredAllocation(req: PreferredAllocationRequest): PreferredAllocationResponse;
  allocate(req: AllocateRequest): AllocateResponse;
}

/** The kubelet's Registration service (kubelet.sock); throws an Error when it refuses the plugin. */
export interface Registration {
  register(req: RegisterRequest, plugin: DevicePlugin): void;
}
