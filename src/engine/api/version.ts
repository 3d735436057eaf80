// The Kubernetes version the simulator models (server, kubelet and kubectl report it).
export const KUBERNETES_VERSION = 'v1.32.0';
