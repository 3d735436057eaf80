// Headless scenarios of the kubelet and the simulated runtime: what a user sees through kubectl.
import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../cluster.ts';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { clusterWithNodes, inDefault, mustExec } from '../../testing/fixtures.ts';

function podYaml(name: string, spec: string, annotations: Record<string, string> = {}): string {
  const ann = Object.entries(annotations).map(([k, v]) => `    ${k}: "${v}"`).join('\n');
  return `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n${ann ? `  annotations:\n${ann}\n` : ''}spec:\n${spec}`;
}

function start(nodeSize?: string): KubesimCluster {
  const c = nodeSize ? clusterWithNodes(1, 1, nodeSize) : clusterWithNodes(1);
  // The node is Ready (its flannel pod runs) a little under 2 s after it was added: start at 2 s.
  c.advance(2 - seconds(c));
  return c;
}

const getPod = (c: KubesimCluster, name: string): Pod => JSON.parse(mustExec(c, `kubectl get pod ${name} -o json`));
const row = (c: KubesimCluster, name: string) => mustExec(c, `kubectl get pod ${name} --no-headers`).trim().split(/\s{2,}/);
const seconds = (c: KubesimCluster) => (c.now() - Date.UTC(2026, 0, 1)) / 1000;

function events(c: KubesimCluster, name: string): { reason: string; message: string; count: number; type: string }[] {
  const all = JSON.parse(mustExec(c, 'kubectl get events -o json')).items as { reason: string; message: string; count: number; type: string; involvedObject: { name: string }; firstTimestamp: string; metadata: { name: string } }[];
  return all.filter((e) => e.involvedObject.name === name);
}

/** Every change of one pod's first container, at the exact virtual millisecond it was written. */
function watchContainer(c: KubesimCluster, name: string) {
  const seen: { at: number; restartCount: number; state: string; message?: string }[] = [];
  c.onChange((e) => {
    const p = e.object as Pod;
    if (e.object.kind !== 'Pod' || p.metadata?.name !== name) return;
    const cs = p.status?.containerStatuses?.[0];
    if (!cs) return;
    const state = cs.state?.running ? 'running' : cs.state?.terminated ? `terminated:${cs.state.terminated.reason}` : `waiting:${cs.state?.waiting?.reason}`;
    const last = seen[seen.length - 1];
    if (last && last.state === state && last.restartCount === cs.restartCount) return;
    seen.push({ at: c.now(), restartCount: cs.restartCount, state, message: cs.state?.waiting?.message });
  });
  return seen;
}

describe('status as SyncPod publishes it', () => {
  /** The pod's status writes (changes of status only), with the virtual second each was written at. */
  function statusWrites(c: KubesimCluster, name: string) {
    const seen: { at: number; phase?: string; podIP?: string; ready?: string; readySince?: string; waiting?: string }[] = [];
    let last = '';
    c.onChange((e) => {
      const p = e.object as Pod;
      if (e.object.kind !== 'Pod' || p.metadata?.name !== name || !p.status?.startTime) return;
      const json = JSON.stringify(p.status);
      if (json === last) return;
      last = json;
      const cond = p.status.conditions?.find((x) => x.type === 'PodReadyToStartContainers');
      seen.push({ at: seconds(c), phase: p.status.phase, podIP: p.status.podIP, ready: cond?.status, readySince: cond?.lastTransitionTime, waiting: p.status.containerStatuses?.[0]?.state?.waiting?.reason });
    });
    return seen;
  }

  it('shows no IP while the image is pulled: the sandbox and the containers are one SyncPod', () => {
    const c = start();
    const seen = statusWrites(c, 'web');
    mustExec(c, 'kubectl apply -f -', podYaml('web', '  containers:\n  - name: app\n    image: nginx:1.27\n'));
    // A label written during the pull is an update the busy pod worker takes up only after its SyncPod.
    c.advance(1);
    mustExec(c, 'kubectl label pod web tier=front');
    c.advance(9);
    expect(seen).toEqual([
      { at: 2.005, phase: 'Pending', podIP: undefined, ready: 'False', readySince: '2026-01-01T00:00:02Z', waiting: 'ContainerCreating' },
      { at: 4.724, phase: 'Running', podIP: seen[1].podIP, ready: 'True', readySince: '2026-01-01T00:00:04Z', waiting: undefined },
    ]);
    expect(seen[1].podIP).toMatch(/^10\.244\./);
  });

  it('publishes the IP with the step that stops the SyncPod: a failed pull', () => {
    const c = start();
    const seen = statusWrites(c, 'bad');
    mustExec(c, 'kubectl apply -f -', podYaml('bad', '  containers:\n  - name: app\n    image: nginx:doesnotexist\n'));
    c.advance(5);
    expect(seen.slice(0, 2).map(({ podIP, ready, waiting }) => ({ ip: !!podIP, ready, waiting }))).toEqual([
      { ip: false, ready: 'False', waiting: 'ContainerCreating' },
      { ip: true, ready: 'True', waiting: 'ErrImagePull' },
    ]);
  });
});

