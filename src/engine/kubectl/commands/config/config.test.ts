// Table tests of `kubectl config` subcommands: exact stdout, stderr and exit code as kubectl v1.32 prints them,
// each case on a new cluster (kubeadm's admin.conf) after its setup commands.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';

interface Case {
  name: string;
  setup?: string[];
  run: string;
  code?: number;
  stdout?: string;
  stderr?: string;
}

const DEFAULT_VIEW = `apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kubernetes
contexts:
- context:
    cluster: kubernetes
    user: kubernetes-admin
  name: kubernetes-admin@kubernetes
current-context: kubernetes-admin@kubernetes
kind: Config
preferences: {}
users:
- name: kubernetes-admin
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED
`;

const HEADER = 'CURRENT   NAME                          CLUSTER      AUTHINFO           NAMESPACE\n';
const ADMIN_ROW = '*         kubernetes-admin@kubernetes   kubernetes   kubernetes-admin   ';
const PATH = '/root/.kube/config';

const cases: Case[] = [
  // view
  { name: 'view prints kubeadm\'s admin.conf with the data omitted', run: 'kubectl config view', stdout: DEFAULT_VIEW },
  { name: 'view --raw prints the stored placeholders', run: 'kubectl config view --raw', stdout: DEFAULT_VIEW },
  {
    name: 'view -o json keeps the Go structs\' field order',
    run: 'kubectl config view -o json',
    stdout: '{\n    "kind": "Config",\n    "apiVersion": "v1",\n    "preferences": {},\n    "clusters": [\n        {\n            "name": "kubernetes",\n            "cluster": {\n                "server": "https://127.0.0.1:6443",\n                "certificate-authority-data": "DATA+OMITTED"\n            }\n        }\n    ],\n    "users": [\n        {\n            "name": "kubernetes-admin",\n            "user": {\n                "client-certificate-data": "DATA+OMITTED",\n                "client-key-data": "DATA+OMITTED"\n            }\n        }\n    ],\n    "contexts": [\n        {\n            "name": "kubernetes-admin@kubernetes",\n            "context": {\n                "cluster": "kubernetes",\n                "user": "kubernetes-admin"\n            }\n        }\n    ],\n    "current-context": "kubernetes-admin@kubernetes"\n}\n',
  },
  { name: 'view -o jsonpath reads the current namespace', setup: ['kubectl config set-context --current --namespace=dev'], run: "kubectl config view --minify -o jsonpath='{..namespace}'", stdout: 'dev' },
  {
    name: 'view --minify keeps the current context, its cluster and user',
    setup: ['kubectl config set-context other --cluster=c2 --user=u2', 'kubectl config set-cluster c2 --server=https://10.0.0.2:6443', 'kubectl config set-credentials u2 --username=ann', 'kubectl config use-context other'],
    run: 'kubectl config view --minify',
    stdout: 'apiVersion: v1\nclusters:\n- cluster:\n    server: https://10.0.0.2:6443\n  name: c2\ncontexts:\n- context:\n    cluster: c2\n    user: u2\n  name: other\ncurrent-context: other\nkind: Config\npreferences: {}\nusers:\n- name: u2\n  user:\n    username: ann\n',
  },
  { name: 'view --minify --context picks the context', setup: ['kubectl config set-context other'], run: 'kubectl config view --minify --context=other -o jsonpath={.current-context}', stdout: 'other' },
  { name: 'view --minify without a current context', setup: ['kubectl config unset current-context'], run: 'kubectl config view --minify', code: 1, stderr: 'error: current-context must exist in order to minify\n' },
  { name: 'view --minify with a missing cluster', setup: ['kubectl config delete-cluster kubernetes'], run: 'kubectl config view --minify', code: 1, stderr: 'error: cannot locate cluster kubernetes\n' },
  {
    name: 'an empty kubeconfig prints null lists',
    setup: ['kubectl config unset clusters', 'kubectl config unset users', 'kubectl config unset contexts', 'kubectl config unset current-context'],
    run: 'kubectl config view',
    stdout: 'apiVersion: v1\nclusters: null\ncontexts: null\ncurrent-context: ""\nkind: Config\npreferences: {}\nusers: null\n',
  },
  { name: 'view takes no arguments', run: 'kubectl config view x', code: 1, stderr: "error: unexpected arguments: [x]\nSee 'kubectl config view -h' for help and examples\n" },
  { name: 'view --merge=false needs a file', run: 'kubectl config view --merge=false', code: 1, stderr: 'error: if merge==false a precise file must to specified\n' },
  { name: 'view refuses an unknown output', run: 'kubectl config view -o wide', code: 1, stderr: 'error: unable to match a printer suitable for the output format "wide", allowed formats are: json,yaml,name,go-template,go-template-file,template,templatefile,jsonpath,jsonpath-as-json,jsonpath-file\n' },
  // current-context
  { name: 'current-context', run: 'kubectl config current-context', stdout: 'kubernetes-admin@kubernetes\n' },
  { name: 'current-context when unset', setup: ['kubectl config unset current-context'], run: 'kubectl config current-context', code: 1, stderr: 'error: current-context is not set\n' },
  // get-contexts
  { name: 'get-contexts marks the current context', run: 'kubectl config get-contexts', stdout: `${HEADER}${ADMIN_ROW}\n` },
  {
    name: 'get-contexts shows each context\'s namespace, sorted by name',
    setup: ['kubectl config set-context --current --namespace=kube-system', 'kubectl config set-context a-dev --cluster=kubernetes --user=dev --namespace=dev'],
    run: 'kubectl config get-contexts',
    stdout: 'CURRENT   NAME                          CLUSTER      AUTHINFO           NAMESPACE\n          a-dev                         kubernetes   dev                dev\n*         kubernetes-admin@kubernetes   kubernetes   kubernetes-admin   kube-system\n',
  },
  { name: 'get-contexts NAME', setup: ['kubectl config set-context b'], run: 'kubectl config get-contexts b', stdout: `CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE\n          b${' '.repeat(27)}\n` },
  { name: 'get-contexts -o name', setup: ['kubectl config set-context b'], run: 'kubectl config get-contexts -o name', stdout: 'b\nkubernetes-admin@kubernetes\n' },
  // Without the header the CURRENT column is as narrow as the tabwriter's minimum width.
  { name: 'get-contexts --no-headers', run: 'kubectl config get-contexts --no-headers', stdout: '*     kubernetes-admin@kubernetes   kubernetes   kubernetes-admin   \n' },
  { name: 'get-contexts of a missing context', run: 'kubectl config get-contexts nope', code: 1, stdout: 'CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE\n', stderr: 'error: context nope not found\n' },
  { name: 'get-contexts of two missing contexts: one line each', run: 'kubectl config get-contexts a b', code: 1, stdout: 'CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE\n', stderr: 'context a not found\ncontext b not found\n' },
  { name: 'get-contexts -o yaml falls back to the table', run: 'kubectl config get-contexts -o yaml', stdout: `--output yaml is not available in kubectl config get-contexts; resetting to default output format\n${HEADER}${ADMIN_ROW}\n` },
  { name: 'get-contexts refuses an unknown output', run: 'kubectl config get-contexts -o foo', code: 1, stderr: "error: output must be one of '' or 'name': foo\n" },
  // get-clusters, get-users
  { name: 'get-clusters', setup: ['kubectl config set-cluster a --server=https://a'], run: 'kubectl config get-clusters', stdout: 'NAME\na\nkubernetes\n' },
  { name: 'get-users', run: 'kubectl config get-users', stdout: 'NAME\nkubernetes-admin\n' },
  // use-context
  { name: 'use-context', setup: ['kubectl config set-context dev'], run: 'kubectl config use-context dev', stdout: 'Switched to context "dev".\n' },
  { name: 'use is use-context', setup: ['kubectl config set-context dev'], run: 'kubectl config use dev', stdout: 'Switched to context "dev".\n' },
  { name: 'use-context of a missing context', run: 'kubectl config use-context X', code: 1, stderr: 'error: no context exists with the name: "X"\n' },
  { name: 'use-context with no name', run: 'kubectl config use-context', code: 1, stderr: 'error: Unexpected args: []\n' },
  { name: 'use-context of an empty name', run: "kubectl config use-context ''", code: 1, stderr: 'error: empty context names are not allowed\n' },
  // set-context
  { name: 'set-context --current --namespace', run: 'kubectl config set-context --current --namespace=dev', stdout: 'Context "kubernetes-admin@kubernetes" modified.\n' },
  { name: 'set-context NAME creates', run: 'kubectl config set-context dev --namespace=dev', stdout: 'Context "dev" created.\n' },
  { name: 'set-context needs a name or --current', run: 'kubectl config set-context --namespace=dev', code: 1, stderr: 'error: you must specify a non-empty context name or --current\n' },
  { name: 'set-context refuses a name with --current', run: 'kubectl config set-context dev --current', code: 1, stderr: 'error: you cannot specify both a context name and --current\n' },
  { name: 'set-context --current without a current context', setup: ['kubectl config unset current-context'], run: 'kubectl config set-context --current --namespace=dev', code: 1, stderr: 'error: no current context is set\n' },
  { name: 'set-context has no -n', run: 'kubectl config set-context --current -n dev', code: 1, stderr: "error: unknown shorthand flag: 'n' in -n\nSee 'kubectl config set-context --help' for usage.\n" },
  { name: 'set-context takes one name', run: 'kubectl config set-context a b', code: 1, stderr: 'error: Unexpected args: [a b]\n' },
  { name: 'set-context --namespace= clears the namespace', setup: ['kubectl config set-context --current --namespace=dev', 'kubectl config set-context --current --namespace='], run: 'kubectl config get-contexts', stdout: `${HEADER}${ADMIN_ROW}\n` },
  // rename-context
  { name: 'rename-context follows the current context', run: 'kubectl config rename-context kubernetes-admin@kubernetes admin', stdout: 'Context "kubernetes-admin@kubernetes" renamed to "admin".\n' },
  { name: 'rename-context of a missing context', run: 'kubectl config rename-context a b', code: 1, stderr: `error: cannot rename the context "a", it's not in ${PATH}\n` },
  { name: 'rename-context onto an existing one', setup: ['kubectl config set-context b'], run: 'kubectl config rename-context b kubernetes-admin@kubernetes', code: 1, stderr: `error: cannot rename the context "b", the context "kubernetes-admin@kubernetes" already exists in ${PATH}\n` },
  { name: 'rename-context to an empty name', run: "kubectl config rename-context b ''", code: 1, stderr: 'error: You must specify a new non-empty context name\n' },
  // delete-context, delete-cluster, delete-user
  { name: 'delete-context', setup: ['kubectl config set-context b'], run: 'kubectl config delete-context b', stdout: `deleted context b from ${PATH}\n` },
  {
    name: 'delete-context of the current one warns',
    run: 'kubectl config delete-context kubernetes-admin@kubernetes',
    stdout: `deleted context kubernetes-admin@kubernetes from ${PATH}\n`,
    stderr: 'warning: this removed your active context, use "kubectl config use-context" to select a different one\n',
  },
  { name: 'delete-context of a missing context', run: 'kubectl config delete-context nope', code: 1, stderr: `error: cannot delete context nope, not in ${PATH}\n` },
  { name: 'delete-cluster', run: 'kubectl config delete-cluster kubernetes', stdout: `deleted cluster kubernetes from ${PATH}\n` },
  { name: 'delete-cluster of a missing cluster', run: 'kubectl config delete-cluster nope', code: 1, stderr: `error: cannot delete cluster nope, not in ${PATH}\n` },
  { name: 'delete-user', run: 'kubectl config delete-user kubernetes-admin', stdout: `deleted user kubernetes-admin from ${PATH}\n` },
  { name: 'delete-user of a missing user', run: 'kubectl config delete-user nope', code: 1, stderr: `error: cannot delete user nope, not in ${PATH}\n` },
  { name: 'delete-user needs a name', run: 'kubectl config delete-user', code: 1, stderr: "error: user to delete is required\nSee 'kubectl config delete-user -h' for help and examples\n" },
  // set-cluster, set-credentials
  { name: 'set-cluster', run: 'kubectl config set-cluster e2e --server=https://1.2.3.4', stdout: 'Cluster "e2e" set.\n' },
  {
    name: 'set-cluster --certificate-authority is made absolute from the home directory',
    setup: ['kubectl config set-cluster e2e --server=https://1.2.3.4 --certificate-authority=ca.crt'],
    run: 'kubectl config view -o jsonpath={.clusters[0].cluster}',
    stdout: '{"certificate-authority":"/root/ca.crt","server":"https://1.2.3.4"}',
  },
  { name: 'set-cluster refuses a CA with insecure mode', run: 'kubectl config set-cluster e2e --insecure-skip-tls-verify --certificate-authority=/ca', code: 1, stderr: 'error: you cannot specify a certificate authority and insecure mode at the same time\n' },
  { name: 'set-cluster --embed-certs needs a CA', run: 'kubectl config set-cluster e2e --embed-certs', code: 1, stderr: 'error: you must specify a --certificate-authority to embed\n' },
  { name: 'set-cluster with a bad boolean', run: 'kubectl config set-cluster e2e --insecure-skip-tls-verify=maybe', code: 1, stderr: 'error: invalid argument "maybe" for "--insecure-skip-tls-verify" flag: strconv.ParseBool: parsing "maybe": invalid syntax\n' },
  { name: 'set-credentials', run: 'kubectl config set-credentials dev --username=dev --password=s3cret', stdout: 'User "dev" set.\n' },
  {
    name: 'set-credentials keeps a placeholder for the token, and a token clears basic auth',
    setup: ['kubectl config set-credentials dev --username=dev --password=s3cret', 'kubectl config set-credentials dev --token=abc.def'],
    run: 'kubectl config view -o jsonpath={.users[0]}',
    stdout: '{"name":"dev","user":{"token":"REDACTED"}}',
  },
  { name: 'set-credentials refuses two methods', run: 'kubectl config set-credentials dev --token=t --username=u', code: 1, stderr: 'error: you cannot specify more than one authentication method at the same time: --token, --username/--password\n' },
  { name: 'set-credentials needs one name', run: 'kubectl config set-credentials', code: 1, stderr: 'error: Unexpected args: []\n' },
  // set, unset
  { name: 'set contexts.NAME.namespace', run: 'kubectl config set contexts.kubernetes-admin@kubernetes.namespace dev', stdout: 'Property "contexts.kubernetes-admin@kubernetes.namespace" set.\n' },
  {
    name: 'set reads a dotted map key up to a field name',
    setup: ['kubectl config set clusters.10.0.0.1.server https://10.0.0.1:6443'],
    run: 'kubectl config get-clusters',
    stdout: 'NAME\n10.0.0.1\nkubernetes\n',
  },
  { name: 'set current-context', run: 'kubectl config set current-context other', stdout: 'Property "current-context" set.\n' },
  { name: 'set cannot unset', run: "kubectl config set current-context ''", code: 1, stderr: 'error: you cannot use set to unset a property\n' },
  { name: 'set refuses an unknown field', run: 'kubectl config set preferences.colors true', code: 1, stderr: 'error: unable to parse preferences.colors after [] at api.Config\n' },
  { name: 'set refuses a map as the value', run: 'kubectl config set contexts.x.y z', code: 1, stderr: "error: can't set a map to a value: map[kubernetes-admin@kubernetes:&{…}]\n" },
  { name: 'set checks a boolean', run: 'kubectl config set clusters.kubernetes.insecure-skip-tls-verify maybe', code: 1, stderr: 'error: strconv.ParseBool: parsing "maybe": invalid syntax\n' },
  { name: 'set checks base64 data', run: 'kubectl config set clusters.kubernetes.certificate-authority-data abc', code: 1, stderr: 'error: error decoding input value: illegal base64 data at input byte 0\n' },
  { name: 'unset', run: 'kubectl config unset contexts.kubernetes-admin@kubernetes.namespace', stdout: 'Property "contexts.kubernetes-admin@kubernetes.namespace" unset.\n' },
  { name: 'unset of a field of a missing entry', run: 'kubectl config unset contexts.nope.namespace', code: 1, stderr: 'error: current map key `nope` is invalid\n' },
  { name: 'unset needs a property', run: 'kubectl config unset', code: 1, stderr: 'error: Unexpected args: []\n' },
  // the command itself
  { name: 'an unknown subcommand', run: 'kubectl config nope', code: 1, stderr: 'error: unknown command "nope" for "kubectl config"\n' },
];

describe('kubectl config', () => {
  it.each(cases)('$name', (tc) => {
    const c = createCluster({ seed: 1 });
    for (const line of tc.setup ?? []) {
      const r = c.exec(line);
      if (r.code !== 0) throw new Error(`${line}: ${r.stderr}`);
    }
    expect(c.exec(tc.run)).toEqual({ code: tc.code ?? 0, stdout: tc.stdout ?? '', stderr: tc.stderr ?? '' });
  });

  it('changes nothing when a subcommand fails', () => {
    const c = createCluster({ seed: 1 });
    const before = c.exec('kubectl config view').stdout;
    for (const line of ['kubectl config set-credentials u --token=t --username=u', 'kubectl config set clusters.kubernetes.certificate-authority-data !!', 'kubectl config rename-context a b', 'kubectl config set-cluster x --embed-certs']) {
      expect(c.exec(line).code).toBe(1);
    }
    expect(c.exec('kubectl config view').stdout).toBe(before);
  });
});
