// Queue-length autoscaling end to end: traffic beyond one model server's capacity fills its request queue, the
// HPA reads num_requests_waiting through the custom metrics API and scales out (up to maxReplicas, as far as the
// GPUs go), and once the traffic stops it scales back in after the 300 s downscale stabilization window.
import { describe, expect, it } from 'vitest';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { mustExec } from '../../testing/fixtures.ts';

const CLIENT = `apiVersion: v1
kind: Pod
metadata: {name: client}
spec:
  containers: [{name: c, image: busybox, command: [sleep, infinity]}]
`;

const ISVC = `apiVersion: serving.kubesim.io/v1alpha1
kind: InferenceService
metadata: {name: llama}
spec: {model: meta-llama/Llama-3.1-8B-Instruct, maxReplicas: 3, targetQueueLength: 5}
`;

const replicas = (c: KubesimCluster) => Number(mustExec(c, 'kubectl get deploy llama -o jsonpath={.spec.replicas}'));
const ready = (c: KubesimCluster) => Number(mustExec(c, 'kubectl get deploy llama -o jsonpath={.status.readyReplicas}') || 0);

const rescales = (c: KubesimCluster) => mustExec(c, 'kubectl get events --field-selector reason=SuccessfulRescale -o custom-columns=MESSAGE:.message --no-headers').split('\n').filter(Boolean).map((l) => l.trimEnd());

describe('InferenceService queue-length autoscaling', { timeout: 60_000 }, () => {
  it('scales out on num_requests_waiting, is bounded by maxReplicas, and scales in after the window', () => {
    const c = createCluster({ seed: 9 });
    mustExec(c, 'sim node add g1 --gpus 2 --cpu 8 --memory 64Gi');
    mustExec(c, 'sim node add g2 --gpus 2 --cpu 8 --memory 64Gi');
    mustExec(c, 'sim operator install serving');
    c.advance(20);
    mustExec(c, 'kubectl apply -f -', CLIENT);
    mustExec(c, 'kubectl apply -f -', ISVC);
    c.advance(5);
    expect(mustExec(c, 'kubectl get hpa llama --no-headers')).toMatch(/^llama +Deployment\/llama +<unknown>\/5 +1 +3 +0 +5s\n$/);
    // While the image is pulled the adapter has no sample of the pod yet.
    c.advance(60);
    expect(mustExec(c, 'kubectl describe hpa llama')).toContain('ScalingActive  False   FailedGetPodsMetric  the HPA was unable to compute the replica count: unable to get metric num_requests_waiting: no metrics returned from custom metrics API\n');
    c.advance(240); // the model server's image takes minutes to pull
    expect(ready(c)).toBe(1);
    const hpa = mustExec(c, 'kubectl get hpa llama');
    expect(hpa).toMatch(/^NAME +REFERENCE +TARGETS +MINPODS +MAXPODS +REPLICAS +AGE\nllama +Deployment\/llama +0\/5 +1 +3 +1 +\d+m?\d*s?\n$/);

    // One replica serves 200 requests/s (1 core): 500 requests/s fill its queue.
    mustExec(c, 'sim traffic add load http://llama/ --rps 500 --from client');
    for (let i = 0; i < 40 && replicas(c) === 1; i++) c.advance(5);
    expect(replicas(c)).toBe(3);
    // Before the model server answers, the adapter has no sample of it (FailedGetPodsMetric), as upstream.
    expect(rescales(c)).toEqual(['New size: 3; reason: pods metric num_requests_waiting above target']);
    const d = mustExec(c, 'kubectl describe hpa llama');
    expect(d).toMatch(/"num_requests_waiting" on pods: {2}\d+(\.\d+|m|\d*) \/ 5\n/);
    expect(d).toMatch(/ScalingActive +True +ValidMetricFound +the HPA was able to successfully calculate a replica count from pods metric num_requests_waiting\n/);
    expect(d).toMatch(/ScalingLimited +True +TooManyReplicas +the desired replica count is more than the maximum replica count\n/);
    const status = JSON.parse(mustExec(c, 'kubectl get isvc llama -o json')).status;
    expect(status.averageRequestsWaiting).toMatch(/^\d/);

    // The traffic stops: the queue empties, but the highest recommendation of the last 5 minutes holds.
    c.advance(60);
    mustExec(c, 'sim traffic remove load');
    const stopped = c.now();
    c.advance(120);
    expect(replicas(c)).toBe(3);
    expect(mustExec(c, 'kubectl get hpa llama -o jsonpath={.status.currentMetrics[0].pods.current.averageValue}').trimEnd()).toBe('0');
    while (replicas(c) === 3 && c.now() - stopped < 600_000) c.advance(5);
    expect(replicas(c)).toBe(1);
    // The last recommendation of 3 came within a sync period (15 s) of the stop.
    expect(c.now() - stopped).toBeGreaterThanOrEqual(300_000 - 15_000);
    expect(rescales(c).at(-1)).toBe('New size: 1; reason: All metrics below target');
  });
});