describe('CrashLoopBackOff', () => {
  it('restarts at once, then after 10 s doubling to 5 minutes, with the upstream texts', () => {
    const c = start();
    const seen = watchContainer(c, 'crash');
    mustExec(c, 'kubectl apply -f -', podYaml('crash', '  containers:\n  - name: app\n    image: busybox:1.36\n    command: ["sh", "-c", "echo boom; sleep 1; exit 1"]\n'));
    c.advance(1_200);
    const starts = seen.filter((s) => s.state === 'running');
    expect(starts.map((s) => s.restartCount)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // Between starts: 1 s of running, the PLEG's 1 s or the backoff, and the 200 ms a container takes to start.
    const gaps = starts.slice(1).map((s, i) => (s.at - starts[i].at - 1_200) / 1000);
    expect(gaps).toEqual([1, 10, 20, 40, 80, 160, 300, 300]);
    const uid = getPod(c, 'crash').metadata!.uid;
    expect(seen.filter((s) => s.state === 'waiting:CrashLoopBackOff').map((s) => s.message)).toEqual(
      ['10s', '20s', '40s', '1m20s', '2m40s', '5m0s', '5m0s', '5m0s'].map((d) => `back-off ${d} restarting failed container=app pod=crash_default(${uid})`));
    // Each crash shows Error until the next sync decides (the PLEG's second).
    expect(seen.slice(0, 4).map((s) => s.state)).toEqual(['waiting:ContainerCreating', 'running', 'terminated:Error', 'running']);
    const backoff = events(c, 'crash').find((e) => e.reason === 'BackOff')!;
    // Repeats aggregate into count (the event spam filter drops some of a crash loop's events, as client-go's does).
    expect(backoff).toMatchObject({ type: 'Warning', message: `Back-off restarting failed container app in pod crash_default(${uid})` });
    expect(backoff.count).toBeGreaterThan(1);
    const p = getPod(c, 'crash');
    expect(p.status?.phase).toBe('Running');
    expect(p.status?.containerStatuses?.[0]).toMatchObject({ restartCount: 8, ready: false, started: false, state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { exitCode: 1, reason: 'Error' } } });
    expect(row(c, 'crash').slice(1, 4)).toEqual(['0/1', 'CrashLoopBackOff', '8 (4m38s ago)']);
  });

  it('forgets the backoff when a container ran for more than 10 minutes', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('long', '  containers:\n  - name: app\n    image: nginx:1.27\n', { 'kubesim.io/behavior': 'app: crash-after=601s' }));
    mustExec(c, 'kubectl apply -f -', podYaml('short', '  containers:\n  - name: app\n    image: nginx:1.27\n', { 'kubesim.io/behavior': 'app: crash-after=590s' }));
    const long = watchContainer(c, 'long');
    const short = watchContainer(c, 'short');
    c.advance(2_000);
    expect(long.some((s) => s.state === 'waiting:CrashLoopBackOff')).toBe(false);
    expect(short.some((s) => s.state === 'waiting:CrashLoopBackOff')).toBe(true);
    expect(getPod(c, 'long').status?.containerStatuses?.[0].restartCount).toBe(3);
  });
});

