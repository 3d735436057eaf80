// Namespaces of add-ons (CNI, DNS, kube-proxy, storage): the map and the owner view hide them unless asked.
// Pure: the page uses it for the pod map, the worker for the owner view.
const SYSTEM_NAMESPACES = new Set(['calico-system', 'tigera-operator', 'local-path-storage']);

export function isSystemNamespace(ns: string): boolean {
  return ns.startsWith('kube-') || SYSTEM_NAMESPACES.has(ns);
}
