import { describe, expect, it } from 'vitest';
import { createCluster } from './index.ts';
import { clusterWithNodes, deploymentYaml, inDefault, mustExec, pods } from './testing/fixtures.ts';

describe('a Deployment becomes Running pods, headless', () => {
  it('creates a ReplicaSet and pods that are scheduled, get IPs and run', () => {
    const c = clusterWithNodes(3);
    expect(mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 5))).toBe('deployment.apps/web created\n');
    c.advance(30);
    const ps = pods(c, 'web');
    expect(ps).toHaveLength(5);
    expect(ps.every((p) => p.status?.phase === 'Running')).toBe(true);
    expect(new Set(ps.map((p) => p.spec?.nodeName)).size).toBe(3);
    const json = JSON.parse(mustExec(c, 'kubectl get pods -o json'));
    for (const p of json.items) {
      expect(p.status.podIP).toMatch(/^10\.244\.\d+\.\d+$/);
      expect(p.metadata.ownerReferences[0]).toMatchObject({ kind: 'ReplicaSet', controller: true, blockOwnerDeletion: true });
      expect(p.metadata.labels['pod-template-hash']).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]+$/);
      expect(p.status.conditions.map((x: { type: string; status: string }) => `${x.type}=${x.status}`)).toEqual(
        ['PodReadyToStartContainers=True', 'Initialized=True', 'Ready=True', 'ContainersReady=True', 'PodScheduled=True']);
    }
    const deploy = JSON.parse(mustExec(c, 'kubectl get deployment web -o json'));
    expect(deploy.status).toMatchObject({ replicas: 5, readyReplicas: 5, availableReplicas: 5, updatedReplicas: 5, observedGeneration: 1 });
    expect(deploy.metadata.annotations['deployment.kubernetes.io/revision']).toBe('1');
  });

  it('records the upstream events for each step', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    c.advance(30);
    const events = JSON.parse(mustExec(c, 'kubectl get events -o json')).items as { reason: string; message: string; involvedObject: { kind: string } }[];
    const reasons = (kind: string) => events.filter((e) => e.involvedObject.kind === kind).map((e) => e.reason);
    expect(reasons('Deployment')).toEqual(['ScalingReplicaSet']);
    expect(reasons('ReplicaSet')).toEqual(['SuccessfulCreate']);
    expect(reasons('Pod')).toEqual(['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started']);
    expect(events.find((e) => e.reason === 'ScalingReplicaSet')!.message).toMatch(/^Scaled up replica set web-[a-z0-9]+ from 0 to 1$/);
  });

  it('scales up and down through kubectl scale', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 5));
    c.advance(30);
    expect(mustExec(c, 'kubectl scale deployment web --replicas=2')).toBe('deployment.apps/web scaled\n');
    c.advance(30);
    expect(pods(c, 'web')).toHaveLength(2);
    mustExec(c, 'kubectl scale deploy/web --replicas 7');
    c.advance(30);
    expect(pods(c, 'web').filter((p) => p.status?.phase === 'Running')).toHaveLength(7);
  });

  it('replaces a deleted pod (self-healing) and cascades a Deployment deletion', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
    c.advance(30);
    const victim = pods(c, 'web')[0].metadata.name!;
    expect(mustExec(c, `kubectl delete pod ${victim}`)).toBe(`pod "${victim}" deleted\n`);
    c.advance(30);
    const after = pods(c, 'web');
    expect(after).toHaveLength(3);
    expect(after.map((p) => p.metadata.name)).not.toContain(victim);
    mustExec(c, 'kubectl delete deployment web');
    c.advance(60);
    expect(inDefault(c, 'ReplicaSet')).toHaveLength(0);
    expect(pods(c, 'web')).toHaveLength(0);
  });

  it('leaves pods Pending with the upstream FailedScheduling message when nothing fits', () => {
    const c = clusterWithNodes(3, 1, '--cpu 1 --memory 2Gi');
    mustExec(c, 'sim node add tainted --cpu 8 --memory 16Gi --taints dedicated=gpu:NoSchedule');
    mustExec(c, 'kubectl apply -f -', deploymentYaml('big', 1, { cpu: '2' }));
    c.advance(10);
    const [p] = pods(c, 'big');
    expect(p.status?.phase).toBe('Pending');
    const ev = JSON.parse(mustExec(c, 'kubectl get events -o json')).items.find((e: { reason: string }) => e.reason === 'FailedScheduling');
    expect(ev.type).toBe('Warning');
    expect(ev.message).toBe('0/4 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.');
    expect(mustExec(c, 'kubectl get pods')).toMatch(/big-\S+\s+0\/1\s+Pending/);
    // A bigger node arriving is a cluster event that moves the pod back to the active queue.
    mustExec(c, 'sim node add w9 --cpu 4 --memory 8Gi');
    c.advance(20);
    expect(pods(c, 'big')[0].status?.phase).toBe('Running');
    expect(pods(c, 'big')[0].spec?.nodeName).toBe('w9');
  });

  it('honours nodeSelector and spreads by least allocated', () => {
    const c = createCluster({ seed: 3 });
    mustExec(c, 'sim node add a --cpu 2 --memory 4Gi --labels disk=ssd');
    mustExec(c, 'sim node add b --cpu 2 --memory 4Gi');
    const y = deploymentYaml('ssd', 2).replace('    spec:\n      containers:', '    spec:\n      nodeSelector:\n        disk: ssd\n      containers:');
    mustExec(c, 'kubectl apply -f -', y);
    c.advance(20);
    expect(pods(c, 'ssd').every((p) => p.spec?.nodeName === 'a')).toBe(true);
  });
});

