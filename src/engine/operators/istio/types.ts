// The Istio 1.24 API shapes the mesh models (istio/api networking/v1 and security/v1): the fields of
// VirtualService, DestinationRule and PeerAuthentication that sidecars act on here.
import type { ObjectMeta } from 'kubernetes-types/meta/v1';

export const ISTIO_VERSION = '1.24.2';
export const ISTIO_HUB = 'docker.io/istio';
export const PROXY_IMAGE = `${ISTIO_HUB}/proxyv2:${ISTIO_VERSION}`;
export const ISTIO_NAMESPACE = 'istio-system';

/** Pod annotation the injector writes: what it added (istio/api annotation sidecar.istio.io/status). */
export const STATUS_ANNOTATION = 'sidecar.istio.io/status';
/** Pod label (and annotation) that opts a pod in or out of injection. */
export const INJECT_LABEL = 'sidecar.istio.io/inject';
export const PROXY_CONTAINER = 'istio-proxy';

export interface StringMatch { exact?: string; prefix?: string; regex?: string }
export interface HTTPMatchRequest { name?: string; uri?: StringMatch; headers?: Record<string, StringMatch>; method?: StringMatch }
export interface Destination { host: string; subset?: string; port?: { number?: number } }
export interface HTTPRouteDestination { destination: Destination; weight?: number }
export interface Percent { value?: number }
export interface HTTPFaultInjection {
  delay?: { fixedDelay?: string; percentage?: Percent };
  abort?: { httpStatus?: number; percentage?: Percent };
}
export interface HTTPRetry { attempts?: number; perTryTimeout?: string; retryOn?: string }
export interface HTTPRoute { name?: string; match?: HTTPMatchRequest[]; route?: HTTPRouteDestination[]; fault?: HTTPFaultInjection; retries?: HTTPRetry; timeout?: string; mirror?: Destination; mirrorPercentage?: Percent }
export interface VirtualService {
  apiVersion?: string; kind?: string; metadata: ObjectMeta;
  spec: { hosts?: string[]; gateways?: string[]; http?: HTTPRoute[]; exportTo?: string[] };
}

export interface Subset { name: string; labels?: Record<string, string>; trafficPolicy?: Record<string, unknown> }
export interface DestinationRule {
  apiVersion?: string; kind?: string; metadata: ObjectMeta;
  spec: { host?: string; subsets?: Subset[]; trafficPolicy?: Record<string, unknown>; exportTo?: string[] };
}

/** Gateway (networking.istio.io/v1): the servers a gateway workload (pods with the selector's labels) exposes. */
export interface Port { number?: number; name?: string; protocol?: string; targetPort?: number }
export interface Server { port?: Port; hosts?: string[]; name?: string; tls?: Record<string, unknown> }
export interface Gateway {
  apiVersion?: string; kind?: string; metadata: ObjectMeta;
  spec: { selector?: Record<string, string>; servers?: Server[] };
}

export type MutualTLSMode = 'UNSET' | 'DISABLE' | 'PERMISSIVE' | 'STRICT';
export interface PeerAuthentication {
  apiVersion?: string; kind?: string; metadata: ObjectMeta;
  spec: { selector?: { matchLabels?: Record<string, string> }; mtls?: { mode?: MutualTLSMode }; portLevelMtls?: Record<string, { mode?: MutualTLSMode }> };
}
