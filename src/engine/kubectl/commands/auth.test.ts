// kubectl's RBAC commands and every request authorized as kubectl's user: exact output as kubectl v1.32 prints it.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import type { KubeObject } from '../../api/object.ts';

const ROLE_AND_BINDING = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-reader, namespace: default}
rules:
- apiGroups: [""]
  resources: ["pods", "pods/log"]
  verbs: ["get", "watch", "list"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: read-pods, namespace: default}
subjects:
- kind: User
  name: jane
roleRef:
  kind: Role
  name: pod-reader
`;

async function cluster() {
  const c = createCluster({ seed: 1 });
  const run = async (line: string, stdin?: string) => c.exec(line, stdin);
  expect((await run('kubectl apply -f -', ROLE_AND_BINDING)).code).toBe(0);
  return { c, run };
}

describe('kubectl auth can-i', () => {
  it('asks about the kubeconfig context\'s namespace unless -n names another', async () => {
    const { run } = await cluster();
    expect((await run('kubectl create namespace dev')).code).toBe(0);
    expect((await run('kubectl config set-context --current --namespace=dev')).code).toBe(0);
    // jane's Role is in default only.
    expect(await run('kubectl auth can-i list pods --as jane')).toEqual({ code: 1, stdout: 'no\n', stderr: '' });
    expect(await run('kubectl auth can-i list pods --as jane -n default')).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    expect((await run('kubectl auth can-i --list --as jane')).stdout).not.toContain('pods/log');
  });

  it('answers yes (exit 0) or no (exit 1) for the user, impersonated with --as', async () => {
    const { run } = await cluster();
    expect(await run('kubectl auth can-i list pods --as jane')).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    expect(await run('kubectl auth can-i get pods/web --as jane')).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    expect(await run('kubectl auth can-i get pods --subresource=log --as jane')).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    expect(await run('kubectl auth can-i delete pods --as jane')).toEqual({ code: 1, stdout: 'no\n', stderr: '' });
    expect(await run('kubectl auth can-i list pods -n kube-system --as jane')).toEqual({ code: 1, stdout: 'no\n', stderr: '' });
    expect(await run('kubectl auth can-i list pods -A --as jane')).toEqual({ code: 1, stdout: 'no\n', stderr: '' });
    expect(await run('kubectl auth can-i -q list pods --as jane')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await run('kubectl auth can-i "*" "*"')).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
  });

  it('warns as kubectl does about cluster-scoped and unknown resources and unknown verbs', async () => {
    const { run } = await cluster();
    expect(await run('kubectl auth can-i list nodes --as jane')).toEqual({ code: 1, stdout: 'no\n', stderr: "Warning: resource 'nodes' is not namespace scoped\n" });
    expect(await run('kubectl auth can-i list foos --as jane')).toEqual({ code: 1, stdout: 'no\n', stderr: "Warning: the server doesn't have a resource type 'foos'\n" });
    expect(await run('kubectl auth can-i fly pods')).toEqual({ code: 0, stdout: 'yes\n', stderr: "Warning: verb 'fly' is not a known verb\n" });
    expect((await run('kubectl auth can-i list')).stderr).toBe("error: you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.\n");
  });

  it('--list prints the SelfSubjectRulesReview table, rules broken down, compacted and sorted', async () => {
    const { run } = await cluster();
    const r = await run('kubectl auth can-i --list --as jane');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 9).join('\n')).toBe([
      'Resources                                       Non-Resource URLs   Resource Names   Verbs',
      'selfsubjectreviews.authentication.k8s.io        []                  []               [create]',
      'selfsubjectaccessreviews.authorization.k8s.io   []                  []               [create]',
      'selfsubjectrulesreviews.authorization.k8s.io    []                  []               [create]',
      'pods/log                                        []                  []               [get watch list]',
      'pods                                            []                  []               [get watch list]',
      '                                                [/api/*]            []               [get]',
      '                                                [/api]              []               [get]',
      '                                                [/apis/*]           []               [get]',
    ].join('\n'));
    // The admin holds cluster-admin's rules through kubeadm's binding of kubeadm:cluster-admins.
    expect((await run('kubectl auth can-i --list')).stdout.split('\n').slice(1, 3)).toEqual([
      '*.*                                             []                  []               [*]',
      '                                                [*]                 []               [*]',
    ]);
  });
});

describe('kubectl auth whoami', () => {
  it('prints the user and groups, impersonated service accounts with their groups', async () => {
    const { run } = await cluster();
    expect((await run('kubectl auth whoami')).stdout).toBe('ATTRIBUTE   VALUE\nUsername    kubernetes-admin\nGroups      [kubeadm:cluster-admins system:authenticated]\n');
    expect((await run('kubectl auth whoami --as system:serviceaccount:dev:ci')).stdout).toBe(
      'ATTRIBUTE   VALUE\nUsername    system:serviceaccount:dev:ci\nGroups      [system:serviceaccounts system:serviceaccounts:dev system:authenticated]\n');
    expect((await run('kubectl auth whoami --as jane --as-group devs --as-uid 42')).stdout).toBe(
      'ATTRIBUTE   VALUE\nUsername    jane\nUID         42\nGroups      [devs system:authenticated]\n');
  });
});

describe('every kubectl request is authorized as its user', () => {
  it('the kubeconfig\'s current context names the user', async () => {
    const { run } = await cluster();
    await run('kubectl config set-credentials jane --token=t');
    await run('kubectl config set-context jane@kubernetes --cluster=kubernetes --user=jane');
    expect((await run('kubectl auth whoami --context jane@kubernetes')).stdout).toBe('ATTRIBUTE   VALUE\nUsername    jane\nGroups      [system:authenticated]\n');
    await run('kubectl config use-context jane@kubernetes');
    expect(await run('kubectl auth can-i list pods')).toMatchObject({ code: 0, stdout: 'yes\n' });
    expect((await run('kubectl get secrets')).stderr).toBe('Error from server (Forbidden): secrets is forbidden: User "jane" cannot list resource "secrets" in API group "" in the namespace "default"\n');
    // jane may not impersonate: --as is checked against her.
    expect((await run('kubectl get pods --as bob')).stderr).toBe('Error from server (Forbidden): users "bob" is forbidden: User "jane" cannot impersonate resource "users" in API group "" at the cluster scope\n');
  });


  it('answers Forbidden with the API server\'s text for reads, writes and subresources', async () => {
    const { run } = await cluster();
    await run('kubectl run web --image=nginx');
    expect(await run('kubectl get secrets --as jane')).toEqual({ code: 1, stdout: '', stderr: 'Error from server (Forbidden): secrets is forbidden: User "jane" cannot list resource "secrets" in API group "" in the namespace "default"\n' });
    expect((await run('kubectl get pods --as jane')).stdout).toMatch(/^NAME\s+READY\s+STATUS/);
    expect((await run('kubectl get secret s --as jane')).stderr).toBe('Error from server (Forbidden): secrets "s" is forbidden: User "jane" cannot get resource "secrets" in API group "" in the namespace "default"\n');
    expect((await run('kubectl get nodes --as jane')).stderr).toBe('Error from server (Forbidden): nodes is forbidden: User "jane" cannot list resource "nodes" in API group "" at the cluster scope\n');
    expect((await run('kubectl delete pod web --as jane')).stderr).toBe('Error from server (Forbidden): pods "web" is forbidden: User "jane" cannot delete resource "pods" in API group "" in the namespace "default"\n');
    expect((await run('kubectl create deployment d --image=nginx --as jane')).stderr).toBe('error: failed to create deployment: deployments.apps is forbidden: User "jane" cannot create resource "deployments" in API group "apps" in the namespace "default"\n');
    expect((await run('kubectl exec web --as jane -- ls')).stderr).toBe('Error from server (Forbidden): pods "web" is forbidden: User "jane" cannot create resource "pods/exec" in API group "" in the namespace "default"\n');
    expect((await run('kubectl top pods --as jane')).stderr).toBe('Error from server (Forbidden): pods.metrics.k8s.io is forbidden: User "jane" cannot list resource "pods" in API group "metrics.k8s.io" in the namespace "default"\n');
    expect((await run('kubectl get pods -A --as jane')).stderr).toBe('Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" at the cluster scope\n');
    expect((await run('kubectl get secrets -w --as jane')).stderr).toBe('Error from server (Forbidden): secrets is forbidden: User "jane" cannot watch resource "secrets" in API group "" in the namespace "default"\n');
    // Events jane may not list are left out of describe, as kubectl ignores that Forbidden.
    const described = await run('kubectl describe pod web --as jane');
    expect(described.code).toBe(0);
    expect(described.stdout).toMatch(/^Name:\s+web\n/);
  });

  it('kubectl scale needs the scale subresource, not the resource', async () => {
    const { run } = await cluster();
    await run('kubectl create deployment web --image=nginx');
    await run('kubectl apply -f -', `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: scaler, namespace: default}