describe('kubectl apply', () => {
  it('reports unchanged, configured, and removes fields dropped from the file', () => {
    const c = clusterWithNodes(1);
    const withLabel = deploymentYaml('web', 1).replace('metadata:\n  name: web', 'metadata:\n  name: web\n  labels:\n    team: a');
    mustExec(c, 'kubectl apply -f -', withLabel);
    expect(mustExec(c, 'kubectl apply -f -', withLabel)).toBe('deployment.apps/web unchanged\n');
    expect(mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1))).toBe('deployment.apps/web configured\n');
    const d = JSON.parse(mustExec(c, 'kubectl get deploy web -o json'));
    expect(d.metadata.labels).toBeUndefined();
    expect(d.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']).toContain('"name":"web"');
  });

  it('reports each document of a multi-document file with its lines', () => {
    const c = clusterWithNodes(1);
    const text = `${deploymentYaml('a', 1)}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: conf\ndata:\n  k: v\n---\napiVersion: v1\nkind: Nope\nmetadata:\n  name: x\n`;
    const r = c.apply(text);
    expect(r.code).toBe(1);
    expect(r.documents.map((d) => [d.ok, d.startLine])).toEqual([[true, 1], [true, 23], [false, 30]]);
    expect(r.documents[2].message).toContain('no matches for kind "Nope" in version "v1"');
    expect(r.stdout).toBe('deployment.apps/a created\nconfigmap/conf created\n');
  });

  it('prints validation errors the way kubectl does', () => {
    const c = clusterWithNodes(1);
    const bad = deploymentYaml('web', 1).replace('      labels:\n        app: web', '      labels:\n        app: other');
    const r = c.exec('kubectl apply -f -', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('The Deployment "web" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: `selector` does not match template `labels`\n');
  });
});

describe('determinism', () => {
  const script = (seed: number) => {
    const c = clusterWithNodes(3, seed);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 6));
    c.advance(20);
    mustExec(c, 'kubectl scale deployment web --replicas=2');
    c.advance(20);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 4, { image: 'nginx:1.28' }));
    c.advance(60);
    return mustExec(c, 'kubectl get events -A -o json') + mustExec(c, 'kubectl get pods -A -o json');
  };

  it('the same seed and commands give byte-identical events and objects', () => {
    expect(script(11)).toBe(script(11));
  });

  it('another seed gives other names', () => {
    expect(script(11)).not.toBe(script(12));
  });
});

describe('snapshots', () => {
  it('restores the same simulated moment and keeps running', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 4));
    c.advance(45);
    const snap = JSON.parse(JSON.stringify(c.snapshot()));
    const r = createCluster({ snapshot: snap });
    expect(r.now()).toBe(c.now());
    expect(mustExec(r, 'kubectl get pods -o wide')).toBe(mustExec(c, 'kubectl get pods -o wide'));
    r.advance(5);
    mustExec(r, 'kubectl scale deployment web --replicas=6');
    r.advance(30);
    expect(pods(r, 'web').filter((p) => p.status?.phase === 'Running')).toHaveLength(6);
    expect(mustExec(r, 'sim node list')).toContain('w2');
  });
});

