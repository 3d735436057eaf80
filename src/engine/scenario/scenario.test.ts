// The scenario format's pieces: validation messages with field paths, migrations, per-student variants, the
// timeline across snapshots, and the reasons checks give.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import YAML from 'yaml';
import { createCluster } from '../index.ts';
import { mustExec, clusterWithNodes, deploymentYaml } from '../testing/fixtures.ts';
import { evaluateCheck } from './checks.ts';
import { ScenarioError } from './errors.ts';
import type { Check, Scenario } from './format.ts';
import { galleryScenario } from './gallery.ts';
import { loadScenario, parseScenario } from './load.ts';
import { migrateScenario, type Migration } from './migrate.ts';
import { chooseVariant } from './variants.ts';

const minimal = (spec: Record<string, unknown> = {}) => ({
  apiVersion: 'kubesim.io/v1alpha1', kind: 'Scenario', metadata: { name: 'demo' },
  spec: { title: { en: 'T', zh: '题' }, description: { en: 'D', zh: '述' }, seed: 1, cluster: { nodes: [{ name: 'w', count: 2 }] }, ...spec },
});
const errorsOf = (doc: unknown): string[] => {
  try { parseScenario(YAML.stringify(doc)); } catch (e) { if (e instanceof ScenarioError) return e.errors; throw e; }
  return [];
};
const step = (checks: unknown[]) => ({ exercise: { steps: [{ id: 's', goal: { en: 'g', zh: '目标' }, hints: [], checks, solution: [{ run: 'sim advance 1s' }] }] } });

