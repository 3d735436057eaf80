import { describe, expect, it } from 'vitest';
import { clusterWithNodes, deploymentYaml, mustExec, pods } from '../../testing/fixtures.ts';
import type { KubesimCluster } from '../../index.ts';

/** A Deployment whose pods use `cpu` against a 100m request (the behaviour annotation sets their use). */
function busyDeployment(cpu: string, replicas = 1): string {
  return deploymentYaml('web', replicas).replace('    metadata:\n      labels:\n        app: web\n', `    metadata:\n      labels:\n        app: web\n      annotations:\n        kubesim.io/behavior: "app: cpu=${cpu}"\n`);
}

const live = (c: KubesimCluster) => pods(c, 'web').filter((p) => !p.metadata.deletionTimestamp && p.status?.phase !== 'Failed').length;
const replicasOf = (c: KubesimCluster) => Number(mustExec(c, 'kubectl get deploy web -o jsonpath={.spec.replicas}'));

describe('HorizontalPodAutoscaler', () => {
  it('scales out while pods use more CPU than the target, and back in after the 300 s window once use drops', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', busyDeployment('150m'));
    c.advance(20);
    mustExec(c, 'kubectl autoscale deployment web --min=1 --max=5 --cpu-percent=50');
    // The first sync comes one period (15 s) after the HPA appears: 150% of request against 50% asks for 3 pods.
    c.advance(15);
    expect(replicasOf(c)).toBe(3);
    // The new pods' first samples are set aside until a metric window has passed since they turned ready (the
    // CPU initialization rules), so the next step may wait a period: 9 wanted, capped by maxReplicas.
    c.advance(30);
    expect(replicasOf(c)).toBe(5);
    c.advance(15);
    expect(live(c)).toBe(5);
    expect(mustExec(c, 'kubectl get hpa')).toMatch(/^NAME +REFERENCE +TARGETS +MINPODS +MAXPODS +REPLICAS +AGE\nweb +Deployment\/web +cpu: 150%\/50% +1 +5 +5 +60s\n$/);

    // Use drops (a rollout to a lighter version): the highest recommendation of the last 5 minutes still holds.
    mustExec(c, `kubectl patch deployment web -p '{"spec":{"template":{"metadata":{"annotations":{"kubesim.io/behavior":"app: cpu=10m"}}}}}'`);
    c.advance(240);
    expect(replicasOf(c)).toBe(5);
    expect(mustExec(c, 'kubectl get hpa web -o jsonpath={.status.conditions[0].reason}').trimEnd()).toBe('ScaleDownStabilized');
    c.advance(90);
    expect(replicasOf(c)).toBe(1);
    c.advance(60);
    expect(live(c)).toBe(1);
    const events = mustExec(c, 'kubectl get events --field-selector involvedObject.kind=HorizontalPodAutoscaler -o custom-columns=REASON:.reason,MESSAGE:.message --no-headers');
    // While the rollout replaces every pod, a sync can find only fresh samples (FailedGetResourceMetric), as upstream.
    expect(events.split('\n').filter((l) => l.startsWith('SuccessfulRescale')).map((l) => l.replace(/ +/, ' '))).toEqual([
      'SuccessfulRescale New size: 3; reason: cpu resource utilization (percentage of request) above target',
      'SuccessfulRescale New size: 5; reason: cpu resource utilization (percentage of request) above target',
      'SuccessfulRescale New size: 1; reason: All metrics below target',
    ]);
    const d = mustExec(c, 'kubectl describe hpa web');
    expect(d).toContain('Reference:                                             Deployment/web\n');
    expect(d).toMatch(/resource cpu on pods {2}\(as a percentage of request\): {2}10% \(10m\) \/ 50%\n/);
    expect(d).toContain('Deployment pods:                                       1 current / 1 desired\n');
  });

  it('reports pods it cannot compute a utilization for', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1).replace(/ +cpu: 100m\n/, ''));
    mustExec(c, 'kubectl autoscale deployment web --max=3 --cpu-percent=50');
    c.advance(30);
    expect(mustExec(c, 'kubectl get hpa web --no-headers')).toMatch(/^web +Deployment\/web +cpu: <unknown>\/50% +1 +3 +1 /);
    const d = mustExec(c, 'kubectl describe hpa web');
    expect(d).toMatch(/ScalingActive +False +FailedGetResourceMetric +the HPA was unable to compute the replica count: failed to get cpu utilization: missing request for cpu in container app of Pod web-/);
    expect(d).toMatch(/Warning +FailedComputeMetricsReplicas .* invalid metrics \(1 invalid out of 1\), first error is: failed to get cpu resource metric value: failed to get cpu utilization: missing request for cpu in container app of Pod web-/);
    expect(replicasOf(c)).toBe(1);
  });

  it('says when it cannot get the target scale', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    mustExec(c, 'kubectl autoscale deployment web --max=3');
    mustExec(c, 'kubectl delete deployment web');
    c.advance(20);
    expect(mustExec(c, 'kubectl get hpa web -o jsonpath={.status.conditions[0].message}').trimEnd()).toBe('the HPA controller was unable to get the target\'s current scale: deployments.apps "web" not found');
    expect(mustExec(c, 'kubectl describe hpa web')).toMatch(/Warning +FailedGetScale .* deployments.apps "web" not found/);
  });

  it('keeps replicas within minReplicas and maxReplicas without metrics', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 6));
    mustExec(c, 'kubectl autoscale deployment web --min=2 --max=4');
    c.advance(20);
    expect(replicasOf(c)).toBe(4);
    expect(mustExec(c, 'kubectl describe hpa web')).toMatch(/New size: 4; reason: Current number of replicas above Spec.MaxReplicas/);
  });
});