describe('resources', () => {
  it('OOMKills a container above its memory limit with exit code 137', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('oom', '  containers:\n  - name: app\n    image: nginx:1.27\n    resources:\n      limits: {memory: 64Mi}\n', { 'kubesim.io/behavior': 'app: memory=grow:16Mi/s' }));
    const seen = watchContainer(c, 'oom');
    c.advance(10);
    const killed = seen.find((s) => s.state === 'terminated:OOMKilled');
    expect(killed).toBeDefined();
    expect(row(c, 'oom')[2]).toBe('Running');
    const cs = getPod(c, 'oom').status!.containerStatuses![0];
    expect(cs.restartCount).toBe(1);
    expect(cs.lastState?.terminated).toMatchObject({ exitCode: 137, reason: 'OOMKilled' });
  });

  it('throttles CPU above the limit and never kills for it; kubectl top prints upstream tables', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('busy', '  containers:\n  - name: app\n    image: nginx:1.27\n    resources:\n      limits: {cpu: 500m, memory: 1Gi}\n', { 'kubesim.io/behavior': 'app: cpu=750m, memory=300Mi' }));
    mustExec(c, 'kubectl apply -f -', podYaml('web', '  containers:\n  - name: web\n    image: nginx:1.27\n  - name: cache\n    image: redis:7\n'));
    c.advance(100);
    expect(row(c, 'busy').slice(1, 4)).toEqual(['1/1', 'Running', '0']);
    expect(mustExec(c, 'kubectl top pod busy')).toBe('NAME   CPU(cores)   MEMORY(bytes)   \nbusy   500m         300Mi           \n');
    const usage = (c as unknown as Cluster).nodes.podMetrics().find((p) => p.name === 'busy')!.containers[0];
    expect(usage.cpuThrottledSeconds).toBeGreaterThan(30);
    expect(mustExec(c, 'kubectl top pod --containers --no-headers')).toMatch(/^busy\s+app\s+500m\s+300Mi\s+\nweb\s+web\s+\dm\s+\dMi\s+\nweb\s+cache\s+\dm\s+\dMi\s+\n$/);
    expect(mustExec(c, 'kubectl top node')).toMatch(/^NAME\s+CPU\(cores\)\s+CPU%\s+MEMORY\(bytes\)\s+MEMORY%\s+\nw1\s+5\d\dm\s+1[34]%\s+5\d\dMi\s+3%\s+\n$/); // with flannel, kube-proxy and CoreDNS
    expect(c.exec('kubectl top pod nope').stderr).toBe('Error from server (NotFound): podmetrics.metrics.k8s.io "default/nope" not found\n');
    expect(c.exec('kubectl top pod -n kube-public').stderr).toBe('No resources found in kube-public namespace.\n');
  });
});

