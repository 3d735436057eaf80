// kubectl's persistent flags, wherever a learner types them: before the verb, after it, in every spelling pflag takes,
// with cobra's and clientcmd's error texts, and the same output whichever side of the verb a flag is on.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../index.ts';
import { clusterWithNodes, mustExec } from '../testing/fixtures.ts';
import { findSubcommand } from './globalflags.ts';

let c: KubesimCluster;
const run = (line: string) => c.exec(line) as { code: number; stdout: string; stderr: string };

beforeAll(() => {
  c = clusterWithNodes(1);
  c.advance(30);
});

describe('cobra finds the verb among persistent flags', () => {
  it.each([
    [['-n', 'kube-system', 'get', 'pods'], 'get', ['-n', 'kube-system', 'pods']],
    [['--namespace=x', 'describe', 'pod', 'y'], 'describe', ['--namespace=x', 'pod', 'y']],
    [['--insecure-skip-tls-verify', 'get', 'nodes'], 'get', ['--insecure-skip-tls-verify', 'nodes']],
    [['-v', '6', 'get', 'nodes'], 'get', ['-v', '6', 'nodes']],
    [['-v6', 'get'], 'get', ['-v6']],
    // An unknown flag is taken to have a value, as cobra's stripFlags does.
    [['--foo', 'get', 'pods'], 'pods', ['--foo', 'get']],
    [['--', 'get'], undefined, ['--', 'get']],
  ])('%j', (argv, name, rest) => {
    expect(findSubcommand(argv)).toEqual({ name, rest });
  });
});

describe('every persistent flag, before and after the verb', () => {
  const baseline = () => run('kubectl get pods -n kube-system -o name');
  // Flags that change nothing the simulated API server answers, in each spelling pflag accepts.
  const neutral = [
    '--context=kubernetes-admin@kubernetes', '--context kubernetes-admin@kubernetes', '--cluster=kubernetes', '--user kubernetes-admin',
    '--kubeconfig=/root/.kube/config', '--kubeconfig .kube/config', '-s https://127.0.0.1:6443', '--server=https://10.96.0.1',
    '--request-timeout=5s', '--request-timeout 30', '-v=4', '-v 4', '-v4', '--v=9', '--vmodule=foo=2', '--log-flush-frequency=5s',
    '--insecure-skip-tls-verify', '--insecure-skip-tls-verify=false', '--tls-server-name=kubernetes', '--certificate-authority=/etc/kubernetes/pki/ca.crt',
    '--client-certificate=/root/admin.crt', '--client-key /root/admin.key', '--token=abc', '--username=admin', '--password=secret',
    '--disable-compression', '--cache-dir=/tmp/cache', '--match-server-version', '--warnings-as-errors', '--profile=none', '--profile-output=p.out',
    '--as=kubernetes-admin --as-group=kubeadm:cluster-admins', '--as kubernetes-admin --as-group kubeadm:cluster-admins --as-uid 42',
  ];
  it.each(neutral)('%s', (f) => {
    const want = baseline();
    expect(want.stdout).toMatch(/pod\/coredns-/);
    expect(run(`kubectl ${f} get pods -n kube-system -o name`)).toEqual(want);
    expect(run(`kubectl get ${f} pods -n kube-system -o name`)).toEqual(want);
    expect(run(`kubectl get pods -n kube-system -o name ${f}`)).toEqual(want);
  });

  it.each(['-n kube-system', '-nkube-system', '-n=kube-system', '--namespace kube-system', '--namespace=kube-system'])('%s', (ns) => {
    const want = baseline();
    expect(run(`kubectl ${ns} get pods -o name`)).toEqual(want);
    expect(run(`kubectl get pods ${ns} -o name`)).toEqual(want);
  });

  it('the last of a repeated flag wins, wherever each is', () => {
    expect(run('kubectl -n default get pods -n kube-system -o name')).toEqual(baseline());
    expect(run('kubectl -n kube-system get pods -n default').stderr).toBe('No resources found in default namespace.\n');
  });

  it('-- still ends the flags of kubectl exec', () => {
    const pod = mustExec(c, 'kubectl get pods -n kube-system -l k8s-app=kube-dns -o name').split('\n')[0].slice('pod/'.length);
    expect(run(`kubectl -n kube-system exec ${pod} -- echo -n --context x`).stdout).toBe(run(`kubectl exec ${pod} -n kube-system -- echo -n --context x`).stdout);
    expect(run(`kubectl -n kube-system exec ${pod} -- echo --context x`).stdout).toBe('--context x\n');
  });
});

