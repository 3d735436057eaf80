// kube-proxy as kubeadm installs it: a DaemonSet on the host network of every node, tolerating every taint.
// network/kubeproxy programs the rules; this is the process's visible side (pods, `kubectl get ds -n kube-system`).
// Simplifications: the kube-proxy ConfigMap (bootstrap/kubeadmconfig.ts) is not mounted, no RBAC objects.
import { KUBERNETES_VERSION } from '../api/version.ts';
import type { Addon } from './addons.ts';

export function kubeProxyAddon(): Addon {
  return {
    name: 'kube-proxy',
    manifest: `apiVersion: v1
kind: ServiceAccount
metadata:
  name: kube-proxy
  namespace: kube-system
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: kube-proxy
  namespace: kube-system
  labels:
    k8s-app: kube-proxy
spec:
  selector:
    matchLabels:
      k8s-app: kube-proxy
  updateStrategy:
    type: RollingUpdate
  template:
    metadata:
      labels:
        k8s-app: kube-proxy
    spec:
      priorityClassName: system-node-critical
      hostNetwork: true
      serviceAccountName: kube-proxy
      nodeSelector:
        kubernetes.io/os: linux
      tolerations:
      - operator: Exists
      containers:
      - name: kube-proxy
        image: registry.k8s.io/kube-proxy:${KUBERNETES_VERSION}
        imagePullPolicy: IfNotPresent
        command:
        - /usr/local/bin/kube-proxy
        - --config=/var/lib/kube-proxy/config.conf
        - --hostname-override=$(NODE_NAME)
        env:
        - name: NODE_NAME
          valueFrom:
            fieldRef:
              fieldPath: spec.nodeName
        securityContext:
          privileged: true
`,
  };
}
