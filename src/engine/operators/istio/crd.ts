// Istio's CRDs (networking.istio.io, security.istio.io) as istio 1.24's base chart declares the ones modelled here:
// names, short names, categories, served versions and printer columns. Simplification: the specs are kept as
// written (x-kubernetes-preserve-unknown-fields, as Istio's own CRDs do for most of the spec); v1 is the storage
// version here, and v1beta1 and v1alpha3 are served alongside.
import type { CustomResourceColumnDefinition, CustomResourceDefinition } from 'kubernetes-types/apiextensions/v1';
import type { Stored } from '../../api/object.ts';

const open = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };

function crd(group: string, kind: string, plural: string, shortNames: string[], versions: string[], columns: CustomResourceColumnDefinition[]): Stored<CustomResourceDefinition> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}`, labels: { app: 'istio-pilot', chart: 'istio', heritage: 'Tiller', release: 'istio' } },
    spec: {
      group, scope: 'Namespaced',
      names: { kind, plural, singular: kind.toLowerCase(), shortNames, listKind: `${kind}List`, categories: group === 'networking.istio.io' ? ['istio-io', 'networking-istio-io'] : ['istio-io', 'security-istio-io'] },
      versions: versions.map((name, i) => ({
        name, served: true, storage: i === 0,
        subresources: { status: {} },
        additionalPrinterColumns: [...columns, { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp', description: 'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC. Populated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata' }],
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: open, status: open } } as never },
      })),
    },
  };
}

const NETWORKING_VERSIONS = ['v1', 'v1beta1', 'v1alpha3'];

export const VIRTUALSERVICE_CRD = crd('networking.istio.io', 'VirtualService', 'virtualservices', ['vs'], NETWORKING_VERSIONS, [
  { name: 'Gateways', type: 'string', jsonPath: '.spec.gateways', description: 'The names of gateways and sidecars that should apply these routes' },
  { name: 'Hosts', type: 'string', jsonPath: '.spec.hosts', description: 'The destination hosts to which traffic is being sent' },
]);

export const DESTINATIONRULE_CRD = crd('networking.istio.io', 'DestinationRule', 'destinationrules', ['dr'], NETWORKING_VERSIONS, [
  { name: 'Host', type: 'string', jsonPath: '.spec.host', description: 'The name of a service from the service registry' },
]);

export const GATEWAY_CRD = crd('networking.istio.io', 'Gateway', 'gateways', ['gw'], NETWORKING_VERSIONS, []);

export const PEERAUTHENTICATION_CRD = crd('security.istio.io', 'PeerAuthentication', 'peerauthentications', ['pa'], ['v1', 'v1beta1'], [
  { name: 'Mode', type: 'string', jsonPath: '.spec.mtls.mode', description: 'Defines the mTLS mode used for peer authentication.' },
]);

export const ISTIO_CRDS = [VIRTUALSERVICE_CRD, DESTINATIONRULE_CRD, GATEWAY_CRD, PEERAUTHENTICATION_CRD];
