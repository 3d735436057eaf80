// The kubeconfig's invariants under any sequence of context commands, its YAML and JSON round trips, and the
// snapshot that keeps it across a reload or a share link.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { createCluster, type ClusterSnapshot } from '../index.ts';
import { configCommand } from './commands/config/index.ts';
import type { KubectlContext } from './context.ts';
import { contextNamespace, defaultKubeconfig, fromFile, toFile, type Kubeconfig } from './kubeconfig.ts';
import { clientConfigError, selection } from './clientconfig.ts';

const NO_FLAGS = { positional: [], flags: new Map<string, string[]>() };

/** `kubectl config …` alone needs no API server: a context without a store is enough. */
function runConfig(kc: Kubeconfig, argv: string[]): { code: number; out: string; err: string } {
  const ctx = { stdin: undefined, files: new Map(), out: [], err: [], kubeconfig: kc } as unknown as KubectlContext;
  let code: number;
  try {
    code = configCommand(ctx, argv);
  } catch (e) {
    ctx.err.push(String(e));
    code = 1;
  }
  return { code, out: ctx.out.join('\n'), err: ctx.err.join('\n') };
}

const NAMES = ['kubernetes-admin@kubernetes', 'dev', 'prod', 'a.b', ''];
const name = fc.constantFrom(...NAMES);
const namespace = fc.constantFrom('default', 'dev', 'kube-system', '');
const op: fc.Arbitrary<string[]> = fc.oneof(
  fc.tuple(name, namespace).map(([n, ns]) => ['set-context', n, `--namespace=${ns}`]),
  namespace.map((ns) => ['set-context', '--current', `--namespace=${ns}`]),
  name.map((n) => ['set-context', n, '--cluster=kubernetes', '--user=kubernetes-admin']),
  name.map((n) => ['use-context', n]),
  name.map((n) => ['delete-context', n]),
  fc.tuple(name, name).map(([a, b]) => ['rename-context', a, b]),
  name.map((n) => ['set', 'current-context', n]),
  fc.tuple(name, fc.constantFrom('--server=https://10.0.0.1:6443', '--certificate-authority=ca.crt', '--insecure-skip-tls-verify', '--insecure-skip-tls-verify=false')).map(([n, f]) => ['set-cluster', n, f]),
  fc.tuple(name, fc.constantFrom('--token=t', '--username=u', '--password=p', '--client-key=k.pem')).map(([n, f]) => ['set-credentials', n, f]),
  fc.tuple(fc.constantFrom('delete-cluster', 'delete-user'), name).map(([cmd, n]) => [cmd, n]),
);

describe('kubeconfig', () => {
  it('keeps current-context on an existing context, unless delete-context warned it removed it or it was set by hand; failures change nothing', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 12 }), (ops) => {
      const kc = defaultKubeconfig();
      // The one missing name current-context may hold, and only until it changes: as upstream, delete-context
      // leaves it (after a warning) and `config set current-context` takes any name.
      let mayBeMissing: string | undefined;
      for (const argv of ops) {
        const before = structuredClone(kc);
        const r = runConfig(kc, argv);
        if (r.code !== 0) expect(kc).toEqual(before);
        const cur = kc.currentContext;
        if (r.err.includes('this removed your active context') || (argv[0] === 'set' && r.code === 0)) mayBeMissing = cur;
        else if (cur !== before.currentContext) mayBeMissing = undefined;
        expect(cur === '' || kc.contexts.has(cur) || cur === mayBeMissing).toBe(true);
        // A current context that is missing stops every API command with kubectl's configuration error.
        expect(clientConfigError(kc, NO_FLAGS) !== undefined).toBe(cur !== '' && !kc.contexts.has(cur));
        if (kc.contexts.has(cur)) {
          expect(contextNamespace(kc)).toBe(kc.contexts.get(cur)!.namespace || 'default');
          expect(selection(kc, NO_FLAGS).user).toBe(kc.contexts.get(cur)!.user);
        }
      }
      // `config view` prints the kubeconfig: reading its YAML (and its JSON) back gives the same file.
      const yaml = runConfig(kc, ['view']);
      expect(yaml.code).toBe(0);
      expect(toFile(fromFile(YAML.parse(yaml.out)))).toEqual(toFile(kc));
      expect(toFile(fromFile(JSON.parse(runConfig(kc, ['view', '-o', 'json']).out)))).toEqual(toFile(kc));
    }), { numRuns: 200 });
  });

  it('reads a file back as it was written, whatever names and namespaces it holds', () => {
    const text = fc.string({ minLength: 1, maxLength: 12 });
    fc.assert(fc.property(fc.uniqueArray(text, { maxLength: 5 }), fc.array(fc.string({ maxLength: 8 }), { minLength: 5, maxLength: 5 }), (names, spaces) => {
      const kc = defaultKubeconfig();
      names.forEach((n, i) => kc.contexts.set(n, { cluster: 'kubernetes', user: 'kubernetes-admin', ...(spaces[i] ? { namespace: spaces[i] } : {}) }));
      kc.currentContext = names[0] ?? '';
      expect(fromFile(YAML.parse(runConfig(kc, ['view']).out))).toEqual(kc);
      expect(fromFile(JSON.parse(JSON.stringify(toFile(kc))))).toEqual(kc);
    }));
  });
});

