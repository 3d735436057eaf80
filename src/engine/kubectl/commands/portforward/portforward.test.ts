// kubectl port-forward journeys on one headless cluster: the texts of kubectl v1.32 (portforward.go) and client-go
// (tools/portforward: "Forwarding from %s -> %d", "Handling connection for %d", "Unable to listen on port %d: %v",
// "unable to listen on any of the requested ports: %v", ErrLostConnectionToPod), and the workstation's curl.
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCluster, type KubesimCluster } from '../../../index.ts';
import { clusterWithNodes, mustExec, pods } from '../../../testing/fixtures.ts';
import { serving, webDeployment } from '../../../testing/dataplane.ts';

const web = (replicas: number) => `${webDeployment(replicas, '[{name: http, containerPort: 80}]')}---
apiVersion: v1
kind: Service
metadata: {name: web}
spec: {selector: {app: web}, ports: [{name: www, port: 8000, targetPort: http}]}
---
apiVersion: v1
kind: Pod
metadata: {name: stuck}
spec: {nodeSelector: {nowhere: 'true'}, containers: [{name: c, image: nginx}]}
`;

function cluster(replicas = 1): KubesimCluster {
  return serving(clusterWithNodes(2), web(replicas));
}

const podNames = (c: KubesimCluster) => pods(c, 'web').filter((p) => !p.metadata.deletionTimestamp).map((p) => p.metadata.name!).sort();

