// The inference-serving operator: an InferenceService becomes a GPU Deployment, a Service and an HPA; the status
// follows the model server's readiness; changes reach the children; bad specs are refused by the schema.
import { describe, expect, it } from 'vitest';
import type { Deployment } from 'kubernetes-types/apps/v1';
import type { HorizontalPodAutoscaler } from 'kubernetes-types/autoscaling/v2';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { inDefault, mustExec } from '../../testing/fixtures.ts';

const isvc = (extra = '') => `apiVersion: serving.kubesim.io/v1alpha1
kind: InferenceService
metadata: {name: llama}
spec: {model: meta-llama/Llama-3.1-8B-Instruct${extra}}
`;

function servingCluster(): KubesimCluster {
  const c = createCluster({ seed: 9 });
  mustExec(c, 'sim node add g1 --gpus 2 --cpu 8 --memory 64Gi');
  mustExec(c, 'sim operator install serving');
  c.advance(20);
  return c;
}

describe('serving operator (InferenceService)', () => {
  it('creates the Deployment, Service and HPA, and reports Ready with the URL', () => {
    const c = servingCluster();
    mustExec(c, 'kubectl apply -f -', isvc());
    c.advance(300); // the model server's image is large: pulling it takes minutes
    const d = inDefault(c, 'Deployment').find((o) => o.metadata.name === 'llama') as unknown as Deployment;
    expect(d.spec!.template!.spec!.containers[0].resources!.limits).toEqual({ 'nvidia.com/gpu': '1' });
    expect(d.spec!.template!.spec!.containers[0].args).toEqual(['--model', 'meta-llama/Llama-3.1-8B-Instruct', '--port', '8000']);
    expect(inDefault(c, 'Service').some((o) => o.metadata.name === 'llama')).toBe(true);
    const hpa = inDefault(c, 'HorizontalPodAutoscaler')[0] as unknown as HorizontalPodAutoscaler;
    expect([hpa.spec!.minReplicas, hpa.spec!.maxReplicas]).toEqual([1, 3]);
    expect(hpa.spec!.metrics).toEqual([{ type: 'Pods', pods: { metric: { name: 'num_requests_waiting' }, target: { type: 'AverageValue', averageValue: '5' } } }]);
    expect(mustExec(c, 'kubectl get isvc')).toBe('NAME    MODEL                              READY   QUEUE   URL                                      AGE\nllama   meta-llama/Llama-3.1-8B-Instruct   1       0       http://llama.default.svc.cluster.local   5m\n');
    const ready = (inDefault(c, 'InferenceService')[0].status as { conditions: { type: string; status: string; reason: string }[] }).conditions[0];
    expect([ready.type, ready.status, ready.reason]).toEqual(['Ready', 'True', 'MinimumReplicasAvailable']);
  });

  it('carries spec changes to its children and refuses bounds that cross', () => {
    const c = servingCluster();
    mustExec(c, 'kubectl apply -f -', isvc());
    c.advance(5);
    mustExec(c, 'kubectl apply -f -', isvc(', gpusPerReplica: 2, maxReplicas: 5'));
    c.advance(5);
    const d = inDefault(c, 'Deployment').find((o) => o.metadata.name === 'llama') as unknown as Deployment;
    expect(d.spec!.template!.spec!.containers[0].resources!.limits).toEqual({ 'nvidia.com/gpu': '2' });
    expect((inDefault(c, 'HorizontalPodAutoscaler')[0] as unknown as HorizontalPodAutoscaler).spec!.maxReplicas).toBe(5);
    mustExec(c, 'kubectl apply -f -', isvc(', scaleMetric: cpu, targetCPUUtilizationPercentage: 60'));
    c.advance(5);
    expect((inDefault(c, 'HorizontalPodAutoscaler')[0] as unknown as HorizontalPodAutoscaler).spec!.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } }]);
    expect(c.exec('kubectl apply -f -', isvc(', scaleMetric: rps')).stderr).toBe('The InferenceService "llama" is invalid: spec.scaleMetric: Unsupported value: "rps": supported values: "queueLength", "cpu"\n');
    expect(c.exec('kubectl apply -f -', isvc(', targetQueueLength: 0')).stderr).toBe('The InferenceService "llama" is invalid: spec.targetQueueLength: Invalid value: 0: spec.targetQueueLength in body should be greater than or equal to 1\n');
    expect(c.exec('kubectl apply -f -', isvc(', minReplicas: 4, maxReplicas: 2')).stderr).toBe('The InferenceService "llama" is invalid: spec: Invalid value: "object": minReplicas must not exceed maxReplicas\n');
  });

  it('deleting the InferenceService removes what it created', () => {
    const c = servingCluster();
    mustExec(c, 'kubectl apply -f -', isvc());
    c.advance(10);
    mustExec(c, 'kubectl delete isvc llama');
    c.advance(30);
    expect(inDefault(c, 'Deployment').filter((o) => o.metadata.name === 'llama')).toEqual([]);
    expect(inDefault(c, 'HorizontalPodAutoscaler')).toEqual([]);
  });
});