describe('the kubeconfig in a snapshot', () => {
  it('survives a snapshot and its JSON (a reload, a share link)', () => {
    const c = createCluster({ seed: 1 });
    for (const line of ['kubectl config set-context --current --namespace=kube-system', 'kubectl config set-context dev --cluster=kubernetes --user=dev --namespace=dev', 'kubectl config set-credentials dev --token=abc']) {
      expect(c.exec(line).code).toBe(0);
    }
    const snapshot = JSON.parse(JSON.stringify(c.snapshot())) as ClusterSnapshot;
    const restored = createCluster({ snapshot });
    for (const line of ['kubectl config view', 'kubectl config get-contexts', 'kubectl config current-context']) expect(restored.exec(line)).toEqual(c.exec(line));
    expect(restored.exec('kubectl get deployments').stdout).toContain('coredns');
  });

  it('gives an older snapshot kubeadm\'s admin.conf', () => {
    const snapshot = createCluster({ seed: 1 }).snapshot();
    delete snapshot.config!.kubeconfig;
    const restored = createCluster({ snapshot });
    expect(restored.exec('kubectl config view').stdout).toBe(createCluster({ seed: 2 }).exec('kubectl config view').stdout);
  });

  it('refuses a malformed kubeconfig, naming the field, and keeps no credential it carries', () => {
    const base = createCluster({ seed: 1 }).snapshot();
    const withKubeconfig = (kubeconfig: unknown) => ({ ...base, config: { ...base.config!, kubeconfig } }) as ClusterSnapshot;
    expect(() => createCluster({ snapshot: withKubeconfig({ contexts: [{ name: 'a', context: { namespace: 3 } }] }) })).toThrow('kubeconfig contexts[0].context.namespace: expected a string');
    expect(() => createCluster({ snapshot: withKubeconfig({ contexts: [{ name: 'a' }, { name: 'a' }] }) })).toThrow('kubeconfig contexts[1]: duplicate name "a"');
    expect(() => createCluster({ snapshot: withKubeconfig({ clusters: {} }) })).toThrow('kubeconfig clusters: expected a list');
    const c = createCluster({ snapshot: withKubeconfig({ users: [{ name: 'u', user: { token: 'real-token', 'client-key-data': 'a2V5' } }] }) });
    expect(c.exec('kubectl config view --raw -o jsonpath={.users}').stdout).toBe('[{"name":"u","user":{"client-key-data":"DATA+OMITTED","token":"REDACTED"}}]');
  });

  it('is no API object: changing it writes nothing to the store', () => {
    const c = createCluster({ seed: 1 });
    const rv = c.snapshot().resourceVersion;
    let changes = 0;
    c.onChange(() => changes++);
    c.exec('kubectl config set-context --current --namespace=dev');
    c.exec('kubectl config set-context other');
    c.exec('kubectl config use-context other');
    expect(changes).toBe(0);
    expect(c.snapshot().resourceVersion).toBe(rv);
  });

  it('works while the API server is down, as kubectl config never calls it', () => {
    const c = createCluster({ seed: 1 });
    c.exec('sim controlplane stop apiserver');
    expect(c.exec('kubectl config current-context')).toEqual({ code: 0, stdout: 'kubernetes-admin@kubernetes\n', stderr: '' });
    expect(c.exec('kubectl get pods').code).toBe(1);
  });
});