describe('pod lifecycle', () => {
  it('runs a Job-like pod with restartPolicy Never to Succeeded', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('job', '  restartPolicy: Never\n  containers:\n  - name: app\n    image: busybox:1.36\n    command: ["sh", "-c", "echo working; sleep 5; echo done"]\n'));
    c.advance(3);
    expect(row(c, 'job').slice(1, 3)).toEqual(['1/1', 'Running']);
    c.advance(10);
    const p = getPod(c, 'job');
    expect(p.status?.phase).toBe('Succeeded');
    expect(p.status?.containerStatuses?.[0]).toMatchObject({ ready: false, started: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } });
    expect(p.status?.conditions?.map((x) => `${x.type}=${x.status}${x.reason ? `/${x.reason}` : ''}`)).toEqual([
      'PodReadyToStartContainers=False', 'Initialized=True/PodCompleted', 'Ready=False/PodCompleted', 'ContainersReady=False/PodCompleted', 'PodScheduled=True']);
    expect(row(c, 'job').slice(1, 3)).toEqual(['0/1', 'Completed']);
    expect(mustExec(c, 'kubectl logs job')).toBe('working\ndone\n');
  });

  it('fails a restartPolicy Never pod whose container exits non-zero', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('fail', '  restartPolicy: Never\n  containers:\n  - name: app\n    image: busybox:1.36\n    command: ["sh", "-c", "exit 2"]\n'));
    c.advance(10);
    expect(getPod(c, 'fail').status?.phase).toBe('Failed');
    expect(row(c, 'fail').slice(1, 4)).toEqual(['0/1', 'Error', '0']);
  });

  it('runs init containers one after the other before the app', () => {
    const c = start();
    const statuses: string[] = [];
    c.onChange((e) => {
      if (e.object.kind !== 'Pod' || e.object.metadata.name !== 'init') return;
      const s = mustExec(c, 'kubectl get pod init --no-headers').trim().split(/\s{2,}/)[2];
      if (statuses[statuses.length - 1] !== s) statuses.push(s);
    });
    mustExec(c, 'kubectl apply -f -', podYaml('init', '  initContainers:\n  - name: one\n    image: busybox:1.36\n    command: ["sleep", "3"]\n  - name: two\n    image: busybox:1.36\n    command: ["sh", "-c", "echo migrating; sleep 2"]\n  containers:\n  - name: app\n    image: nginx:1.27\n'));
    c.advance(20);
    expect(statuses).toEqual(['Pending', 'Init:0/2', 'Init:1/2', 'PodInitializing', 'Running']);
    const started = events(c, 'init').filter((e) => e.reason === 'Started').map((e) => e.message);
    expect(started).toEqual(['Started container one', 'Started container two', 'Started container app']);
    const p = getPod(c, 'init');
    expect(p.status?.initContainerStatuses?.map((s) => [s.name, s.ready, s.state?.terminated?.reason])).toEqual([['one', true, 'Completed'], ['two', true, 'Completed']]);
    expect(mustExec(c, 'kubectl logs init -c two')).toBe('migrating\n');
  });

  it('fails the pod when an init container fails under restartPolicy Never', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('badinit', '  restartPolicy: Never\n  initContainers:\n  - name: check\n    image: busybox:1.36\n    command: ["sh", "-c", "exit 1"]\n  containers:\n  - name: app\n    image: nginx:1.27\n'));
    c.advance(10);
    expect(getPod(c, 'badinit').status?.phase).toBe('Failed');
    expect(row(c, 'badinit').slice(1, 3)).toEqual(['0/1', 'Init:Error']);
    expect(events(c, 'badinit').some((e) => e.message === 'Started container app')).toBe(false);
  });

  it('starts a native sidecar first, keeps it running, and stops it last once the main container finished', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('side', '  restartPolicy: Never\n  initContainers:\n  - name: proxy\n    image: nginx:1.27\n    restartPolicy: Always\n  containers:\n  - name: app\n    image: busybox:1.36\n    command: ["sh", "-c", "echo job; sleep 20"]\n'));
    c.advance(10);
    expect(row(c, 'side').slice(1, 3)).toEqual(['2/2', 'Running']);
    c.advance(20);
    const p = getPod(c, 'side');
    expect(p.status?.phase).toBe('Succeeded');
    const names = events(c, 'side').filter((e) => e.reason === 'Started' || e.reason === 'Killing').map((e) => `${e.reason} ${e.message}`);
    expect(names).toEqual(['Started Started container proxy', 'Started Started container app', 'Killing Stopping container proxy']);
    expect(p.status?.initContainerStatuses?.[0].state?.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
  });

  it('deletes gracefully: preStop, SIGTERM, SIGKILL at the grace period, sidecars after the main containers', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('grace', '  terminationGracePeriodSeconds: 20\n  initContainers:\n  - name: proxy\n    image: nginx:1.27\n    restartPolicy: Always\n  containers:\n  - name: app\n    image: busybox:1.36\n    command: ["sleep", "3600"]\n    lifecycle:\n      preStop:\n        exec:\n          command: ["sleep", "5"]\n'));
    c.advance(10);
    const seen: { at: number; app?: string; proxy?: string }[] = [];
    let gone = 0;
    c.onChange((e) => {
      if (e.object.kind !== 'Pod' || e.object.metadata.name !== 'grace') return;
      if (e.type === 'DELETED') { gone = c.now(); return; }
      const p = e.object as Pod;
      const st = (s?: { state?: { terminated?: { exitCode: number } } }) => (s?.state?.terminated ? String(s.state.terminated.exitCode) : undefined);
      seen.push({ at: c.now(), app: st(p.status?.containerStatuses?.[0]), proxy: st(p.status?.initContainerStatuses?.[0]) });
    });
    const t0 = c.now();
    mustExec(c, 'kubectl delete pod grace');
    c.advance(30);
    const appDone = seen.find((s) => s.app)!;
    const proxyDone = seen.find((s) => s.proxy)!;
    // sleep ignores SIGTERM as PID 1: after the 5 s preStop, it is SIGKILLed when the 20 s are up.
    expect(appDone).toMatchObject({ at: t0 + 20_000, app: '137', proxy: undefined });
    expect(proxyDone.at).toBeGreaterThan(appDone.at);
    expect(proxyDone.proxy).toBe('0');
    expect(gone).toBeGreaterThan(proxyDone.at);
    expect(inDefault(c, 'Pod')).toHaveLength(0);
    const killing = events(c, 'grace').filter((e) => e.reason === 'Killing').map((e) => e.message);
    expect(killing).toEqual(['Stopping container app', 'Stopping container proxy']);
  });

  it('confirms the deletion of a server pod within about a second', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('nginx', '  containers:\n  - name: nginx\n    image: nginx:1.27\n'));
    c.advance(10);
    mustExec(c, 'kubectl delete pod nginx');
    expect(row(c, 'nginx')[2]).toBe('Terminating');
    c.advance(1);
    expect(inDefault(c, 'Pod')).toHaveLength(0);
  });
});