describe('kubectl port-forward', () => {
  let c: KubesimCluster;
  beforeEach(() => {
    c = cluster();
    mustExec(c, 'kubectl create configmap cm');
  });

  it('forwards a Service port to its targetPort (named) in a pod, as a background job curl reaches', () => {
    const r = c.exec('kubectl port-forward svc/web 8080:8000 &');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\[1\] \d+\nForwarding from 127\.0\.0\.1:8080 -> 80\nForwarding from \[::1\]:8080 -> 80\n$/);
    const got = c.exec('curl localhost:8080');
    expect(got.code).toBe(0);
    expect(got.stdout).toMatch(/^Handling connection for 8080\n<!DOCTYPE html>[\s\S]*<title>Welcome to nginx!<\/title>/);
    expect(c.exec('jobs').stdout).toBe('[1]+  Running                 kubectl port-forward svc/web 8080:8000 &\n');
    // A service port given by name: the local port is its number.
    expect(c.exec('kubectl port-forward service/web www &').stdout).toContain('Forwarding from 127.0.0.1:8000 -> 80\n');
  });

  it('picks a free local port for :PORT, and the same seed picks the same one', () => {
    const a = c.exec('kubectl port-forward deploy/web :80 &').stdout;
    const port = /127\.0\.0\.1:(\d+) -> 80/.exec(a)?.[1];
    expect(Number(port)).toBeGreaterThanOrEqual(32768);
    expect(Number(port)).toBeLessThanOrEqual(60999);
    expect(a).toContain(`Forwarding from [::1]:${port} -> 80`);
    expect(cluster().exec('kubectl port-forward deploy/web :80 &').stdout.replace(/^\[1\] \d+\n/, '')).toBe(a.replace(/^\[1\] \d+\n/, ''));
  });

  it('headless: a foreground forward runs on as a job and says so (as get -w prints a note)', () => {
    const r = c.exec('kubectl port-forward deploy/web 9000:80');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Forwarding from 127.0.0.1:9000 -> 80\nForwarding from [::1]:9000 -> 80\n');
    expect(r.stderr).toContain('runs on as job [1]');
    expect(c.exec('curl -s -o /dev/null -w %{http_code} localhost:9000').stdout).toBe('Handling connection for 9000\n200');
    expect(c.exec('kill %1').stdout).toBe('[1]+  Terminated              kubectl port-forward deploy/web 9000:80\n');
    expect(c.exec('curl localhost:9000').stderr).toBe("curl: (7) Failed to connect to localhost port 9000 after 0 ms: Couldn't connect to server\n");
  });

  it.each([
    ['kubectl port-forward svc/web', "error: TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples\n"],
    ['kubectl port-forward nope 80', 'Error from server (NotFound): pods "nope" not found\n'],
    ['kubectl port-forward stuck 80', 'error: unable to forward port because pod is not running. Current status=Pending\n'],
    ['kubectl port-forward svc/web 81', 'error: Service web does not have a service port 81\n'],
    ['kubectl port-forward svc/web a:b:c', "error: Service 'web' does not have a named port 'a'\n"],
    ['kubectl port-forward deploy/web 8080:99999', 'error: error parsing remote port \'99999\': strconv.ParseUint: parsing "99999": value out of range\n'],
    ['kubectl port-forward deploy/web x:80', 'error: error parsing local port \'x\': strconv.ParseUint: parsing "x": invalid syntax\n'],
    ['kubectl port-forward deploy/web 80 --address example.com', 'error: example.com is not a valid IP\n'],
    ['kubectl port-forward deploy/web nope', "error: Pod '{pod}' does not have a named port 'nope'\n"],
    ['kubectl port-forward configmap/cm 80', 'error: cannot attach to *v1.ConfigMap: selector for *v1.ConfigMap not implemented\n'],
  ])('%s', (line, stderr) => {
    const r = c.exec(line);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(stderr.replace('{pod}', podNames(c)[0]));
    expect(c.exec('jobs').stdout).toBe('');
  });

  it("a local port already forwarded: each listener's error, then no port at all", () => {
    mustExec(c, 'kubectl port-forward deploy/web 8080:80 &');
    const r = c.exec('kubectl port-forward deploy/web 8080:80');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Unable to listen on port 8080: Listeners failed to create with the following errors: [unable to create listener: Error listen tcp4 127.0.0.1:8080: bind: address already in use unable to create listener: Error listen tcp6 [::1]:8080: bind: address already in use]\n'
      + 'error: unable to listen on any of the requested ports: [{8080 80}]\n');
    // One port of two is enough.
    const two = c.exec('kubectl port-forward deploy/web 8080:80 8081:80 &');
    expect(two.code).toBe(0);
    expect(two.stdout).toContain('Forwarding from 127.0.0.1:8081 -> 80\n');
    expect(two.stderr).toContain('Unable to listen on port 8080:');
    // An explicit address must not fail ("any"), and the workstation has no 10.19.21.23.
    expect(c.exec('kubectl port-forward deploy/web 8090:80 --address localhost,10.19.21.23').stderr).toContain('Error listen tcp4 10.19.21.23:8090: bind: cannot assign requested address]');
  });

  it("a remote port nothing listens on: an empty reply, kubectl's klog line, and the forward is lost", () => {
    mustExec(c, 'kubectl port-forward deploy/web 8080:81 &');
    const r = c.exec('curl localhost:8080');
    expect(r.code).toBe(52);
    expect(r.stdout).toBe('Handling connection for 8080\n[1]+  Exit 1                  kubectl port-forward deploy/web 8080:81\n');
    expect(r.stderr).toMatch(/^E\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ portforward\.go:424\] "Unhandled Error" err="an error occurred forwarding 8080 -> 81: error forwarding port 81 to pod [0-9a-f]{64}, uid : failed to execute portforward in network namespace \\"\/var\/run\/netns\/cni-[0-9a-f-]{36}\\": failed to connect to localhost:81 inside namespace \\"[0-9a-f]{64}\\", IPv4: dial tcp4 127\.0\.0\.1:81: connect: connection refused IPv6 dial tcp6 \[::1\]:81: connect: connection refused "\nerror: lost connection to pod\ncurl: \(52\) Empty reply from server\n$/);
  });

  it('ends with "lost connection to pod" when its pod goes, reported at the next command', () => {
    mustExec(c, 'kubectl port-forward svc/web 8080:8000 &');
    mustExec(c, `kubectl delete pod ${podNames(c)[0]}`);
    c.advance(40);
    const r = c.exec('jobs');
    expect(r.stderr).toBe('error: lost connection to pod\n');
    expect(r.stdout).toBe('[1]+  Exit 1                  kubectl port-forward svc/web 8080:8000\n');
    expect(c.exec('curl -sS localhost:8080').code).toBe(7);
  });

  it('streams to a caller that can (the page): Handling lines, stderr and the end', () => {
    const out: string[] = [];
    let ended = false;
    const w = c.watch('kubectl port-forward svc/web 8080:8000', (t) => out.push(t), { stderr: (t) => out.push(`ERR ${t}`), end: () => { ended = true; } });
    expect(w.streaming).toBe(true);
    expect(w.result.stdout).toBe('Forwarding from 127.0.0.1:8080 -> 80\nForwarding from [::1]:8080 -> 80\n');
    expect(w.result.stderr).toBe('');
    // A foreground forward prints through its stream even while another command runs.
    expect(c.exec('curl -s localhost:8080').stdout).toMatch(/^<!DOCTYPE html>/);
    expect(out).toEqual(['Handling connection for 8080\n']);
    mustExec(c, `kubectl delete pod ${podNames(c)[0]}`);
    c.advance(40);
    expect(out).toEqual(['Handling connection for 8080\n', 'ERR error: lost connection to pod\n']);
    expect(ended).toBe(true);
  });

  it('Ctrl+C (stop) ends a streamed forward quietly and frees its port', () => {
    const w = c.watch('kubectl port-forward svc/web 8080:8000', () => undefined);
    w.stop();
    expect(c.exec('jobs').stdout).toBe('');
    expect(c.exec('kubectl port-forward svc/web 8080:8000 &').code).toBe(0);
  });

  it('reaches NodePorts on node addresses; other addresses and names fail as curl does', () => {
    mustExec(c, 'kubectl expose deploy web --name np --type NodePort --port 80');
    c.advance(5);
    const svc = JSON.parse(mustExec(c, 'kubectl get svc np -o json')) as { spec: { ports: { nodePort: number }[] } };
    const node = JSON.parse(mustExec(c, 'kubectl get node w1 -o json')) as { status: { addresses: { type: string; address: string }[] } };
    const ip = node.status.addresses.find((a) => a.type === 'InternalIP')!.address;
    expect(c.exec(`curl -s http://${ip}:${svc.spec.ports[0].nodePort}/`).stdout).toContain('Welcome to nginx!');
    // A port of the node that is no NodePort: the data plane's answer (`sim trace request`: no rule, a timeout).
    expect(c.exec(`curl -m 1 ${ip}:1`).stderr).toBe('curl: (28) Connection timed out after 1000 milliseconds\n');
    expect(c.exec('curl web').stderr).toBe('curl: (6) Could not resolve host: web\n');
    expect(c.exec('curl -m 2 10.96.0.1').stderr).toBe('curl: (28) Connection timed out after 2000 milliseconds\n');
    expect(c.exec('wget -qO- localhost:8080').stderr).toBe("wget: can't connect to remote host (127.0.0.1): Connection refused\n");
  });

  it('is not saved: a restored snapshot has no forwards or jobs (they were client processes)', () => {
    mustExec(c, 'kubectl port-forward svc/web 8080:8000 &');
    const restored = createCluster({ snapshot: c.snapshot() });
    expect(restored.exec('jobs').stdout).toBe('');
    expect(restored.exec('curl -s localhost:8080').code).toBe(7);
    expect(restored.exec('kubectl port-forward svc/web 8080:8000 &').code).toBe(0);
  });
});

