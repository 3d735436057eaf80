// The contract between the data plane (network/traffic/path.ts) and a service mesh (operators/istio/dataplane.ts),
// kept in api/ because the two components import nothing of each other. A client pod with a sidecar does not go
// through kube-proxy for a Service: its proxy intercepts the connection, picks a route (and may answer itself, as a
// fault filter does), and connects straight to an endpoint of the chosen subset. A server's sidecar may refuse a
// client that speaks no mTLS.
import type { Pod } from 'kubernetes-types/core/v1';

/** A response the client's proxy gives without reaching a server (fault abort, no healthy upstream). */
export interface ProxyAnswer { status: number; body: string; headers?: [string, string][] }

/** One outcome of the client proxy's routing, with its share of the requests. */
export interface MeshChoice {
  weight: number;
  /** What the proxy did, for the request's trace. */
  text: string;
  /** The endpoints it balances over: pods with these labels (a subset), or all of the Service's when unset. */
  subset?: Record<string, string>;
  answer?: ProxyAnswer;
  /** Time the proxy holds the request (fault delay). */
  delayMs?: number;
  /** Another Service (namespace/name) or port the route sends the request to. */
  service?: string;
  port?: number;
  /** The destination's DestinationRule traffic policy, when it has one. */
  policy?: MeshTrafficPolicy;
  /** The path the proxy sends upstream, when a rewrite changed it. */
  path?: string;
}

/** Envoy's outlier detection for a destination (DestinationRule trafficPolicy.outlierDetection, Istio's defaults). */
export interface OutlierPolicy {
  /** Consecutive 5xx answers (connection failures count as 503) that eject a pod; 0: off. */
  consecutive5xx: number;
  /** Consecutive 502, 503 or 504 answers (and connection failures) that eject a pod; 0: off. */
  consecutiveGateway: number;
  intervalMs: number;
  baseEjectionMs: number;
  maxEjectionPercent: number;
}

export type LoadBalancerPolicy = { simple: 'ROUND_ROBIN' | 'RANDOM' | 'LEAST_REQUEST' } | { consistentHashHeader: string };

/** What a DestinationRule's trafficPolicy tells the client's proxy about one destination. */
export interface MeshTrafficPolicy {
  /** namespace/name of the DestinationRule, for traces. */
  rule: string;
  outlier?: OutlierPolicy;
  lb?: LoadBalancerPolicy;
}

/**
 * The route's retry policy as Envoy's router applies it (istio's retry.ConvertPolicy): retries after the first try,
 * Envoy's retry_on conditions, the status codes `retriable-status-codes` means, and the per-try timeout.
 */
export interface MeshRetryPolicy { attempts: number; retryOn: string[]; statusCodes: number[]; perTryTimeoutMs?: number }

/** Istio's default for every HTTP route without `retries` (pilot/pkg/networking/core/route/retry DefaultPolicy). */
export const DEFAULT_RETRY_POLICY: MeshRetryPolicy = { attempts: 2, retryOn: ['connect-failure', 'refused-stream', 'unavailable', 'cancelled', 'retriable-status-codes'], statusCodes: [503] };

export interface MeshRequest { namespace: string; service: string; port: number; path: string; headers: Record<string, string> }

/** The client proxy's plan for a request: its choices, and how the router retries and times out each of them. */
export interface MeshRoute {
  text: string;
  choices: MeshChoice[];
  /** Undefined: retries disabled (attempts 0). */
  retry?: MeshRetryPolicy;
  /** The route's timeout over all tries (none when unset, as Istio configures Envoy). */
  timeoutMs?: number;
  /** Shadow traffic: a copy of a share of the requests, whose responses the proxy discards. */
  mirror?: MeshMirror;
}

/** A route's `mirror` and `mirrorPercentage` (Envoy's request_mirror_policies). */
export interface MeshMirror {
  /** namespace/name of the Service the copies go to. */
  service: string;
  port?: number;
  /** Pods of a DestinationRule subset, or all of the Service's when unset. */
  subset?: Record<string, string>;
  /** The share of requests copied (mirrorPercentage, 100% when unset). */
  share: number;
  text: string;
}

/** A request that reached an ingress gateway pod: the Host (header, else the URL's), the ports it came in on. */
export interface GatewayRequest { host: string; ports: number[]; path: string; headers: Record<string, string> }

export interface MeshDataPlane {
  /** Whether the pod's traffic goes through a sidecar proxy. */
  hasSidecar(pod: Pod): boolean;
  /** The client proxy's route for a request to a Service port: a description and its choices (weights sum to 1). */
  route(client: Pod, req: MeshRequest): MeshRoute;
  /** Why the server pod's sidecar refuses a plaintext connection on the port (mTLS STRICT), or undefined. */
  refusesPlaintext(server: Pod, port: number): string | undefined;
  /**
   * The routing of a gateway pod's Envoy (Gateway servers, then the VirtualServices bound to them); undefined when
   * no Gateway selects the pod. Each choice names its destination Service.
   */
  gatewayRoute(gateway: Pod, req: GatewayRequest): MeshRoute | undefined;
  /** Outside DNS for a Gateway server's host: the LoadBalancer Service (namespace/name) of the gateway pods. */
  gatewayService(host: string): string | undefined;
  /** Whether a Gateway selects the pod (its Envoy routes what reaches it). */
  isGateway(pod: Pod): boolean;
  /** [0, 1) from the mesh's own seeded stream: which choice and endpoint one request takes. */
  draw(): number;
}

/** Envoy's local replies (source/common/http/utility.cc, fault filter): body text per case. */
export const FAULT_ABORT_BODY = 'fault filter abort';
export const NO_HEALTHY_UPSTREAM = 'no healthy upstream';
/** The router's local reply when the route's or the last try's timeout fires (504, response flag UT). */
export const UPSTREAM_TIMEOUT_BODY = 'upstream request timeout';