describe('images', () => {
  it('ErrImagePull, then ImagePullBackOff, retried after 10 s doubling', () => {
    const c = start();
    const seen = watchContainer(c, 'bad');
    mustExec(c, 'kubectl apply -f -', podYaml('bad', '  containers:\n  - name: app\n    image: nginx:doesnotexist\n'));
    c.advance(45);
    const states = seen.map((s) => s.state);
    expect(states).toEqual(['waiting:ContainerCreating', 'waiting:ErrImagePull', 'waiting:ImagePullBackOff', 'waiting:ErrImagePull', 'waiting:ImagePullBackOff', 'waiting:ErrImagePull', 'waiting:ImagePullBackOff']);
    const pulls = seen.filter((s) => s.state === 'waiting:ErrImagePull').map((s) => s.at);
    // The backoff counts from the failed pull; a pull of a missing tag takes 0.8 s to fail.
    expect([(pulls[1] - pulls[0] - 800) / 1000, (pulls[2] - pulls[1] - 800) / 1000]).toEqual([10, 20]);
    const ref = 'docker.io/library/nginx:doesnotexist';
    expect(seen[1].message).toBe(`rpc error: code = NotFound desc = failed to pull and unpack image "${ref}": failed to resolve reference "${ref}": ${ref}: not found`);
    expect(seen[2].message).toBe('Back-off pulling image "nginx:doesnotexist"');
    const ev = events(c, 'bad').map((e) => `${e.type} ${e.reason}: ${e.message}`);
    expect(ev).toContain(`Warning Failed: Failed to pull image "nginx:doesnotexist": ${seen[1].message}`);
    expect(ev).toContain('Warning Failed: Error: ErrImagePull');
    expect(ev).toContain('Normal BackOff: Back-off pulling image "nginx:doesnotexist"');
    expect(ev).toContain('Warning Failed: Error: ImagePullBackOff');
    expect(row(c, 'bad').slice(1, 3)).toEqual(['0/1', 'ImagePullBackOff']);
    expect(c.exec('kubectl logs bad').stderr).toBe('Error from server (BadRequest): container "app" in pod "bad" is waiting to start: trying and failing to pull image\n');
  });

  it('imagePullPolicy Never: ErrImageNeverPull for an absent image; IfNotPresent pulls once', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('never', '  containers:\n  - name: app\n    image: redis:7.4\n    imagePullPolicy: Never\n'));
    mustExec(c, 'kubectl apply -f -', podYaml('a', '  containers:\n  - name: app\n    image: nginx:1.27\n'));
    c.advance(10);
    mustExec(c, 'kubectl apply -f -', podYaml('b', '  containers:\n  - name: app\n    image: nginx:1.27\n'));
    c.advance(10);
    const never = getPod(c, 'never').status!.containerStatuses![0].state!.waiting!;
    expect(never).toEqual({ reason: 'ErrImageNeverPull', message: 'Container image "redis:7.4" is not present with pull policy of Never' });
    expect(events(c, 'never').find((e) => e.reason === 'ErrImageNeverPull')?.type).toBe('Warning');
    expect(events(c, 'b').filter((e) => e.reason === 'Pulled').map((e) => e.message)).toEqual(['Container image "nginx:1.27" already present on machine']);
    expect(getPod(c, 'b').status?.containerStatuses?.[0]).toMatchObject({ image: 'docker.io/library/nginx:1.27', imageID: expect.stringMatching(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/) });
  });
});