describe('validateScenario', () => {
  it('accepts a minimal scenario', () => expect(errorsOf(minimal())).toEqual([]));

  it.each([
    [{ ...minimal(), apiVersion: 'v1' }, 'apiVersion: Unsupported value: "v1": supported values: "kubesim.io/v1alpha1"'],
    [{ ...minimal(), kind: 'Deployment' }, 'kind: Unsupported value: "Deployment": supported values: "Scenario"'],
    [{ ...minimal(), metadata: { name: 'Bad_Name' } }, 'metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')'],
    [minimal({ title: { en: 'T' } }), 'spec.title.zh: Required value'],
    [minimal({ seed: undefined }), 'spec.seed: Required value'],
    [minimal({ cluster: { nodes: [{ name: 'w', cpu: 'lots' }] } }), 'spec.cluster.nodes[0].cpu: Invalid value: "lots": quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\''],
    [minimal({ cluster: { nodes: [{ name: 'w', taints: ['gpu'] }] } }), 'spec.cluster.nodes[0].taints[0]: Invalid value: "gpu": must be key[=value]:Effect with Effect NoSchedule, PreferNoSchedule or NoExecute'],
    [minimal({ cluster: { nodes: [], nodeGroups: [{ name: 'pool', min: 1 }] } }), 'spec.cluster.nodeGroups[0].max: Required value'],
    [minimal({ cluster: { nodes: [], nodeGroups: [{ name: 'pool', max: 2, memory: 'much' }] } }), 'spec.cluster.nodeGroups[0].memory: Invalid value: "much": quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\''],
    [minimal({ cluster: { nodes: [{ name: 'pool' }], nodeGroups: [{ name: 'pool', max: 2 }] } }), 'spec.cluster.nodeGroups[0].name: Duplicate value: "pool"'],
    [minimal({ cluster: { nodes: [], nodeGroups: [{ name: 'pool', max: 2, provisionTime: 'soon' }] } }), 'spec.cluster.nodeGroups[0].provisionTime: Invalid value: "soon": must be a duration such as 30s or 2m'],
    [minimal({ cluster: { nodes: [{ name: 'w', cpus: 4 }] } }), 'spec.cluster.nodes[0].cpus: Unsupported field: known fields are name, count, cpu, memory, pods, gpus, gpuModel, gpuDriver, labels, taints'],
    [minimal({ timeline: [{ at: 'soon', run: 'sim node stop w1' }] }), 'spec.timeline[0].at: Invalid value: "soon": must be a duration such as 30s, 5m or 1h30m'],
    [minimal({ timeline: [{ at: '10s', run: 'rm -rf /' }] }), 'spec.timeline[0].run: Invalid value: "rm -rf /": commands start with "kubectl", "helm", "argocd" or "sim", or are the workstation\'s shell commands (curl, wget, jobs, kill, echo, grep, wc, base64 …)'],
    [minimal({ timeline: [{ at: '10s', run: 'sim advance 1m' }] }), 'spec.timeline[0].run: Invalid value: "sim advance 1m": a timeline entry cannot advance time: give the next entry a later "at"'],
    [minimal({ manifests: [{ kind: 'Pod', metadata: { name: 'p' } }] }), 'spec.manifests[0].apiVersion: Required value'],
    [minimal({ documents: [{ name: 'a/x.yaml', text: '' }, { name: 'a/x.yaml', text: 'b' }] }), 'spec.documents[1].name: Invalid value: "a/x.yaml": a document of this name is already listed'],
    [minimal({ documents: [{ name: 'a/x.yaml', body: '' }] }), 'spec.documents[0].body: Unsupported field: known fields are name, text'],
    [minimal({ cluster: { nodes: [{ name: 'w' }], cni: 'weave' } }), 'spec.cluster.cni: Unsupported value: "weave": supported values: "flannel", "calico", "none"'],
    [minimal({ cluster: { nodes: [{ name: 'w' }], clusterCIDR: '10.300.0.0/16' } }), 'spec.cluster.clusterCIDR: Invalid value: "10.300.0.0/16": must be a valid IPv4 CIDR value, (e.g. 10.244.0.0/16)'],
    [minimal({ cluster: { nodes: [{ name: 'w' }], nodeCIDRMaskSize: 24.5 } }), 'spec.cluster.nodeCIDRMaskSize: Invalid value: 24.5: must be an integer'],
    [minimal({ cluster: { nodes: [{ name: 'w' }], nodeCIDRMaskSize: 31 } }), 'spec.cluster.nodeCIDRMaskSize: Invalid value: 31: must be between 1 and 30, inclusive'],
    [minimal({ cluster: { nodes: [{ name: 'w' }], clusterCIDR: '10.0.0.0/16', nodeCIDRMaskSize: 8 } }), 'spec.cluster.nodeCIDRMaskSize: Invalid value: 8: mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family (/16 > 8)'],
    [minimal({ cluster: { nodes: [{ name: 'w' }], clusterCIDR: '10.0.0.0/26' } }), 'spec.cluster.clusterCIDR: Invalid value: "10.0.0.0/26": mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family (/26 > 24)'],
    [minimal({ traffic: [{ name: 'shop', url: 'web:80' }] }), 'spec.traffic[0].url: Invalid value: "web:80": must be an http:// or https:// URL'],
    [minimal(step([{ traffic: { name: 'shop', maxErrorPercent: 150 } }])), 'spec.exercise.steps[0].checks[0].traffic.maxErrorPercent: Invalid value: 150: must be a percentage between 0 and 100'],
    [minimal({ title: { en: '{{who}}', zh: '题' } }), 'spec.title.en: Invalid value: "{{who}}": no variable "who" in spec.variables'],
    [minimal(step([{ podsReady: { owner: 'web' } }])), 'spec.exercise.steps[0].checks[0].podsReady.owner: Invalid value: "web": must be KIND/NAME, e.g. deployment/web'],
    [minimal(step([{ jsonpath: { get: 'pods', path: '{.items[*' , equals: '1' } }])), 'spec.exercise.steps[0].checks[0].jsonpath.path: Invalid value: "{.items[*": unterminated array'],
    [minimal(step([{ jsonpath: { get: 'pods', path: '{.kind}' } }])), 'spec.exercise.steps[0].checks[0].jsonpath: Required value: one of equals, notEquals, contains, atLeast or atMost'],
    [minimal(step([{ podsReady: { owner: 'deployment/web' }, event: { reason: 'X' } }])), 'spec.exercise.steps[0].checks[0]: Invalid value: a check has exactly one of jsonpath, podsReady, podsOnNodes, event, noEvent, traffic, canI, not (and an optional description)'],
    [minimal(step([{ canI: { user: 'jane', verb: 'list', resource: 'pods', allowed: 'no' } }])), 'spec.exercise.steps[0].checks[0].canI.allowed: Invalid value: "no": must be a boolean'],
    [minimal(step([{ not: { noEvent: { reason: 'FailedScheduling', within: 'a while' } } }])), 'spec.exercise.steps[0].checks[0].not.noEvent.within: Invalid value: "a while": must be a duration such as 30s, 5m or 1h30m'],
  ])('%#: refuses with a field path', (doc, message) => {
    expect(errorsOf(doc)).toContain(message);
  });

  it('node IPAM carves podCIDRs from the scenario\'s clusterCIDR; a node past the range stays NotReady', () => {
    const s = parseScenario(YAML.stringify(minimal({ cluster: { nodes: [{ name: 'w', count: 3 }], clusterCIDR: '10.8.0.0/23', nodeCIDRMaskSize: 24 } })));
    const { cluster, problems } = loadScenario(s);
    expect(problems).toEqual([]);
    cluster.advance(30);
    const cidrs = (cluster.list('Node') as unknown as { spec: { podCIDR?: string } }[]).map((n) => n.spec.podCIDR);
    expect(cidrs).toEqual(['10.8.0.0/24', '10.8.1.0/24', undefined]);
    expect((cluster.list('Event') as unknown as { reason: string }[]).filter((e) => e.reason === 'CIDRNotAvailable')).toHaveLength(1);
    expect(cluster.cni.podCIDRs()).toEqual({ clusterCIDR: '10.8.0.0/23', nodeCIDRMaskSize: 24, capacity: 2, allocated: 2 });
    expect(cluster.exec('sim cni status').stdout).toMatch(/cluster CIDR: 10\.8\.0\.0\/23 \(--node-cidr-mask-size=24\): 2 of 2 node ranges allocated\n[^]*w3\s+false\s+<none>/);
  });

  it('sets feature gates and DRA GPU nodes from spec.cluster', () => {
    const s = parseScenario(YAML.stringify(minimal({ cluster: { nodes: [{ name: 'g', gpus: 2, gpuDriver: 'dra' }], featureGates: { DynamicResourceAllocation: true } } })));
    const { cluster, problems } = loadScenario(s);
    expect(problems).toEqual([]);
    cluster.advance(5);
    expect(cluster.exec('kubectl get resourceslices').stdout).toMatch(/g-gpu\.nvidia\.com-\w{5}\s+g\s+gpu\.nvidia\.com\s+g\s/);
    expect(errorsOf(minimal({ cluster: { nodes: [], featureGates: { Nope: true, DynamicResourceAllocation: 'yes' } } }))).toEqual([
      'spec.cluster.featureGates[Nope]: Invalid value: "Nope": unrecognized feature gate',
      'spec.cluster.featureGates[DynamicResourceAllocation]: Invalid value: "yes": must be true or false',
    ]);
  });

  it('checks placeholders in every value a variable can take', () => {
    expect(errorsOf(minimal({ variables: { cpu: ['4', 'many'] }, cluster: { nodes: [{ name: 'w', cpu: '{{cpu}}' }] } })))
      .toEqual(['spec.cluster.nodes[0].cpu: Invalid value: "many": quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'']);
  });

  it('reports every problem at once, in the Kubernetes aggregate style', () => {
    expect(() => parseScenario(YAML.stringify({ ...minimal(), kind: 'X', spec: { ...minimal().spec, seed: -1 } }))).toThrow(
      'The Scenario "demo" is invalid: \n* kind: Unsupported value: "X": supported values: "Scenario"\n* spec.seed: Invalid value: -1: must be between 0 and 4294967295, inclusive');
    expect(() => parseScenario('a: [')).toThrow(/^The Scenario "" is invalid: the file is not valid YAML: /);
  });
});

describe('migrateScenario', () => {
  const chain: Migration[] = [
    { from: 'kubesim.io/v0', to: 'kubesim.io/v0.5', up: (d) => ({ ...d, spec: { ...(d.spec as object), seed: 7 } }) },
    { from: 'kubesim.io/v0.5', to: 'kubesim.io/v1alpha1', up: (d) => ({ ...d, kind: 'Scenario' }) },
  ];
  it('upgrades step by step to the current version', () => {
    const doc = { ...minimal(), apiVersion: 'kubesim.io/v0', kind: 'Old' };
    const out = migrateScenario(doc, chain) as Scenario;
    expect(out.apiVersion).toBe('kubesim.io/v1alpha1');
    expect(out.kind).toBe('Scenario');
    expect(out.spec.seed).toBe(7);
    expect(doc.kind).toBe('Old'); // the input is left alone
  });
  it('refuses a version it does not know, naming the ones it reads', () => {
    expect(() => migrateScenario({ apiVersion: 'kubesim.io/v2' }, chain)).toThrow('apiVersion: Unsupported value: "kubesim.io/v2": this kubesim reads "kubesim.io/v1alpha1", "kubesim.io/v0", "kubesim.io/v0.5"; a newer kubesim wrote this scenario');
  });
});

describe('variants', () => {
  const s = parseScenario(YAML.stringify(minimal({ variables: { app: ['web', 'shop', 'api', 'blog'], cpu: ['2', '4', '8'] }, title: { en: 'Run {{app}}', zh: '运行 {{app}}' } })));
  it('without a student: every variable takes its first value', () => expect(chooseVariant(s)).toEqual({ app: 'web', cpu: '2' }));
  it('the same name (any case, spaces around) always gives the same variant', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }).filter((n) => n.trim() !== ''), (name) => {
      expect(chooseVariant(s, name)).toEqual(chooseVariant(s, ` ${name.toUpperCase()} `.toLowerCase()));
      const v = chooseVariant(s, name);
      expect(s.spec.variables!.app).toContain(v.app);
      expect(s.spec.variables!.cpu).toContain(v.cpu);
    }));
  });
  it('different students get different variants', () => {
    const seen = new Set(['ada', 'grace', 'linus', 'barbara', 'ken', 'dennis', 'margaret', 'alan'].map((n) => JSON.stringify(chooseVariant(s, n))));
    expect(seen.size).toBeGreaterThan(3);
  });
  it('the loaded scenario carries the student\'s values', () => {
    const v = chooseVariant(s, 'grace');
    expect(loadScenario(s, { student: 'grace' }).scenario.spec.title).toEqual({ en: `Run ${v.app}`, zh: `运行 ${v.app}` });
  });
});

