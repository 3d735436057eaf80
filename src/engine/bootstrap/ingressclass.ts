// The IngressClass of the simulated ingress controller (network/ingress), marked as the default class so that
// Ingresses without ingressClassName are served too.
// Simplification: the ingress-nginx controller's own Deployment and Service are not created; the controller is
// modelled in network/ingress and listens on 172.18.255.200.
import type { Addon } from './addons.ts';

export function ingressClassAddon(): Addon {
  return {
    name: 'ingress-nginx',
    manifest: `apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: nginx
  annotations:
    ingressclass.kubernetes.io/is-default-class: "true"
spec:
  controller: k8s.io/ingress-nginx
`,
  };
}