describe("cobra's, pflag's and clientcmd's errors", () => {
  it.each([
    ['kubectl --foo=1 get pods', "error: unknown flag: --foo\nSee 'kubectl get --help' for usage.\n"],
    ['kubectl get pods --foo', "error: unknown flag: --foo\nSee 'kubectl get --help' for usage.\n"],
    ['kubectl -z get pods', 'error: unknown command "pods" for "kubectl"\n'],
    ['kubectl get pods -z', "error: unknown shorthand flag: 'z' in -z\nSee 'kubectl get --help' for usage.\n"],
    ['kubectl get pods -n', "error: flag needs an argument: 'n' in -n\nSee 'kubectl get --help' for usage.\n"],
    ['kubectl get pods --context', "error: flag needs an argument: --context\nSee 'kubectl get --help' for usage.\n"],
    ['kubectl --bogus', "error: unknown flag: --bogus\nSee 'kubectl --help' for usage.\n"],
    ['kubectl -v=high get pods', 'error: invalid argument "high" for "-v, --v" flag: strconv.ParseInt: parsing "high": invalid syntax\nSee \'kubectl get --help\' for usage.\n'],
    ['kubectl get pods --warnings-as-errors=maybe', 'error: invalid argument "maybe" for "--warnings-as-errors" flag: strconv.ParseBool: parsing "maybe": invalid syntax\nSee \'kubectl get --help\' for usage.\n'],
    ['kubectl --context=nope get pods', 'Error in configuration: context was not found for specified context: nope\n'],
    ['kubectl --context=nope -n default get pods', 'error: context "nope" does not exist\n'],
    ['kubectl --user=nope get pods', 'error: auth info "nope" does not exist\n'],
    ['kubectl --cluster=nope get pods', 'Error in configuration: no configuration has been provided, try setting KUBERNETES_MASTER environment variable\n'],
    ['kubectl --cluster=nope -n default get pods', 'error: cluster "nope" does not exist\n'],
    ['kubectl --kubeconfig=/tmp/other get pods', 'error: stat /tmp/other: no such file or directory\n'],
    ['kubectl get pods --request-timeout=soon', 'error: Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)\n'],
    ['kubectl --server=https://10.0.0.5:6443 get pods', 'The connection to the server 10.0.0.5:6443 was refused - did you specify the right host or port?\n'],
    ['kubectl get pods -s localhost:8080', 'The connection to the server localhost:8080 was refused - did you specify the right host or port?\n'],
    // set-context's --namespace shadows the persistent one, which takes its -n with it.
    ['kubectl -n dev config set-context --current --namespace=dev', "error: unknown shorthand flag: 'n' in -n\nSee 'kubectl config set-context --help' for usage.\n"],
    ['kubectl config view --bogus', "error: unknown flag: --bogus\nSee 'kubectl config view --help' for usage.\n"],
  ])('%s', (line, stderr) => {
    expect(run(line)).toEqual({ code: 1, stdout: '', stderr });
  });

  it('version prints the client before it fails to reach a server', () => {
    expect(run('kubectl --server=localhost:8080 version')).toEqual({ code: 1, stdout: 'Client Version: v1.32.0\nKustomize Version: v5.5.0\n', stderr: 'The connection to the server localhost:8080 was refused - did you specify the right host or port?\n' });
    expect(run('kubectl --server=localhost:8080 version --client').code).toBe(0);
  });
});

describe('kubectl config with persistent flags', () => {
  it('--context before config selects the context --minify shows; set-context --namespace is the context field', () => {
    const k = clusterWithNodes(0);
    mustExec(k, 'kubectl config set-context dev --cluster=kubernetes --user=kubernetes-admin --namespace=dev');
    expect(mustExec(k, 'kubectl --context=dev config view --minify -o jsonpath={.current-context}')).toBe('dev');
    expect(mustExec(k, 'kubectl config --context dev view --minify -o jsonpath={.contexts[*].name}')).toBe('dev');
    // set-context's --cluster and --user name the context's entries, not the persistent selections.
    expect(mustExec(k, 'kubectl --context=dev config set-context other --namespace=kube-system --cluster=kubernetes --user=kubernetes-admin')).toBe('Context "other" created.\n');
    expect(mustExec(k, 'kubectl config get-contexts other --no-headers')).toMatch(/^\s+other\s+kubernetes\s+kubernetes-admin\s+kube-system\n$/);
    expect(mustExec(k, 'kubectl --context=other get ns kube-system -o name')).toBe('namespace/kube-system\n');
  });
});

describe('--cluster, --user and the kubeconfig user kubectl acts as', () => {
  it('--user selects a kubeconfig user; one without credentials is anonymous, as upstream', () => {
    const k = clusterWithNodes(0);
    mustExec(k, 'kubectl config set-credentials jane --token=t');
    mustExec(k, 'kubectl config set-credentials nobody --username=');
    expect(mustExec(k, 'kubectl --user=jane auth whoami')).toMatch(/Username\s+jane\n/);
    expect(k.exec('kubectl get pods --user=jane').stderr).toBe('Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"\n');
    expect(k.exec('kubectl --user=nobody get pods').stderr).toBe('Error from server (Forbidden): pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "default"\n');
  });

  it('cluster-info names the server of the cluster --cluster selects', () => {
    const k = clusterWithNodes(0);
    mustExec(k, 'kubectl config set-cluster other --server=https://127.0.0.1:6443');
    mustExec(k, 'kubectl config set-cluster other --server=https://localhost:6443');
    expect(mustExec(k, 'kubectl --cluster=other cluster-info')).toMatch(/^Kubernetes control plane is running at https:\/\/localhost:6443\n/);
  });
});

