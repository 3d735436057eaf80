// The data plane's read models: what kube-proxy programmed, what DNS answers and what traffic measured. The page
// and `sim` commands read these through the Cluster; nothing here writes API objects.

/** One backend as kube-proxy knows it (from an EndpointSlice endpoint and port). */
export interface ProxyEndpoint {
  ip: string;
  port: number;
  nodeName?: string;
  /** namespace/name of the target pod, when the endpoint has a Pod targetRef. */
  pod?: string;
  ready: boolean;
  serving: boolean;
  terminating: boolean;
}

/** One Service port as kube-proxy programs it. */
export interface ProxyServicePort {
  name: string;
  port: number;
  protocol: string;
  nodePort?: number;
  endpoints: ProxyEndpoint[];
}

export interface ProxyService {
  /** namespace/name */
  key: string;
  namespace: string;
  name: string;
  type: string;
  clusterIP?: string;
  externalIPs: string[];
  loadBalancerIPs: string[];
  externalName?: string;
  sessionAffinity: 'None' | 'ClientIP';
  affinityTimeoutSeconds: number;
  internalTrafficPolicy: 'Cluster' | 'Local';
  externalTrafficPolicy: 'Cluster' | 'Local';
  ports: ProxyServicePort[];
  /** Every endpoint address of the Service's slices, whatever the ports (what CoreDNS serves for headless Services). */
  addresses: { ip: string; hostname?: string; ready: boolean; pod?: string; nodeName?: string }[];
  headless: boolean;
}

/** The Service and endpoint view the page shows (serviceEndpoints()). */
export interface ServiceEndpointsView {
  key: string;
  type: string;
  clusterIP?: string;
  ports: { name: string; port: number; protocol: string; nodePort?: number }[];
  endpoints: (ProxyEndpoint & { portName: string })[];
}

/** One sample of a traffic metric series. */
export interface TrafficSample {
  /** Virtual ms at the end of the tick. */
  t: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Failed requests / all requests in the tick (0 when there were none). */
  errorRate: number;
  /** Pods only: num_requests_waiting, the requests in the pod's queue at the end of the tick. */
  waiting?: number;
}

export interface TrafficSeries {
  /** 'pod' | 'service' | 'node' | 'source' */
  scope: 'pod' | 'service' | 'node' | 'source';
  /** namespace/name for pods and Services, the node name, or the source name. */
  key: string;
  samples: TrafficSample[];
}
