// The addons a new cluster gets, as kubeadm init and the first `kubectl apply` would leave it: one module per
// addon, each a manifest applied in order at createCluster (never on a restored snapshot: its objects are in it).
// Add an addon by writing its module and listing it in ADDONS.
import { cniAddon } from './cni.ts';
import { kubernetesServiceAddon } from './kubernetesservice.ts';
import { corednsAddon } from './coredns.ts';
import { kubeProxyAddon } from './kubeproxy.ts';
import { ingressClassAddon } from './ingressclass.ts';
import { storageAddon } from './storage.ts';

export type CniChoice = 'flannel' | 'calico' | 'none';

export interface BootstrapOptions {
  /** The pod network: flannel (the default), calico, or none (nodes stay NotReady until one is installed). */
  cni: CniChoice;
}

export interface Addon {
  name: string;
  /** Multi-document YAML, applied with `kubectl apply -f -`. */
  manifest: string;
}

const ADDONS: ((opts: BootstrapOptions) => Addon | undefined)[] = [
  cniAddon,
  kubernetesServiceAddon,
  kubeProxyAddon,
  corednsAddon,
  ingressClassAddon,
  storageAddon,
];

export function bootstrapAddons(opts: BootstrapOptions): Addon[] {
  return ADDONS.map((a) => a(opts)).filter((a): a is Addon => a !== undefined);
}