describe('the timeline', () => {
  it('runs each command at its moment and reports the result', () => {
    const s = parseScenario(YAML.stringify(minimal({ timeline: [{ at: '1m', run: 'sim node stop w1' }, { at: '30s', run: 'kubectl get nodes nope' }] })));
    const { cluster, problems } = loadScenario(s);
    expect(problems).toEqual([]);
    const ran: string[] = [];
    cluster.onScheduledRun((cmd, r) => ran.push(`${(cmd.at - cluster.now()) / 1000}:${cmd.run}:${r.code}`));
    cluster.advance(45);
    expect(ran).toEqual(['0:kubectl get nodes nope:1']);
    expect(cluster.scheduledCommands().map((c) => c.run)).toEqual(['sim node stop w1']);
    cluster.advance(30);
    expect(ran).toHaveLength(2);
    expect(mustExec(cluster, 'sim node list')).toMatch(/w1\s+.*stopped/i);
  });

  it('runs helm and the workstation\'s commands too: a chart from the built-in repository installs at its moment', () => {
    const s = parseScenario(YAML.stringify(minimal({ timeline: [
      { at: '10s', run: 'helm install web kubesim/nginx --set replicaCount=2' },
      { at: '20s', run: 'helm upgrade web kubesim/nginx --set replicaCount=3' },
      { at: '30s', run: 'curl -s http://localhost:1/' },
    ] })));
    const { cluster, problems } = loadScenario(s);
    expect(problems).toEqual([]);
    const ran: string[] = [];
    cluster.onScheduledRun((cmd, r) => ran.push(`${cmd.run.split(' ').slice(0, 2).join(' ')}:${r.code}`));
    cluster.advance(15);
    expect(mustExec(cluster, 'helm list')).toMatch(/^web\s+default\s+1\s/m);
    cluster.advance(20);
    expect(ran).toEqual(['helm install:0', 'helm upgrade:0', 'curl -s:7']);
    expect(mustExec(cluster, 'kubectl get deploy web-nginx -o jsonpath={.spec.replicas}')).toBe('3');
  });

  it('survives a snapshot: the waiting commands run after a reload', () => {
    const c = createCluster({ seed: 3 });
    c.schedule({ at: c.now() + 60_000, run: 'sim node add late --cpu 2' });
    c.advance(20);
    const restored = createCluster({ snapshot: JSON.parse(JSON.stringify(c.snapshot())) });
    expect(restored.scheduledCommands()).toEqual([{ at: c.now() + 40_000, run: 'sim node add late --cpu 2' }]);
    restored.advance(39);
    expect(restored.list('Node')).toHaveLength(0);
    restored.advance(1);
    expect(restored.list('Node').map((n) => n.metadata.name)).toEqual(['late']);
    expect(restored.scheduledCommands()).toEqual([]);
  });
});

