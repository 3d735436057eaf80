// The Gateway API shapes (gateway.networking.k8s.io, standard channel v1.2: apis/v1 and apis/v1beta1) that Envoy
// Gateway acts on here, and Envoy Gateway's own names (v1.2).
import type { MetaCondition as Condition } from '../kueue/types.ts';
import type { KubeObject } from '../../api/object.ts';

export const GATEWAY_GROUP = 'gateway.networking.k8s.io';
export const CONTROLLER_NAME = 'gateway.envoyproxy.io/gatewayclass-controller';
export const EG_NAMESPACE = 'envoy-gateway-system';
export const EG_VERSION = 'v1.2.1';
export const ENVOY_IMAGE = 'docker.io/envoyproxy/envoy:distroless-v1.32.1';

export interface ParentReference { group?: string; kind?: string; namespace?: string; name: string; sectionName?: string; port?: number }
export interface StatusAddress { type?: string; value: string }

export interface GatewayClass extends KubeObject {
  spec: { controllerName: string; description?: string };
  status?: { conditions?: Condition[] };
}

export interface RouteGroupKind { group?: string; kind: string }
export interface AllowedRoutes {
  namespaces?: { from?: 'All' | 'Same' | 'Selector'; selector?: { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] } };
  kinds?: RouteGroupKind[];
}
export interface Listener { name: string; hostname?: string; port: number; protocol: string; allowedRoutes?: AllowedRoutes; tls?: unknown }
export interface ListenerStatus { name: string; supportedKinds: RouteGroupKind[]; attachedRoutes: number; conditions: Condition[] }
export interface Gateway extends KubeObject {
  spec: { gatewayClassName: string; listeners: Listener[] };
  status?: { addresses?: StatusAddress[]; conditions?: Condition[]; listeners?: ListenerStatus[] };
}

export interface HTTPHeaderMatch { type?: 'Exact' | 'RegularExpression'; name: string; value: string }
export interface HTTPQueryParamMatch { type?: 'Exact' | 'RegularExpression'; name: string; value: string }
export interface HTTPRouteMatch {
  path?: { type?: 'Exact' | 'PathPrefix' | 'RegularExpression'; value?: string };
  headers?: HTTPHeaderMatch[];
  queryParams?: HTTPQueryParamMatch[];
  method?: string;
}
export interface HTTPHeader { name: string; value: string }
export interface HeaderModifier { set?: HTTPHeader[]; add?: HTTPHeader[]; remove?: string[] }
export interface HTTPPathModifier { type: 'ReplaceFullPath' | 'ReplacePrefixMatch'; replaceFullPath?: string; replacePrefixMatch?: string }
export interface HTTPRouteFilter {
  type: 'RequestHeaderModifier' | 'ResponseHeaderModifier' | 'RequestMirror' | 'RequestRedirect' | 'URLRewrite' | 'ExtensionRef';
  requestHeaderModifier?: HeaderModifier;
  responseHeaderModifier?: HeaderModifier;
  requestRedirect?: { scheme?: string; hostname?: string; path?: HTTPPathModifier; port?: number; statusCode?: number };
  urlRewrite?: { hostname?: string; path?: HTTPPathModifier };
}
export interface HTTPBackendRef { group?: string; kind?: string; name: string; namespace?: string; port?: number; weight?: number; filters?: HTTPRouteFilter[] }
export interface HTTPRouteRule { name?: string; matches?: HTTPRouteMatch[]; filters?: HTTPRouteFilter[]; backendRefs?: HTTPBackendRef[] }
export interface RouteParentStatus { parentRef: ParentReference; controllerName: string; conditions: Condition[] }
export interface HTTPRoute extends KubeObject {
  spec: { parentRefs?: ParentReference[]; hostnames?: string[]; rules?: HTTPRouteRule[] };
  status?: { parents?: RouteParentStatus[] };
}

export interface ReferenceGrant extends KubeObject {
  spec: { from: { group: string; kind: string; namespace: string }[]; to: { group: string; kind: string; name?: string }[] };
}
