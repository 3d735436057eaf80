import { describe, expect, it } from 'vitest';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { clusterWithNodes, deploymentYaml, mustExec, pods, untilNodesReady } from '../../testing/fixtures.ts';

const ok = (stdout: string, stderr = '') => ({ code: 0, stdout, stderr });
const fail = (stderr: string, stdout = '') => ({ code: 1, stdout, stderr });

const daemonSet = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
    spec:
      containers:
      - name: agent
        image: nginx:1.27
`;

const barePod = (name: string, extra = '') => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  nodeName: w1
  containers:
  - name: c
    image: nginx:1.27
${extra}`;

/** The system DaemonSets' pods on a node (flannel, kube-proxy) as drain names them, namespace/name. */
const systemDaemons = (c: KubesimCluster, node: string) => (c.list('Pod') as unknown as { metadata: { namespace: string; name: string; ownerReferences?: { kind: string }[] }; spec: { nodeName?: string } }[])
  .filter((p) => p.metadata.namespace !== 'default' && p.spec.nodeName === node && p.metadata.ownerReferences?.some((o) => o.kind === 'DaemonSet'))
  .map((p) => `${p.metadata.namespace}/${p.metadata.name}`).sort();

/** A cluster whose nodes hold only the test's pods and the system DaemonSets (CoreDNS scaled to zero). */
function drainCluster(n: number): KubesimCluster {
  const c = createCluster({ seed: 1 });
  mustExec(c, 'kubectl scale deployment coredns -n kube-system --replicas 0');
  for (let i = 1; i <= n; i++) mustExec(c, `sim node add w${i} --cpu 4 --memory 16Gi`);
  untilNodesReady(c);
  return c;
}

/** Names of the pods of an app on a node, in the order drain visits them (namespace, then name). */
const on = (c: KubesimCluster, node: string, app?: string) => pods(c, app).filter((p) => p.spec?.nodeName === node && !p.metadata.deletionTimestamp).map((p) => p.metadata.name!).sort();

describe('kubectl cordon / uncordon', () => {
  it('marks the node, says when it already is, and needs a node', () => {
    const c = clusterWithNodes(1);
    expect(c.exec('kubectl cordon w1')).toEqual(ok('node/w1 cordoned\n'));
    expect(c.exec('kubectl cordon w1')).toEqual(ok('node/w1 already cordoned\n'));
    expect(c.exec('kubectl get node w1 -o jsonpath={.spec.unschedulable}').stdout).toBe('true');
    expect(c.exec('kubectl uncordon w1')).toEqual(ok('node/w1 uncordoned\n'));
    expect(c.exec('kubectl uncordon w1')).toEqual(ok('node/w1 already uncordoned\n'));
    expect(c.exec('kubectl get node w1 -o jsonpath={.spec.unschedulable}').stdout).toBe('');
    expect(c.exec('kubectl cordon w1 --dry-run=client')).toEqual(ok('node/w1 cordoned (dry run)\n'));
    expect(c.exec('kubectl cordon w9')).toEqual(fail('Error from server (NotFound): nodes "w9" not found\n'));
    expect(c.exec('kubectl cordon')).toEqual(fail("error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples\n"));
  });
});