describe('exec', () => {
  it('splits arguments like a shell and reports unknown commands', () => {
    const c = createCluster();
    expect(c.exec('kubectl get ns "default" -o name')).toEqual({ code: 0, stdout: 'namespace/default\n', stderr: '' });
    expect(c.exec('kustomize build x')).toMatchObject({ code: 1, stderr: 'error: unknown command "kustomize": commands start with "kubectl", "helm", "argocd" or "sim", or are the workstation\'s shell commands (curl, wget, jobs, kill, echo, grep, wc, base64 …)\n' });
    expect(c.exec('helm frobnicate')).toMatchObject({ code: 1, stderr: 'Error: unknown command "frobnicate" for "helm"\nRun \'helm --help\' for usage.\n' });
    expect(c.exec('kubectl frobnicate')).toMatchObject({ code: 1, stderr: 'error: unknown command "frobnicate" for "kubectl"\n' });
    expect(c.exec('kubectl get pods --bogus')).toMatchObject({ code: 1, stderr: "error: unknown flag: --bogus\nSee 'kubectl get --help' for usage.\n" });
    expect(c.exec('kubectl get foo')).toMatchObject({ code: 1, stderr: 'error: the server doesn\'t have a resource type "foo"\n' });
    expect(c.exec('kubectl get pods')).toEqual({ code: 0, stdout: '', stderr: 'No resources found in default namespace.\n' });
    expect(c.exec('kubectl get pod nope')).toMatchObject({ code: 1, stderr: 'Error from server (NotFound): pods "nope" not found\n' });
  });

  it('starts with the kubeadm namespaces, and flannel\'s', () => {
    const c = createCluster();
    expect(mustExec(c, 'kubectl get ns -o name')).toBe('namespace/default\nnamespace/kube-flannel\nnamespace/kube-node-lease\nnamespace/kube-public\nnamespace/kube-system\n');
  });

  it('sim node add validates its input', () => {
    const c = createCluster();
    expect(c.exec('sim node add Bad_Name').code).toBe(1);
    expect(c.exec('sim node add w1 --memory 12ii').stderr).toContain("unable to parse quantity's suffix");
    expect(c.exec('sim node add w1 --memory 12x').stderr).toContain('quantities must match the regular expression');
    expect(c.exec('sim node add w1 --taints a=b:Sometimes').stderr).toContain('invalid taint effect: Sometimes');
    mustExec(c, 'sim node add w1');
    expect(c.exec('sim node add w1').stderr).toBe('error: node "w1" already exists\n');
    c.advance(5);
    const node = JSON.parse(mustExec(c, 'kubectl get node w1 -o json'));
    expect(node.status.capacity).toMatchObject({ cpu: '4', memory: '16Gi', pods: '110' });
    expect(node.status.allocatable.memory).toBe('16284Mi');
    expect(node.metadata.labels['kubernetes.io/hostname']).toBe('w1');
    expect(node.spec.podCIDR).toBe('10.244.0.0/24');
  });
});