describe('a scenario is deterministic', () => {
  it('the same scenario and student give the same events, byte for byte', () => {
    const run = () => {
      const { cluster } = loadScenario(galleryScenario('node-failure')!, { student: 'ada' });
      cluster.advance(300);
      return cluster.exec('kubectl get events -A -o json').stdout;
    };
    const first = run();
    expect(first).toContain('NodeNotReady');
    expect(run()).toBe(first);
  });
});

describe('checks explain what they saw', () => {
  const c = clusterWithNodes(2, 4);
  c.advance(60); // the nodes become Ready (the pod network starts)
  mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2));
  mustExec(c, 'kubectl apply -f -', deploymentYaml('huge', 1, { cpu: '64' }));
  c.advance(30);
  const reason = (k: Check) => { const r = evaluateCheck(c, k); return `${r.pass ? 'pass' : 'fail'}: ${r.reason.en} | ${r.reason.zh}`; };

  it.each<[Check, RegExp]>([
    [{ jsonpath: { get: 'deployment/web', path: '{.status.readyReplicas}', equals: '2' } }, /^pass: \{\.status\.readyReplicas\} of deployment\/web is "2" \| deployment\/web 的 \{\.status\.readyReplicas\} 是 "2"$/],
    [{ jsonpath: { get: 'deployment/web', path: '{.status.readyReplicas}', atLeast: 3 } }, /^fail: .* is "2", expected at least 3 \| .*，期望至少 3$/],
    [{ jsonpath: { get: 'deployment/huge', path: '{.status.readyReplicas}', atMost: 0 } }, /^pass: .* is "" \|/],
    [{ jsonpath: { get: 'deployment/nope', path: '{.kind}', equals: 'Deployment' } }, /^fail: `kubectl get deployment\/nope -o json` failed: Error from server \(NotFound\): deployments\.apps "nope" not found \| `kubectl get deployment\/nope -o json` 出错：/],
    [{ podsReady: { owner: 'deployment/web' } }, /^pass: deployment\/web: 2 of 2 pods Ready \(2 wanted\) \| deployment\/web：2 个 Pod 中 2 个就绪（需要 2 个）$/],
    [{ podsReady: { owner: 'deployment/huge' } }, /^fail: deployment\/huge: 0 of 1 pods Ready \(1 wanted\); not Ready: huge-\S+ \(Pending\) \| .*未就绪：huge-\S+ \(Pending\)$/],
    [{ podsReady: { selector: 'app=web', count: 3 } }, /^fail: pods with app=web: 2 of 2 pods Ready \(3 wanted\)/],
    [{ podsOnNodes: { selector: 'app=web', nodeSelector: 'kubernetes.io/hostname=w1' } }, /^fail: pods with app=web: 1 of 2 pods on nodes with kubernetes.io\/hostname=w1; elsewhere: web-\S+ \(w2\)/],
    [{ podsOnNodes: { selector: 'app=web', nodeSelector: 'kubernetes.io/hostname=w1', atLeast: 1 } }, /^pass: /],
    [{ podsOnNodes: { selector: 'app=none', nodeSelector: 'x=y' } }, /^fail: pods with app=none: no pods \| 带有 app=none 的 Pod：没有 Pod$/],
    [{ event: { reason: 'FailedScheduling', object: 'huge-' } }, /^pass: \d+ FailedScheduling events for huge-…; latest: huge-\S+: 0\/2 nodes are available: 2 Insufficient cpu\./],
    [{ noEvent: { reason: 'FailedScheduling', object: 'web-', within: '60s' } }, /^pass: 0 FailedScheduling events for web-… in the last 60s \|/],
    [{ traffic: { name: 'shop', maxErrorPercent: 1 } }, /^fail: no traffic source "shop" \(see `sim traffic list`\) \| 没有名为 "shop" 的流量源/],
    [{ not: { podsReady: { owner: 'deployment/web' } } }, /^fail: this should not hold, but it does: deployment\/web: 2 of 2 pods Ready/],
    [{ not: { podsReady: { owner: 'deployment/huge' } } }, /^pass: as wanted, this does not hold: deployment\/huge: 0 of 1 pods Ready/],
    [{ podsReady: { owner: 'deployment/web' }, description: { en: 'web serves', zh: 'web 在服务' } }, /^pass: web serves — deployment\/web: 2 of 2 .* \| web 在服务——deployment\/web：/],
  ])('%#', (check, expected) => expect(reason(check)).toMatch(expected));
});

describe('the simulator\'s own commands ignore the terminal\'s kubeconfig', () => {
  it('checks and the timeline use kubeadm\'s admin.conf, whatever context the student chose', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'kubectl create configmap settings --from-literal=k=v');
    mustExec(c, 'kubectl config set-context --current --namespace=kube-system');
    const check: Check = { jsonpath: { get: 'configmap/settings', path: '{.data.k}', equals: 'v' } };
    expect(evaluateCheck(c, check).pass).toBe(true);
    c.schedule({ at: c.now() + 1000, run: 'kubectl create configmap later' });
    mustExec(c, 'kubectl config delete-context kubernetes-admin@kubernetes'); // the terminal's kubectl now refuses
    expect(c.exec('kubectl get configmaps').code).toBe(1);
    expect(evaluateCheck(c, check).pass).toBe(true);
    c.advance(2);
    expect(c.list('ConfigMap').filter((o) => o.metadata.name === 'later').map((o) => o.metadata.namespace)).toEqual(['default']);
  });
});