describe('kubectl drain', () => {
  it('evicts everything but DaemonSet pods with --ignore-daemonsets and leaves the node cordoned', () => {
    const c = drainCluster(2);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 4));
    mustExec(c, 'kubectl apply -f -', daemonSet);
    c.advance(30);
    const [agent] = on(c, 'w1', 'agent');
    const web = on(c, 'w1', 'web');
    expect(web.length).toBeGreaterThan(0);
    const daemons = [`default/${agent}`, ...systemDaemons(c, 'w1')].join(', ');
    expect(c.exec('kubectl drain w1')).toEqual(fail([
      `error: unable to drain node "w1" due to error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): ${daemons}, continuing command...`,
      'There are pending nodes to be drained:',
      ' w1',
      `cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): ${daemons}`,
      '',
    ].join('\n'), 'node/w1 cordoned\n'));
    expect(c.exec('kubectl drain w1 --ignore-daemonsets')).toEqual(ok([
      'node/w1 already cordoned',
      ...web.map((p) => `evicting pod default/${p}`),
      ...web.map((p) => `pod/${p} evicted`),
      'node/w1 drained',
      '',
    ].join('\n'), `Warning: ignoring DaemonSet-managed Pods: ${daemons}\n`));
    c.advance(60);
    expect(on(c, 'w1')).toEqual([agent]);
    expect(on(c, 'w2', 'web')).toHaveLength(4);
    expect(c.exec('kubectl get node w1 -o jsonpath={.spec.unschedulable}').stdout).toBe('true');
  });

  it('refuses pods without a controller and pods with local storage, then --force and --delete-emptydir-data', () => {
    const c = drainCluster(1);
    mustExec(c, 'kubectl apply -f -', barePod('bare'));
    mustExec(c, 'kubectl apply -f -', `apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: cache
spec:
  replicas: 1
  selector:
    matchLabels:
      app: cache
  template:
    metadata:
      labels:
        app: cache
    spec:
      volumes:
      - name: scratch
        emptyDir: {}
      containers:
      - name: c
        image: nginx:1.27
`);
    c.advance(20);
    const [cache] = on(c, 'w1', 'cache');
    const errors = [
      `cannot delete Pods that declare no controller (use --force to override): default/bare`,
      `cannot delete Pods with local storage (use --delete-emptydir-data to override): default/${cache}`,
    ];
    expect(c.exec('kubectl drain w1 --ignore-daemonsets')).toEqual(fail([
      `error: unable to drain node "w1" due to error: [${errors.join(', ')}], continuing command...`,
      'There are pending nodes to be drained:', ' w1', ...errors, '',
    ].join('\n'), 'node/w1 cordoned\n'));
    expect(c.exec('kubectl drain w1 --ignore-daemonsets --force --delete-emptydir-data --grace-period=0')).toEqual(ok([
      'node/w1 already cordoned', 'evicting pod default/bare', `evicting pod default/${cache}`, 'pod/bare evicted', `pod/${cache} evicted`, 'node/w1 drained', '',
      // The local-storage warning of a managed pod is overwritten by the next filter's verdict, as upstream's is.
    ].join('\n'), `Warning: deleting Pods that declare no controller: default/bare; ignoring DaemonSet-managed Pods: ${systemDaemons(c, 'w1').join(', ')}\n`));
  });

  it('respects a PodDisruptionBudget through the Eviction API', () => {
    const c = drainCluster(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    mustExec(c, 'kubectl apply -f -', `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app: web
`);
    c.advance(20);
    const [p] = on(c, 'w1', 'web');
    const ref = `pods/"${p}" -n "default"`;
    const timeout = `error when evicting ${ref}: global timeout reached: 1m0s`;
    expect(c.exec('kubectl drain w1 --ignore-daemonsets --timeout=60s')).toEqual(fail([
      `Warning: ignoring DaemonSet-managed Pods: ${systemDaemons(c, 'w1').join(', ')}`,
      `error when evicting ${ref} (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`,
      `There are pending pods in node "w1" when an error occurred: ${timeout}`,
      `pod/${p}`,
      `error: unable to drain node "w1" due to error: ${timeout}, continuing command...`,
      'There are pending nodes to be drained:', ' w1', timeout, '',
    ].join('\n'), `node/w1 cordoned\nevicting pod default/${p}\n`));
    expect(on(c, 'w1', 'web')).toEqual([p]);
  });

  it('deletes instead of evicting with --disable-eviction', () => {
    const c = drainCluster(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    c.advance(20);
    const [p] = on(c, 'w1', 'web');
    const warning = `Warning: ignoring DaemonSet-managed Pods: ${systemDaemons(c, 'w1').join(', ')}\n`;
    expect(c.exec('kubectl drain w1 --ignore-daemonsets --disable-eviction')).toEqual(ok(`node/w1 cordoned\npod/${p} deleted\nnode/w1 drained\n`, warning));
    // The deleted pod is still terminating on the node, so a dry run lists it again.
    expect(c.exec('kubectl drain w1 --ignore-daemonsets --dry-run=client')).toEqual(ok(`node/w1 already cordoned (dry run)\nevicting pod default/${p} (dry run)\nnode/w1 drained (dry run)\n`, warning));
  });
});