describe('probes', () => {
  it('readiness failing turns Ready False without restarting', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('web', '  containers:\n  - name: web\n    image: nginx:1.27\n    readinessProbe:\n      httpGet: {path: /ready, port: 80}\n      periodSeconds: 5\n', { 'kubesim.io/behavior': 'web: readiness=fail-after=30s' }));
    c.advance(20);
    expect(row(c, 'web').slice(1, 3)).toEqual(['1/1', 'Running']);
    c.advance(40);
    const p = getPod(c, 'web');
    expect(row(c, 'web').slice(1, 4)).toEqual(['0/1', 'Running', '0']);
    expect(p.status?.conditions?.find((x) => x.type === 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [web]' });
    const unhealthy = events(c, 'web').find((e) => e.reason === 'Unhealthy')!;
    expect(unhealthy).toMatchObject({ type: 'Warning', message: 'Readiness probe failed: HTTP probe failed with statuscode: 500' });
    expect(mustExec(c, 'kubectl logs web --tail 1')).toMatch(/^10\.244\.0\.1 - - \[01\/Jan\/2026:00:0\d:\d\d \+0000\] "GET \/ready HTTP\/1\.1" 500 153 "-" "kube-probe\/1\.\d+" "-"\n$/);
  });

  it('a failed liveness probe kills and restarts the container (the exec example of the docs)', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('liveness-exec', '  containers:\n  - name: liveness\n    image: registry.k8s.io/busybox\n    args: ["/bin/sh", "-c", "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600"]\n    livenessProbe:\n      exec:\n        command: ["cat", "/tmp/healthy"]\n      initialDelaySeconds: 5\n      periodSeconds: 5\n'));
    c.advance(35);
    expect(getPod(c, 'liveness-exec').status?.containerStatuses?.[0].restartCount).toBe(0);
    c.advance(50);
    const ev = events(c, 'liveness-exec');
    expect(ev.find((e) => e.reason === 'Unhealthy')?.message).toBe("Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory");
    expect(ev.find((e) => e.reason === 'Killing')?.message).toBe('Container liveness failed liveness probe, will be restarted');
    const cs = getPod(c, 'liveness-exec').status!.containerStatuses![0];
    expect(cs.restartCount).toBe(1);
    // sh as PID 1 ignores SIGTERM: it is killed when the 30 s grace period ends.
    expect(cs.lastState?.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
  });

  it('liveness=fail on a server: Killing with its message, restart, Completed last state', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('api', '  containers:\n  - name: api\n    image: nginx:1.27\n    livenessProbe:\n      tcpSocket: {port: 80}\n      periodSeconds: 10\n', { 'kubesim.io/behavior': 'api: liveness=fail-after=20s' }));
    c.advance(60);
    const cs = getPod(c, 'api').status!.containerStatuses![0];
    expect(cs.restartCount).toBe(1);
    expect(cs.lastState?.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect(events(c, 'api').find((e) => e.reason === 'Unhealthy')?.message).toMatch(/^Liveness probe failed: dial tcp 10\.244\.0\.\d+:80: connect: connection refused$/);
  });

  it('a startup probe holds readiness and liveness back', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('slow', '  containers:\n  - name: app\n    image: nginx:1.27\n    startupProbe:\n      httpGet: {path: /, port: 80}\n      periodSeconds: 5\n      failureThreshold: 20\n    readinessProbe:\n      httpGet: {path: /, port: 80}\n      periodSeconds: 5\n', { 'kubesim.io/behavior': 'app: startup=pass-after=30s' }));
    c.advance(20);
    expect(getPod(c, 'slow').status?.containerStatuses?.[0]).toMatchObject({ started: false, ready: false });
    c.advance(30);
    expect(getPod(c, 'slow').status?.containerStatuses?.[0]).toMatchObject({ started: true, ready: true, restartCount: 0 });
  });

  it('reports a mistake in the behavior annotation as a Warning event and runs anyway', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('typo', '  containers:\n  - name: app\n    image: nginx:1.27\n', { 'kubesim.io/behavior': 'app: memroy=1Gi' }));
    c.advance(10);
    expect(row(c, 'typo')[2]).toBe('Running');
    expect(events(c, 'typo').find((e) => e.reason === 'InvalidBehavior')).toMatchObject({ type: 'Warning', message: 'kubesim.io/behavior: app: unknown setting "memroy" (keys: exit-after, code, crash-after, memory, cpu, disk, liveness, readiness, startup, stop)' });
  });
});