describe('HorizontalPodAutoscaler API', () => {
  const hpa = (spec: string) => `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: h
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
${spec}`;

  it('defaults minReplicas, the cpu metric and a given behavior', () => {
    const c = clusterWithNodes(0);
    mustExec(c, 'kubectl apply -f -', hpa('  maxReplicas: 3\n  behavior:\n    scaleDown:\n      stabilizationWindowSeconds: 60\n'));
    const obj = JSON.parse(mustExec(c, 'kubectl get hpa h -o json'));
    expect(obj.spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 1, maxReplicas: 3,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }],
      behavior: {
        scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] },
        scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
      },
    });
    expect(obj.status).toEqual({ currentMetrics: null, desiredReplicas: 0 });
  });

  it('rejects bad specs with upstream messages', () => {
    const c = clusterWithNodes(0);
    expect(c.exec('kubectl apply -f -', hpa('  minReplicas: 0\n  maxReplicas: 0\n')).stderr).toBe(`The HorizontalPodAutoscaler "h" is invalid: 
* spec.minReplicas: Invalid value: 0: must be greater than or equal to 1
* spec.maxReplicas: Invalid value: 0: must be greater than 0
* spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas
`);
    expect(c.exec('kubectl apply -f -', hpa('  minReplicas: 4\n  maxReplicas: 2\n  metrics:\n  - type: Resource\n    resource: {name: cpu, target: {type: Utilization, averageUtilization: 0, averageValue: 100m}}\n')).stderr).toBe(`The HorizontalPodAutoscaler "h" is invalid: 
* spec.maxReplicas: Invalid value: 2: must be greater than or equal to \`minReplicas\`
* spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0
* spec.metrics[0].resource.target.averageValue: Forbidden: may not set both a target raw value and a target utilization
`);
    expect(c.exec('kubectl apply -f -', hpa('  maxReplicas: 2\n  behavior:\n    scaleUp:\n      policies: []\n      stabilizationWindowSeconds: 4000\n')).stderr).toBe(`The HorizontalPodAutoscaler "h" is invalid: 
* spec.behavior.scaleUp.stabilizationWindowSeconds: Invalid value: 4000: must be less than or equal to 3600
* spec.behavior.scaleUp.policies: Required value: must specify at least one Policy
`);
    expect(c.list('HorizontalPodAutoscaler')).toEqual([]);
  });
});