rules:
- {apiGroups: [apps], resources: [deployments], verbs: [get]}
- {apiGroups: [apps], resources: [deployments/scale], verbs: [patch]}
`);
    await run('kubectl create rolebinding scale --role=scaler --user=sam');
    expect(await run('kubectl scale deployment web --replicas=3 --as sam')).toEqual({ code: 0, stdout: 'deployment.apps/web scaled\n', stderr: '' });
    expect((await run('kubectl patch deployment web -p \'{"spec":{"replicas":1}}\' --as sam')).stderr).toBe('Error from server (Forbidden): deployments.apps "web" is forbidden: User "sam" cannot patch resource "deployments" in API group "apps" in the namespace "default"\n');
  });

  it('impersonation takes the impersonate verb', async () => {
    const { run } = await cluster();
    expect((await run('kubectl get pods --as bob --as jane')).code).toBe(0);
    expect((await run('kubectl auth whoami --as jane')).code).toBe(0);
    // jane may not impersonate anyone.
    await run('kubectl create clusterrolebinding jane-whoami --clusterrole=system:basic-user --user=jane');
    expect(await run('kubectl get pods --as jane --as-group system:masters')).toMatchObject({ code: 0 });
    expect((await run('kubectl get pods --as-group devs')).stderr).toBe('error: invalid configuration: requesting uid, groups or user-extra for kubernetes-admin without impersonating a user\n');
  });
});

describe('kubectl create role | clusterrole | rolebinding | clusterrolebinding', () => {
  it('creates them with kubectl\'s rules and subjects, and prints them as kubectl get and describe do', async () => {
    const c = createCluster({ seed: 1 });
    const run = (line: string) => c.exec(line);
    expect(await run('kubectl create role pod-reader --verb=get,list,watch --resource=pods,pods/log,deploy')).toEqual({ code: 0, stdout: 'role.rbac.authorization.k8s.io/pod-reader created\n', stderr: '' });
    expect((await run('kubectl create rolebinding read-pods --role=pod-reader --user=jane --group=devs --serviceaccount=default:builder')).stdout).toBe('rolebinding.rbac.authorization.k8s.io/read-pods created\n');
    expect((await run('kubectl create clusterrole node-reader --verb=list --resource=nodes')).stdout).toBe('clusterrole.rbac.authorization.k8s.io/node-reader created\n');
    expect((await run('kubectl create clusterrolebinding read-nodes --clusterrole=node-reader --serviceaccount=kube-system:monitor')).stdout).toBe('clusterrolebinding.rbac.authorization.k8s.io/read-nodes created\n');
    expect((await run('kubectl get role pod-reader -o jsonpath={.rules}')).stdout).toBe('[{"apiGroups":[""],"resources":["pods","pods/log"],"verbs":["get","list","watch"]},{"apiGroups":["apps"],"resources":["deployments"],"verbs":["get","list","watch"]}]');
    expect((await run('kubectl get roles')).stdout).toBe('NAME         CREATED AT\npod-reader   2026-01-01T00:00:00Z\n');
    expect((await run('kubectl get rolebindings -o wide')).stdout).toBe('NAME        ROLE              AGE   USERS   GROUPS   SERVICEACCOUNTS\nread-pods   Role/pod-reader   0s    jane    devs     default/builder\n');
    expect((await run('kubectl get clusterrolebinding read-nodes')).stdout).toBe('NAME         ROLE                      AGE\nread-nodes   ClusterRole/node-reader   0s\n');
    expect((await run('kubectl describe role pod-reader')).stdout).toBe([
      'Name:         pod-reader',
      'Labels:       <none>',
      'Annotations:  <none>',
      'PolicyRule:',
      '  Resources         Non-Resource URLs  Resource Names  Verbs',
      '  ---------         -----------------  --------------  -----',
      '  pods/log          []                 []              [get list watch]',
      '  pods              []                 []              [get list watch]',
      '  deployments.apps  []                 []              [get list watch]',
      '',
    ].join('\n'));
    expect((await run('kubectl describe rolebinding read-pods')).stdout).toBe([
      'Name:         read-pods',
      'Labels:       <none>',
      'Annotations:  <none>',
      'Role:',
      '  Kind:  Role',
      '  Name:  pod-reader',
      'Subjects:',
      '  Kind            Name     Namespace',
      '  ----            ----     ---------',
      '  User            jane     ',
      '  Group           devs     ',
      '  ServiceAccount  builder  default',
      '',
    ].join('\n'));
    expect(await run('kubectl auth can-i list nodes --as system:serviceaccount:kube-system:monitor')).toMatchObject({ code: 0, stdout: 'yes\n' });
  });

  it('kubectl explain documents the RBAC kinds\' fields', async () => {
    const c = createCluster({ seed: 1 });
    const r = await c.exec('kubectl explain rolebinding.roleRef');
    expect(r.stdout).toMatch(/^GROUP:\s+rbac.authorization.k8s.io\nKIND:\s+RoleBinding\nVERSION:\s+v1\n\nFIELD: roleRef <RoleRef>/);
    expect(r.stdout).toContain('name\t<string> -required-');
  });

  it('refuses bad flags with kubectl\'s errors', async () => {
    const c = createCluster({ seed: 1 });
    const err = async (line: string) => (await c.exec(line)).stderr;
    expect(await err('kubectl create role r --verb=fly --resource=pods')).toBe("error: invalid verb: 'fly'\n");
    expect(await err('kubectl create role r --resource=pods')).toBe('error: at least one verb must be specified\n');
    expect(await err('kubectl create role r --verb=get')).toBe('error: at least one resource must be specified\n');
    expect(await err('kubectl create role r --verb=get --resource=foos')).toBe('error: the server doesn\'t have a resource type "foos"\n');
    expect(await err('kubectl create rolebinding b --user=jane')).toBe('error: exactly one of clusterrole or role must be specified\n');
    expect(await err('kubectl create rolebinding b --role=r --serviceaccount=jane')).toBe('error: serviceaccount must be <namespace>:<name>\n');
    expect(await err('kubectl create clusterrolebinding b --user=jane')).toBe('error: clusterrole must be specified\n');
    expect(await err('kubectl create clusterrole c --verb=get --non-resource-url=logs')).toBe('error: logs should start with /\n');
  });
});

describe('the API server\'s RBAC objects', () => {
  it('validates roleRef and subjects with upstream\'s messages', async () => {
    const { run } = await cluster();
    expect((await run('kubectl patch rolebinding read-pods -p \'{"roleRef":{"name":"other"}}\'')).stderr).toBe('The RoleBinding "read-pods" is invalid: roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"Role", Name:"other"}: cannot change roleRef\n');
    const bad = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: bad}
roleRef: {kind: Role, name: x}
subjects: [{kind: Robot, name: r2}, {kind: ServiceAccount, name: sa}]
`;
    expect((await run('kubectl apply -f -', bad)).stderr).toBe('The ClusterRoleBinding "bad" is invalid: \n* roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"\n* subjects[0].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"\n* subjects[1].namespace: Required value\n');
    const role = 'apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata: {name: r}\nrules: [{nonResourceURLs: ["/healthz"], verbs: ["get"]}, {apiGroups: [""], resources: ["pods"]}]\n';
    expect((await run('kubectl apply -f -', role)).stderr).toBe('The Role "r" is invalid: \n* rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs\n* rules[1].verbs: Required value: verbs must contain at least one value\n');
  });

  it('prevents escalation through kubectl: a user grants only what they hold', async () => {
    const { run } = await cluster();
    await run('kubectl create rolebinding jane-admin --clusterrole=admin --user=jane');
    expect((await run('kubectl create role deleter --verb=delete --resource=nodes --as jane')).stderr).toBe(
      'Error from server (Forbidden): roles.rbac.authorization.k8s.io "deleter" is forbidden: user "jane" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:[""], Resources:["nodes"], Verbs:["delete"]}\n');
    expect((await run('kubectl create role viewer --verb=get --resource=pods --as jane')).stdout).toBe('role.rbac.authorization.k8s.io/viewer created\n');
    expect((await run('kubectl create rolebinding jane-root --clusterrole=cluster-admin --user=bob --as jane')).stderr).toMatch(/^Error from server \(Forbidden\): rolebindings.rbac.authorization.k8s.io "jane-root" is forbidden: user "jane" \(groups=\["system:authenticated"\]\) is attempting to grant RBAC permissions not currently held:\n/);
    expect((await run('kubectl create rolebinding bob-view --clusterrole=view --user=bob --as jane')).code).toBe(0);
  });
});

