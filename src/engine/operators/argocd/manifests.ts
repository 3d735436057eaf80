// What installing Argo CD 2.13 (its namespace-install's core) creates: the argocd namespace, the default
// AppProject (any source repository, any destination), the application controller's StatefulSet and the
// repo-server's Deployment, with their ServiceAccounts.
// Simplification: no argocd-server, Dex, Redis or ApplicationSet controller pods (the argocd CLI talks to the API
// server directly, as `argocd --core` does), no RBAC objects, no argocd-cm / argocd-secret; the controller's
// loop runs whether or not its pod does.
import type { KubeObject } from '../../api/object.ts';
import { ARGOCD_IMAGE, ARGOCD_NAMESPACE, CONTROLLER } from './types.ts';

const REPO_SERVER = 'argocd-repo-server';
const labels = (name: string, component: string) => ({ 'app.kubernetes.io/name': name, 'app.kubernetes.io/component': component, 'app.kubernetes.io/part-of': 'argocd' });

function podTemplate(name: string, command: string[]) {
  return {
    metadata: { labels: { 'app.kubernetes.io/name': name } },
    spec: {
      serviceAccountName: name,
      containers: [{ name, image: ARGOCD_IMAGE, imagePullPolicy: 'Always', args: command, resources: { requests: { cpu: '50m', memory: '64Mi' } } }],
    },
  };
}

export function argocdManifests(): KubeObject[] {
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ARGOCD_NAMESPACE } },
    { apiVersion: 'argoproj.io/v1alpha1', kind: 'AppProject', metadata: { name: 'default', namespace: ARGOCD_NAMESPACE }, spec: { sourceRepos: ['*'], destinations: [{ namespace: '*', server: '*' }], clusterResourceWhitelist: [{ group: '*', kind: '*' }] } } as KubeObject,
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: CONTROLLER, namespace: ARGOCD_NAMESPACE, labels: labels(CONTROLLER, 'application-controller') } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: REPO_SERVER, namespace: ARGOCD_NAMESPACE, labels: labels(REPO_SERVER, 'repo-server') } },
    {
      apiVersion: 'apps/v1', kind: 'StatefulSet',
      metadata: { name: CONTROLLER, namespace: ARGOCD_NAMESPACE, labels: labels(CONTROLLER, 'application-controller') },
      spec: { replicas: 1, serviceName: CONTROLLER, selector: { matchLabels: { 'app.kubernetes.io/name': CONTROLLER } }, template: podTemplate(CONTROLLER, ['/usr/local/bin/argocd-application-controller']) },
    } as KubeObject,
    {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: REPO_SERVER, namespace: ARGOCD_NAMESPACE, labels: labels(REPO_SERVER, 'repo-server') },
      spec: { replicas: 1, selector: { matchLabels: { 'app.kubernetes.io/name': REPO_SERVER } }, template: podTemplate(REPO_SERVER, ['/usr/local/bin/argocd-repo-server']) },
    } as KubeObject,
  ];
}