describe('kubectl logs', () => {
  it('prints the current and the previous container, with the upstream errors', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('crash', '  containers:\n  - name: app\n    image: busybox:1.36\n    command: ["sh", "-c", "echo hello from $(hostname); sleep 3; exit 1"]\n  - name: side\n    image: nginx:1.27\n'));
    c.advance(3);
    const r = c.exec('kubectl logs crash');
    expect(r).toEqual({ code: 0, stdout: 'hello from crash\n', stderr: 'Defaulted container "app" out of: app, side\n' });
    expect(c.exec('kubectl logs crash -c app --previous').stderr).toBe('Error from server (BadRequest): previous terminated container "app" in pod "crash" not found\n');
    expect(c.exec('kubectl logs crash -c nope').stderr).toBe('Error from server (BadRequest): container nope is not valid for pod crash\n');
    expect(c.exec('kubectl logs nope').stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    c.advance(10);
    expect(mustExec(c, 'kubectl logs crash -c app -p')).toBe('hello from crash\n');
    expect(mustExec(c, 'kubectl logs crash side --tail 2')).toMatch(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d \[notice\] 1#1: start worker processes\n.*start worker process 29\n$/);
    expect(mustExec(c, 'kubectl logs crash -c app --timestamps')).toMatch(/^2026-01-01T00:00:\d\d\.\d{9}Z hello from crash\n$/);
  });

  it('explains a container that has not started', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('slow', '  containers:\n  - name: app\n    image: nginx:1.27\n'));
    c.advance(0.1);
    expect(c.exec('kubectl logs slow').stderr).toBe('Error from server (BadRequest): container "app" in pod "slow" is waiting to start: ContainerCreating\n');
  });

  it('follows a Deployment to one of its pods', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`);
    c.advance(10);
    const r = c.exec('kubectl logs deployment/web --tail 1');
    expect(r.stderr).toMatch(/^Found 2 pods, using pod\/web-[a-z0-9]+-[a-z0-9]+\n$/);
    expect(r.stdout).toMatch(/start worker process 29\n$/);
  });
});

describe('node-pressure eviction', () => {
  it('evicts the pod above its request when memory.available drops below 100Mi, and taints the node', () => {
    const c = start('--cpu 4 --memory 2Gi');
    mustExec(c, 'kubectl apply -f -', podYaml('steady', '  containers:\n  - name: app\n    image: nginx:1.27\n    resources: {requests: {memory: 256Mi}, limits: {memory: 256Mi}}\n', { 'kubesim.io/behavior': 'app: memory=200Mi' }));
    mustExec(c, 'kubectl apply -f -', podYaml('hog', '  containers:\n  - name: app\n    image: nginx:1.27\n', { 'kubesim.io/behavior': 'app: memory=grow:20Mi/s' }));
    c.advance(120);
    const hog = getPod(c, 'hog');
    expect(hog.status).toMatchObject({ phase: 'Failed', reason: 'Evicted' });
    expect(hog.status?.message).toMatch(/^The node was low on resource: memory\. Threshold quantity: 100Mi, available: \d+Ki\. Container app was using \d+Ki, request is 0, has larger consumption of memory\. $/);
    expect(hog.status?.conditions?.[0]).toMatchObject({ type: 'DisruptionTarget', status: 'True', reason: 'TerminationByKubelet' });
    expect(events(c, 'hog').find((e) => e.reason === 'Evicted')).toMatchObject({ type: 'Warning', message: hog.status?.message });
    expect(getPod(c, 'steady').status?.phase).toBe('Running');
    const node = JSON.parse(mustExec(c, 'kubectl get node w1 -o json'));
    expect(node.status.conditions.find((x: { type: string }) => x.type === 'MemoryPressure')).toMatchObject({ status: 'True', reason: 'KubeletHasInsufficientMemory', message: 'kubelet has insufficient memory available' });
    expect(node.spec.taints).toEqual([{ key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule' }]);
    expect(events(c, 'w1').map((e) => e.reason)).toEqual(expect.arrayContaining(['NodeHasInsufficientMemory', 'EvictionThresholdMet']));
    c.advance(300);
    const after = JSON.parse(mustExec(c, 'kubectl get node w1 -o json'));
    expect(after.status.conditions.find((x: { type: string }) => x.type === 'MemoryPressure').status).toBe('False');
    expect(after.spec.taints).toBeUndefined();
  });
});

describe('restore', () => {
  it('a restored kubelet adopts running and crash-looping pods from their status', () => {
    const c = start();
    mustExec(c, 'kubectl apply -f -', podYaml('crash', '  containers:\n  - name: app\n    image: busybox:1.36\n    command: ["sh", "-c", "echo hi; sleep 2; exit 3"]\n'));
    mustExec(c, 'kubectl apply -f -', podYaml('web', '  containers:\n  - name: web\n    image: nginx:1.27\n    readinessProbe: {httpGet: {path: /, port: 80}}\n', { 'kubesim.io/behavior': 'web: exit-after=100s' }));
    c.advance(40);
    const r = createCluster({ snapshot: JSON.parse(JSON.stringify(c.snapshot())) });
    expect(mustExec(r, 'kubectl get pods')).toBe(mustExec(c, 'kubectl get pods'));
    for (let i = 0; i < 6; i++) {
      c.advance(20);
      r.advance(20);
      expect(mustExec(r, 'kubectl get pods')).toBe(mustExec(c, 'kubectl get pods'));
    }
    expect(seconds(r)).toBe(162);
    expect(mustExec(r, 'kubectl logs crash --previous')).toBe('hi\n');
  });
});