// agnhost serve-hostname answers with its pod's name: which pod a connection reached.
const hostnames = `apiVersion: apps/v1
kind: Deployment
metadata: {name: names}
spec:
  replicas: 3
  selector: {matchLabels: {app: names}}
  template:
    metadata: {labels: {app: names}}
    spec: {containers: [{name: c, image: 'registry.k8s.io/e2e-test-images/agnhost:2.53', args: [serve-hostname]}]}
---
apiVersion: v1
kind: Service
metadata: {name: names}
spec: {selector: {app: names}, ports: [{port: 80, targetPort: 9376}]}
`;

describe('the forward is pinned to its pod (property)', () => {
  it('whatever the Service and its endpoints do afterwards, it reaches that pod until the pod goes', () => {
    const base = clusterWithNodes(2);
    mustExec(base, 'kubectl apply -f -', hostnames);
    base.advance(30);
    const snapshot = base.snapshot();
    const live = (c: KubesimCluster) => (c.list('Pod') as Pod[]).filter((p) => p.metadata?.labels?.app === 'names' && !p.metadata.deletionTimestamp).map((p) => p.metadata!.name!).sort();
    const answer = (c: KubesimCluster) => { const r = c.exec('curl -s localhost:8080'); return r.code === 0 ? r.stdout.replace(/^Handling connection for 8080\n/, '') : undefined; };
    const step = fc.oneof(
      fc.record({ op: fc.constant('scale' as const), replicas: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ op: fc.constant('delete-other' as const), pick: fc.nat() }),
      fc.record({ op: fc.constant('selector' as const), app: fc.constantFrom('names', 'other') }),
      fc.record({ op: fc.constant('delete-pinned' as const) }),
    );
    fc.assert(fc.property(fc.array(step, { maxLength: 5 }), (steps) => {
      const c = createCluster({ snapshot });
      mustExec(c, 'kubectl port-forward svc/names 8080:80 &');
      const pinned = answer(c);
      expect(live(c)).toContain(pinned);
      let gone = false;
      for (const s of steps) {
        if (s.op === 'scale') mustExec(c, `kubectl scale deploy names --replicas ${s.replicas}`);
        if (s.op === 'selector') mustExec(c, `kubectl patch svc names -p {"spec":{"selector":{"app":"${s.app}"}}}`);
        if (s.op === 'delete-other') {
          const others = live(c).filter((n) => n !== pinned);
          if (others.length) mustExec(c, `kubectl delete pod ${others[s.pick % others.length]}`);
        }
        if (s.op === 'delete-pinned' && !gone) mustExec(c, `kubectl delete pod ${pinned}`);
        c.advance(40);
        gone ||= !(c.list('Pod') as Pod[]).some((p) => p.metadata?.name === pinned);
        expect(answer(c)).toBe(gone ? undefined : pinned);
      }
    }), { numRuns: 12 });
  });
});
