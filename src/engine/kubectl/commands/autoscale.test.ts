import { describe, expect, it } from 'vitest';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../testing/fixtures.ts';

describe('kubectl autoscale', () => {
  it('builds an autoscaling/v2 HorizontalPodAutoscaler for something that scales', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    expect(c.exec('kubectl autoscale deployment web --min=2 --max=5 --cpu-percent=80 --dry-run=client -o yaml').stdout).toBe(`apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  creationTimestamp: null
  name: web
spec:
  maxReplicas: 5
  metrics:
  - resource:
      name: cpu
      target:
        averageUtilization: 80
        type: Utilization
    type: Resource
  minReplicas: 2
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
status:
  currentMetrics: null
  desiredReplicas: 0
`);
    const served = c.exec('kubectl api-resources').stdout.includes('HorizontalPodAutoscaler');
    expect(c.exec('kubectl autoscale deploy/web --max=3')).toEqual(served
      ? { code: 0, stdout: 'horizontalpodautoscaler.autoscaling/web autoscaled\n', stderr: '' }
      : { code: 1, stdout: '', stderr: 'Error from server (NotFound): the server could not find the requested resource\n' });
  });

  it('checks its flags and the target', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    mustExec(c, 'kubectl create configmap cfg');
    expect(c.exec('kubectl autoscale deployment web').stderr).toBe('error: required flag(s) "max" not set\n');
    expect(c.exec('kubectl autoscale deployment web --max=0').stderr).toBe('error: --max=MAXPODS is required and must be at least 1, max: 0\n');
    expect(c.exec('kubectl autoscale deployment web --max=2 --min=3').stderr).toBe('error: --max=MAXPODS must be larger or equal to --min=MINPODS, max: 2, min: 3\n');
    expect(c.exec('kubectl autoscale configmap cfg --max=2').stderr).toBe('error: cannot autoscale a ConfigMap: could not find scale subresource for /v1, Resource=configmaps in discovery information\n');
    expect(c.exec('kubectl autoscale deployment nope --max=2').stderr).toBe('Error from server (NotFound): deployments.apps "nope" not found\n');
  });
});