describe('kubeadm\'s admin', () => {
  it('is locked out when its group\'s binding goes, as upstream; the simulator\'s own commands run as super-admin', () => {
    const c = createCluster({ seed: 1 });
    expect(c.exec('kubectl delete clusterrolebinding kubeadm:cluster-admins').stdout).toBe('clusterrolebinding.rbac.authorization.k8s.io "kubeadm:cluster-admins" deleted\n');
    expect(c.exec('kubectl get pods').stderr).toBe('Error from server (Forbidden): pods is forbidden: User "kubernetes-admin" cannot list resource "pods" in API group "" in the namespace "default"\n');
    expect(c.exec('kubectl get pods -n kube-system', undefined, { adminKubeconfig: true }).code).toBe(0);
    expect(c.exec('kubectl auth whoami', undefined, { adminKubeconfig: true }).stdout).toContain('kubernetes-super-admin');
  });
});

describe('the default policy', () => {
  const rbacObjects = (objects: KubeObject[]) => objects.filter((o) => o.apiVersion === 'rbac.authorization.k8s.io/v1').map((o) => `${o.kind}/${o.metadata.name}`).sort();

  it('is created at start with upstream\'s labels and annotation, and the aggregated roles filled', async () => {
    const c = createCluster({ seed: 1 });
    expect(rbacObjects(c.snapshot().objects)).toEqual([
      'ClusterRole/admin', 'ClusterRole/cluster-admin', 'ClusterRole/edit', 'ClusterRole/system:aggregate-to-admin', 'ClusterRole/system:aggregate-to-edit',
      'ClusterRole/system:aggregate-to-view', 'ClusterRole/system:basic-user', 'ClusterRole/system:discovery', 'ClusterRole/system:public-info-viewer', 'ClusterRole/view',
      'ClusterRoleBinding/cluster-admin', 'ClusterRoleBinding/kubeadm:cluster-admins', 'ClusterRoleBinding/system:basic-user', 'ClusterRoleBinding/system:discovery',
      'ClusterRoleBinding/system:public-info-viewer',
      // kubeadm init's grant of kube-public/cluster-info to anonymous clients.
      'Role/kubeadm:bootstrap-signer-clusterinfo', 'RoleBinding/kubeadm:bootstrap-signer-clusterinfo',
    ]);
    expect((await c.exec('kubectl get clusterrole edit -o jsonpath={.metadata.labels}')).stdout).toBe('{"kubernetes.io/bootstrapping":"rbac-defaults","rbac.authorization.k8s.io/aggregate-to-admin":"true"}');
    expect((await c.exec('kubectl get clusterrolebinding cluster-admin -o jsonpath={.subjects}')).stdout).toBe('[{"apiGroup":"rbac.authorization.k8s.io","kind":"Group","name":"system:masters"}]');
    // kubeadm init's binding for admin.conf's group (kubeadm 1.29 on), without the rbac-defaults labels.
    expect((await c.exec('kubectl get clusterrolebinding kubeadm:cluster-admins -o wide --no-headers')).stdout).toMatch(/^kubeadm:cluster-admins\s+ClusterRole\/cluster-admin\s+\S+\s+kubeadm:cluster-admins\s*$/m);
  });

  it('a new labelled ClusterRole is aggregated into view by the controller', async () => {
    const c = createCluster({ seed: 1 });
    await c.exec('kubectl create clusterrole widgets --verb=get --resource=configmaps');
    await c.exec('kubectl label clusterrole widgets rbac.authorization.k8s.io/aggregate-to-view=true');
    c.advance(1);
    expect((await c.exec('kubectl auth can-i get configmaps --as jane')).stdout).toBe('no\n');
    await c.exec('kubectl create rolebinding v --clusterrole=admin --user=jane');
    c.advance(1);
    const admin = JSON.parse((await c.exec('kubectl get clusterrole admin -o json')).stdout) as { rules: { resources?: string[]; verbs: string[] }[] };
    expect(admin.rules.some((r) => r.resources?.includes('configmaps') && r.verbs.join() === 'get')).toBe(true);
  });

  it('is created again on loading a snapshot saved without it, leaving the API server\'s draws where they were', async () => {
    const c = createCluster({ seed: 1 });
    await c.exec('kubectl apply -f -', ROLE_AND_BINDING);
    const snap = c.snapshot();
    const stripped = { ...snap, objects: snap.objects.filter((o) => !o.metadata.labels?.['kubernetes.io/bootstrapping']) };
    const restored = createCluster({ snapshot: JSON.parse(JSON.stringify(stripped)) });
    const full = createCluster({ snapshot: JSON.parse(JSON.stringify(snap)) });
    expect(rbacObjects(restored.snapshot().objects)).toEqual(rbacObjects(full.snapshot().objects));
    // The user's own objects come back as saved.
    expect((await restored.exec('kubectl auth can-i list pods --as jane')).stdout).toBe('yes\n');
    // Generated names still come from the API server's own draws: the same in both.
    const gen = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {generateName: cfg-}\n';
    const name = async (cl: typeof c) => (await cl.exec('kubectl create -f -', gen)).stdout;
    expect(await name(restored)).toBe(await name(full));
  });
});

