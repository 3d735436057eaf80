import { createFlagNames } from '../../engine/kubectl/commands/create/flags.ts';
import { describe, expect, it } from 'vitest';
import { complete, type CompletionSource } from './completion.ts';

const source: CompletionSource = {
  createFlags: createFlagNames,
  kinds: [
    { kind: 'Pod', resource: 'pods', namespaced: true },
    { kind: 'PodDisruptionBudget', resource: 'poddisruptionbudgets.policy', namespaced: true },
    { kind: 'Deployment', resource: 'deployments.apps', namespaced: true },
    { kind: 'Node', resource: 'nodes', namespaced: false },
  ],
  names: (kind, ns) => (kind === 'Node' ? ['w1', 'w2'] : kind === 'Pod' ? (ns === 'default' ? ['web-abc', 'web-abd', 'api-1'] : ['coredns-1']) : ['web']),
  contexts: () => ['kubernetes-admin@kubernetes', 'dev'],
  documents: () => ['web.yaml', 'base/kustomization.yaml', 'base/deploy.yaml', 'overlays/prod/kustomization.yaml'],
};

describe('terminal completion', () => {
  it.each([
    ['k', 'kubectl '],
    ['cu', 'curl '],
    ['kubectl port', 'kubectl port-forward '],
    ['kubectl desc', 'kubectl describe '],
    ['kubectl get deploy', 'kubectl get deployments '],
    ['kubectl get pods api', 'kubectl get pods api-1 '],
    ['kubectl get pod web', 'kubectl get pod web-ab'],
    ['kubectl get pods -n kube-system co', 'kubectl get pods -n kube-system coredns-1 '],
    ['kubectl drain w', 'kubectl drain w'],
    // After a pipe or a list operator a new command starts, and the shell's filters fit there.
    ['kubectl get pods | gr', 'kubectl get pods | grep '],
    ['kubectl get pods -o name | xa', 'kubectl get pods -o name | xargs '],
    ['kubectl get pods; kubectl get deploy', 'kubectl get pods; kubectl get deployments '],
    ['echo $(kubectl get pods api', 'echo $(kubectl get pods api-1 '],
    // Persistent flags before the verb, with their values.
    ['kubectl -n kube-system logs co', 'kubectl -n kube-system logs coredns-1 '],
    ['kubectl --context dev --as jane get pods a', 'kubectl --context dev --as jane get pods api-1 '],
    ['kubectl auth rec', 'kubectl auth reconcile '],
    // --raw takes the API server's paths: discovery (with each served group), /version and the health checks.
    ['kubectl get --ra', 'kubectl get --raw '],
    ['kubectl get --raw /v', 'kubectl get --raw /version '],
    ['kubectl get --raw /he', 'kubectl get --raw /healthz'],
    ['kubectl get --raw /healthz?', 'kubectl get --raw /healthz?verbose '],
    ['kubectl get --raw /apis/a', 'kubectl get --raw /apis/apps '],
    ['kubectl get --raw /apis/p', 'kubectl get --raw /apis/policy '],
    ['kubectl get --raw /api/', 'kubectl get --raw /api/v1 '],
    // -k and kubectl kustomize take the folders of the documents' names; -f the documents.
    ['kubectl apply -k ov', 'kubectl apply -k overlays'],
    ['kubectl apply -k overlays/p', 'kubectl apply -k overlays/prod '],
    ['kubectl kustomize b', 'kubectl kustomize base '],
    ['kubectl kusto', 'kubectl kustomize '],
    ['kubectl delete --kustomize ba', 'kubectl delete --kustomize base '],
    ['kubectl apply -f w', 'kubectl apply -f web.yaml '],
    // argocd: its app commands, application names, document folders after --path.
    ['arg', 'argocd '],
    ['argocd app sy', 'argocd app sync '],
    ['argocd app get w', 'argocd app get web '],
    ['argocd app get web -o tree=', 'argocd app get web -o tree=detailed '],
    ['argocd app wait web --res', 'argocd app wait web --resource '],
    ['argocd app create shop --path ba', 'argocd app create shop --path base '],
    ['argocd app sync web --pr', 'argocd app sync web --prune '],
    ['argocd app wa', 'argocd app wait '],
    ['argocd app wait web --he', 'argocd app wait web --health '],
    ['argocd app manifests web --source l', 'argocd app manifests web --source live '],
    ['kubectl logs a', 'kubectl logs api-1 '],
    ['kubectl rollout st', 'kubectl rollout status '],
    ['kubectl scale deployments web --rep', 'kubectl scale deployments web --replicas '],
    ['sim node st', 'sim node st'],
    ['sim nodeg', 'sim nodegroup '],
    ['sim autoscaler st', 'sim autoscaler status '],
    ['sim node stop w2', 'sim node stop w2 '],
    ['sim controlplane stop sch', 'sim controlplane stop scheduler '],
    ['sim explain pod web-abd', 'sim explain pod web-abd '],
    ['kubectl get pods -o', 'kubectl get pods -o '],
    ['kubectl ru', 'kubectl run '],
    ['kubectl deb', 'kubectl debug '],
    ['kubectl debug a', 'kubectl debug api-1 '],
    ['kubectl debug node/w', 'kubectl debug node/w'],
    ['kubectl debug node/w2', 'kubectl debug node/w2 '],
    ['kubectl debug api-1 --tar', 'kubectl debug api-1 --target '],
    ['kubectl debug api-1 --copy', 'kubectl debug api-1 --copy-to '],
    ['kubectl debug api-1 --profile=ne', 'kubectl debug api-1 --profile=netadmin '],
    ['kubectl att', 'kubectl attach '],
    ['kubectl attach a', 'kubectl attach api-1 '],
    ['kubectl run web --ima', 'kubectl run web --image'],
    ['kubectl expose dep', 'kubectl expose deployment '],
    ['kubectl expose deployment w', 'kubectl expose deployment web '],
    ['kubectl expose deployment web --target', 'kubectl expose deployment web --target-port '],
    ['kubectl auth w', 'kubectl auth whoami '],
    ['kubectl certificate ap', 'kubectl certificate approve '],
    ['kubectl certificate deny w', 'kubectl certificate deny web '],
    ['kubectl auth ca', 'kubectl auth can-i '],
    ['kubectl auth can-i list pods --li', 'kubectl auth can-i list pods --list '],
    ['kubectl get pods --as-g', 'kubectl get pods --as-group '],
    ['kubectl create role r --ver', 'kubectl create role r --verb '],
    ['kubectl create rolebinding r --cluster', 'kubectl create rolebinding r --clusterrole '],
    ['kubectl create service clusterip s --cluster', 'kubectl create service clusterip s --clusterip '],
    ['kubectl create svc nodeport s --node', 'kubectl create svc nodeport s --node-port '],
    ['kubectl create secret tls t --ce', 'kubectl create secret tls t --cert '],
    ['kubectl create secret docker-registry r --docker-u', 'kubectl create secret docker-registry r --docker-username '],
    ['kubectl create ingress i --ru', 'kubectl create ingress i --rule '],
    ['kubectl create pdb p --min', 'kubectl create pdb p --min-available '],
    ['kubectl conf', 'kubectl config '],
    ['kubectl config use-c', 'kubectl config use-context '],
    ['kubectl config use-context d', 'kubectl config use-context dev '],
    ['kubectl config use k', 'kubectl config use kubernetes-admin@kubernetes '],
    ['kubectl config set-context --current --names', 'kubectl config set-context --current --namespace='],
  ])('%s → %s', async (line, expected) => {
    expect((await complete(line, source))?.line).toBe(expected);
  });

  it('lists candidates when several remain', async () => {
    expect((await complete('kubectl get po', source))?.candidates).toEqual(['poddisruptionbudgets', 'pods']);
    expect((await complete('sim node st', source))?.candidates).toEqual(['start', 'stop']);
    expect((await complete('kubectl get --raw /', source))?.candidates).toEqual(['/api', '/api/v1', '/apis', '/apis/apps', '/apis/policy', '/healthz', '/healthz?verbose', '/livez', '/livez?verbose', '/readyz', '/readyz?verbose', '/version']);
  });

  it('names objects in the kubeconfig context\'s namespace when the line has no -n', async () => {
    const inKubeSystem: CompletionSource = { ...source, namespace: () => 'kube-system' };
    expect((await complete('kubectl logs co', inKubeSystem))?.line).toBe('kubectl logs coredns-1 ');
    expect(await complete('kubectl logs co', source)).toBeUndefined();
    expect((await complete('kubectl logs -n default a', inKubeSystem))?.line).toBe('kubectl logs -n default api-1 ');
  });

  it('offers nothing where nothing fits', async () => {
    expect(await complete('kubectl get pods zz', source)).toBeUndefined();
    expect(await complete('echo hi', source)).toBeUndefined();
  });
});