describe('kubectl patch and diff', () => {
  it('patches with each type and says when nothing changed', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    expect(mustExec(c, `kubectl patch deploy web -p '{"spec":{"replicas":2}}'`)).toBe('deployment.apps/web patched\n');
    expect(mustExec(c, `kubectl patch deploy web --type merge -p '{"spec":{"replicas":2}}'`)).toBe('deployment.apps/web patched (no change)\n');
    expect(mustExec(c, `kubectl patch deploy web --type json -p '[{"op":"replace","path":"/spec/replicas","value":4}]'`)).toBe('deployment.apps/web patched\n');
    expect(mustExec(c, `kubectl patch deploy web -p '{"spec":{"template":{"spec":{"containers":[{"name":"app","image":"nginx:1.28"}]}}}}'`)).toBe('deployment.apps/web patched\n');
    const d = JSON.parse(mustExec(c, 'kubectl get deploy web -o json'));
    expect(d.spec.replicas).toBe(4);
    expect(d.spec.template.spec.containers[0]).toMatchObject({ name: 'app', image: 'nginx:1.28', imagePullPolicy: 'IfNotPresent' });
    expect(c.exec(`kubectl patch deploy web --type json -p '[{"op":"test","path":"/spec/replicas","value":9}]'`).stderr).toBe('Error from server (Invalid): testing value /spec/replicas failed: test failed\n');
    expect(c.exec('kubectl patch deploy web').stderr).toBe('error: must specify --patch or --patch-file containing the contents of the patch\n');
  });

  it('diff shows the server dry run against the live object and changes nothing', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    c.advance(10);
    const same = c.exec('kubectl diff -f -', deploymentYaml('web', 1));
    expect(same).toEqual({ code: 0, stdout: '', stderr: '' });
    const r = c.exec('kubectl diff -f -', deploymentYaml('web', 3));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('diff -u -N /tmp/LIVE-0/apps.v1.Deployment.default.web /tmp/MERGED-0/apps.v1.Deployment.default.web');
    expect(r.stdout).toContain('-  replicas: 1\n+  replicas: 3\n');
    expect(JSON.parse(mustExec(c, 'kubectl get deploy web -o json')).spec.replicas).toBe(1);
    const created = c.exec('kubectl diff -f -', deploymentYaml('new', 1));
    expect(created.stdout).toContain('+kind: Deployment');
    expect(inDefault(c, 'Deployment')).toHaveLength(1);
  });

  it('apply removes a container dropped from the file (strategic three-way merge)', () => {
    const c = clusterWithNodes(1);
    const two = deploymentYaml('web', 1).replace('        resources:', '      - name: side\n        image: busybox:1.36\n        command: ["sleep", "infinity"]\n        resources:');
    mustExec(c, 'kubectl apply -f -', two);
    expect(JSON.parse(mustExec(c, 'kubectl get deploy web -o json')).spec.template.spec.containers).toHaveLength(2);
    expect(mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1))).toBe('deployment.apps/web configured\n');
    const containers = JSON.parse(mustExec(c, 'kubectl get deploy web -o json')).spec.template.spec.containers;
    expect(containers.map((x: { name: string }) => x.name)).toEqual(['app']);
  });
});

describe('createCluster options', () => {
  it.each([
    [{ clusterCIDR: '10.0.0.0' }, 'clusterCIDR: Invalid value: "10.0.0.0": must be a valid IPv4 CIDR value, (e.g. 10.244.0.0/16)'],
    [{ nodeCIDRMaskSize: 31 }, 'nodeCIDRMaskSize: Invalid value: 31: must be between 1 and 30, inclusive'],
    [{ clusterCIDR: '10.0.0.0/8', nodeCIDRMaskSize: 7 }, 'nodeCIDRMaskSize: Invalid value: 7: mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family (/8 > 7)'],
  ])('refuses node IPAM settings %j naming the field', (opts, message) => {
    expect(() => createCluster(opts)).toThrow(message);
  });

  it('reports the pod CIDR range and how much of it the nodes hold', () => {
    const c = createCluster({ clusterCIDR: '10.0.0.0/8', nodeCIDRMaskSize: 20 });
    c.exec('sim node add w1');
    c.advance(5);
    expect(c.cni.podCIDRs()).toEqual({ clusterCIDR: '10.0.0.0/8', nodeCIDRMaskSize: 20, capacity: 4096, allocated: 1 });
  });
});

describe('--event-ttl', () => {
  it('deletes Events last seen more than an hour ago, once a minute, whatever their timestamps\' spelling', () => {
    const c = createCluster({ seed: 1 });
    const at = (minutesAgo: number) => new Date(c.now() - minutesAgo * 60_000).toISOString().replace('.000Z', 'Z');
    const plusOne = (minutesAgo: number) => new Date(c.now() - minutesAgo * 60_000 + 3_600_000).toISOString().replace('.000Z', '+01:00');
    const event = (name: string, lastTimestamp?: string) => `apiVersion: v1
kind: Event
metadata: {name: ${name}, namespace: default}
involvedObject: {kind: Pod, name: p, namespace: default}
reason: Test
message: ${name}
type: Normal
${lastTimestamp ? `lastTimestamp: "${lastTimestamp}"` : ''}
`;
    const docs = [event('old-1', at(120)), event('old-2', at(120)), event('fresh', at(10)), event('old-3', at(90)),
      event('now'), event('old-offset', plusOne(61)), event('fresh-offset', plusOne(58)), event('old-4', at(61))];
    mustExec(c, 'kubectl apply -f -', docs.join('---\n'));
    const names = () => c.list('Event').filter((e) => e.metadata.namespace === 'default').map((e) => e.metadata.name).sort();
    expect(names()).toHaveLength(8);
    c.advance(60);
    expect(names()).toEqual(['fresh', 'fresh-offset', 'now']);
  });
});