describe('kubectl auth reconcile', () => {
  const FILE = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: reader, namespace: team}
rules:
- {apiGroups: [""], resources: [pods], verbs: [get, list]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: read, namespace: team}
subjects:
- {kind: User, name: jane}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: reader}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: skipped}
`;
  it('creates what is missing (with its namespace), adds and with --remove-extra-* removes, printing as kubectl does', async () => {
    const c = createCluster({ seed: 1 });
    const run = async (line: string) => c.exec(line, FILE);
    expect(await run('kubectl auth reconcile -f - --dry-run=client')).toEqual({
      code: 0,
      stdout: 'role.rbac.authorization.k8s.io/reader reconciled (dry run)\nrolebinding.rbac.authorization.k8s.io/read reconciled (dry run)\n',
      stderr: '\treconciliation required create\n\tmissing rules added:\n\t\t{Verbs:[get list] APIGroups:[] Resources:[pods] ResourceNames:[] NonResourceURLs:[]}\n'
        + '\treconciliation required create\n\tmissing subjects added:\n\t\t{Kind:User APIGroup:rbac.authorization.k8s.io Name:jane Namespace:}\n',
    });
    expect((await run('kubectl get ns team')).code).toBe(1);
    expect((await run('kubectl auth reconcile -f -')).code).toBe(0);
    expect((await run('kubectl get cm skipped')).code).toBe(1);
    expect(await run('kubectl auth reconcile -f -')).toEqual({ code: 0, stdout: 'role.rbac.authorization.k8s.io/reader reconciled\nrolebinding.rbac.authorization.k8s.io/read reconciled\n', stderr: '' });
    expect((await run('kubectl auth can-i list pods -n team --as jane')).stdout).toBe('yes\n');
    // Someone widened the role and added a subject: reconcile keeps both unless told to remove them.
    c.exec('kubectl apply -f -', FILE.split('---')[0].replace('verbs: [get, list]}', 'verbs: [get, list]}\n- {apiGroups: [""], resources: [secrets], verbs: [get]}'));
    c.exec('kubectl apply -f -', FILE.split('---')[1].replace('- {kind: User, name: jane}', '- {kind: User, name: jane}\n- {kind: User, name: bob}'));
    expect(await run('kubectl auth reconcile -f -')).toMatchObject({ stderr: '' });
    expect((await run('kubectl auth can-i get secrets -n team --as bob')).stdout).toBe('yes\n');
    expect((await run('kubectl auth reconcile -f - --remove-extra-permissions --remove-extra-subjects')).stderr).toBe(
      '\treconciliation required update\n\textra rules removed:\n\t\t{Verbs:[get] APIGroups:[] Resources:[secrets] ResourceNames:[] NonResourceURLs:[]}\n'
      + '\treconciliation required update\n\textra subjects removed:\n\t\t{Kind:User APIGroup:rbac.authorization.k8s.io Name:bob Namespace:}\n');
    expect((await run('kubectl auth can-i get pods -n team --as bob')).stdout).toBe('no\n');
    expect((await run('kubectl auth can-i get secrets -n team --as jane')).stdout).toBe('no\n');
  });

  it('needs -f', async () => {
    const c = createCluster({ seed: 1 });
    expect(await c.exec('kubectl auth reconcile')).toEqual({ code: 1, stdout: '', stderr: 'error: must specify one of -f and -k\n' });
  });
});