describe('--as-user-extra', () => {
  const IMPERSONATOR = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: impersonator}
rules:
- {apiGroups: [""], resources: [users], verbs: [impersonate], resourceNames: [bob]}
- {apiGroups: [authentication.k8s.io], resources: [userextras/scopes], verbs: [impersonate], resourceNames: [view]}
`;
  it('is authorized as impersonate on userextras/KEY named VALUE, and auth whoami shows it', () => {
    const k = clusterWithNodes(0);
    mustExec(k, 'kubectl apply -f -', IMPERSONATOR);
    mustExec(k, 'kubectl create clusterrolebinding jane-impersonates --clusterrole=impersonator --user=jane');
    mustExec(k, 'kubectl config set-credentials jane --token=t');
    expect(mustExec(k, 'kubectl --user=jane --as=bob --as-user-extra scopes=view auth whoami')).toBe(
      'ATTRIBUTE       VALUE\nUsername        bob\nGroups          [system:authenticated]\nExtra: scopes   [view]\n');
    expect(k.exec('kubectl auth whoami --user=jane --as=bob --as-user-extra=scopes=view --as-user-extra=scopes=admin').stderr).toBe(
      'Error from server (Forbidden): userextras.authentication.k8s.io "admin" is forbidden: User "jane" cannot impersonate resource "userextras/scopes" in API group "authentication.k8s.io" at the cluster scope\n');
    expect(k.exec('kubectl auth whoami --user=jane --as=bob --as-user-extra=team=a').stderr).toMatch(/cannot impersonate resource "userextras\/team"/);
    // kubeadm's admin may impersonate anything; values of one key keep their order, keys print sorted.
    expect(mustExec(k, 'kubectl --as=bob --as-user-extra=z=1 --as-user-extra=a=x --as-user-extra=a=y auth whoami')).toBe(
      'ATTRIBUTE   VALUE\nUsername    bob\nGroups      [system:authenticated]\nExtra: a    [x y]\nExtra: z    [1]\n');
    expect(k.exec('kubectl --as-user-extra=a=b get pods').stderr).toBe('error: invalid configuration: requesting uid, groups or user-extra for kubernetes-admin without impersonating a user\n');
  });
});

describe('sim commands use the context namespace as kubectl does', () => {
  it('sim dns lookup resolves a short name in the context namespace', () => {
    const k = clusterWithNodes(1);
    k.advance(30);
    expect(k.exec('sim dns lookup kube-dns').stderr).toContain('NXDOMAIN');
    mustExec(k, 'kubectl config set-context --current --namespace=kube-system');
    expect(mustExec(k, 'sim dns lookup kube-dns')).toContain('Name:\tkube-dns.kube-system.svc.cluster.local\nAddress: 10.96.0.10');
    expect(k.exec('sim dns lookup kube-dns -n default').stderr).toContain('NXDOMAIN');
  });

  it('sim trace request --from POD finds the pod in the context namespace', () => {
    const k = clusterWithNodes(1);
    k.advance(30);
    const pod = mustExec(k, 'kubectl get pods -n kube-system -l k8s-app=kube-dns -o name').split('\n')[0].slice('pod/'.length);
    expect(k.exec(`sim trace request http://kube-dns.kube-system:53/ --from ${pod}`).stderr).toMatch(/default\//);
    mustExec(k, 'kubectl config set-context --current --namespace=kube-system');
    expect(k.exec(`sim trace request http://kube-dns.kube-system:53/ --from ${pod}`).stderr).not.toMatch(/default\//);
  });
});

describe('property: a persistent flag means the same before and after the verb', () => {
  const commands = ['get pods', 'get pods -o name', 'get deploy -o wide', 'get svc kube-dns', 'describe deploy coredns', 'get cm', 'auth can-i list pods', 'get nodes -o name', 'get pods nope', 'get ns kube-system -o jsonpath={.metadata.name}'];
  const flags = ['-n kube-system', '--namespace=default', '-nkube-public', '--context=kubernetes-admin@kubernetes', '--context=nope', '--user=nope', '--as=jane', '--as jane --as-group=devs',
    '-v=3', '--request-timeout=1m', '--server=https://10.1.2.3', '--cluster=kubernetes', '--insecure-skip-tls-verify', '--warnings-as-errors=false', '--kubeconfig=/elsewhere'];
  it('kubectl VERB ARGS FLAG equals kubectl FLAG VERB ARGS', () => {
    fc.assert(fc.property(fc.constantFrom(...commands), fc.subarray(flags, { maxLength: 3 }), (command, chosen) => {
      const [verb, ...args] = command.split(' ');
      const after = run(['kubectl', verb, ...args, ...chosen].join(' '));
      const before = run(['kubectl', ...chosen, verb, ...args].join(' '));
      expect(before).toEqual(after);
    }), { numRuns: 60 });
  });
});
