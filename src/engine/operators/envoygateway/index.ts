// Envoy Gateway v1.2 with the Gateway API v1.2.1 standard CRDs (crd.ts): the envoy-gateway controller in
// envoy-gateway-system (manifests.ts) serves GatewayClasses naming gateway.envoyproxy.io/gatewayclass-controller
// (controller.ts), runs an Envoy fleet per Gateway (infra.ts), and its proxies route by HTTPRoutes (dataplane.ts).
// Simplification: kinds are stored by kind name here, so the Gateway API's Gateway and Istio's (networking.istio.io)
// cannot both be served; installing one while the other's Gateway CRD is served is refused.
import type { BuiltinOperator } from '../operator.ts';
import { GatewayApiController } from './controller.ts';
import { GATEWAY_API_CRDS } from './crd.ts';
import { envoyGatewayManifests } from './manifests.ts';
import { GATEWAY_GROUP } from './types.ts';

export const envoyGatewayOperator: BuiltinOperator = {
  name: 'envoy-gateway',
  description: 'Envoy Gateway v1.2: the Gateway API v1.2.1 (gateway.networking.k8s.io: GatewayClass, Gateway, HTTPRoute, ReferenceGrant) with an Envoy proxy per Gateway',
  crds: GATEWAY_API_CRDS,
  manifests: envoyGatewayManifests,
  controllers: (deps) => [new GatewayApiController(deps)],
  conflict: (deps) => {
    const gw = deps.store.kinds.byKindName('Gateway');
    return gw && gw.group !== GATEWAY_GROUP ? `the kind Gateway is already served by ${gw.group} (CRD ${gw.custom?.crd ?? gw.plural}); kubesim serves one Gateway kind at a time: uninstall that operator and delete its CRD first` : undefined;
  },
};
