// Istio 1.24 (sidecar mode): istiod in istio-system, the istio-sidecar-injector webhook that injects istio-init and
// istio-proxy into new pods of labelled namespaces, the root certificate in every namespace, and the CRDs the
// sidecars act on: VirtualService and DestinationRule (routing, subsets, faults) and PeerAuthentication (mTLS), and the
// istio-ingressgateway with the Gateway kind (gateway.ts); analysis.ts writes IST0101 to a VirtualService's status.
// The sidecars' routing is read by the data plane through dataplane.ts.
import type { BuiltinOperator } from '../operator.ts';
import { AnalysisController } from './analysis.ts';
import { ISTIO_CRDS } from './crd.ts';
import { injectionWebhook } from './inject.ts';
import { INJECT_PATH, ISTIOD, istioManifests } from './manifests.ts';
import { NamespaceController } from './namespacecontroller.ts';
import { ISTIO_NAMESPACE } from './types.ts';

export const istioOperator: BuiltinOperator = {
  name: 'istio',
  description: 'Istio 1.24: istiod, sidecar injection (istio-sidecar-injector), VirtualService, DestinationRule, Gateway with istio-ingressgateway (networking.istio.io/v1), PeerAuthentication (security.istio.io/v1)',
  crds: ISTIO_CRDS,
  manifests: istioManifests,
  controllers: (deps) => [new NamespaceController(deps), new AnalysisController(deps)],
  serve: (deps) => [deps.store.serveWebhook(ISTIO_NAMESPACE, ISTIOD, INJECT_PATH, injectionWebhook)],
  conflict: (deps) => {
    const gw = deps.store.kinds.byKindName('Gateway');
    return gw && gw.group !== 'networking.istio.io' ? `the kind Gateway is already served by ${gw.group} (CRD ${gw.custom?.crd ?? gw.plural}); kubesim serves one Gateway kind at a time: uninstall that operator and delete its CRD first` : undefined;
  },
};
